/** Which tab the popup is about. */
import type { Tabs } from 'webextension-polyfill';
import { api } from '../shared/api.ts';

/**
 * `?tab=<id>` names the tab explicitly: e2e tests and the demo open the popup as an ordinary extension page in a
 * tab of its own, where "the active tab" would be the popup itself. Opened from the toolbar, it is the active tab
 * of the current window.
 */
export async function findTargetTab(search = location.search): Promise<Tabs.Tab | undefined> {
  const param = new URLSearchParams(search).get('tab');
  if (param !== null && /^\d+$/.test(param)) {
    try {
      return await api().tabs.get(Number(param));
    } catch {
      return undefined;
    }
  }
  const [tab] = await api().tabs.query({ active: true, currentWindow: true });
  return tab;
}
