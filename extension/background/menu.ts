/**
 * The toolbar button's context menu: copy or save the article without opening the reader. Choosing an item
 * grants activeTab like a click, so the content script can be injected; the result shows on the button
 * (badge and title), as the shortcut's errors do.
 */
import browser, { type Menus, type Tabs } from 'webextension-polyfill';
import { ensureInjected, errorMessage } from '../shared/inject.ts';
import { type ExportFormat, type SaveFormat, sendToTab } from '../shared/messages.ts';
import { restrictedReason } from '../shared/restricted.ts';
import { loadSettings } from '../shared/settings.ts';
import { injectFailureMessage, showOnButton, UNAVAILABLE } from './button.ts';

type MenuAction = { kind: 'copy'; format: ExportFormat } | { kind: 'save'; format: SaveFormat };

const ITEMS: ReadonlyArray<{ id: string; title: string; action: MenuAction }> = [
  { id: 'copy-text', title: 'Copy article as text', action: { kind: 'copy', format: 'text' } },
  { id: 'copy-markdown', title: 'Copy article as Markdown', action: { kind: 'copy', format: 'markdown' } },
  { id: 'copy-html', title: 'Copy article as rich text', action: { kind: 'copy', format: 'html' } },
  {
    id: 'save-markdown',
    title: 'Save article as Markdown (.md)',
    action: { kind: 'save', format: 'markdown' },
  },
  { id: 'save-text', title: 'Save article as text (.txt)', action: { kind: 'save', format: 'text' } },
  { id: 'save-html', title: 'Save article as web page (.html)', action: { kind: 'save', format: 'html' } },
];

/** Creates the items (again: an update keeps menus, so old ones go first). */
export async function createMenu(): Promise<void> {
  await browser.contextMenus.removeAll();
  for (const { id, title } of ITEMS) browser.contextMenus.create({ id, title, contexts: ['action'] });
}

/** Runs a menu item on `tab` and reports what happened on the button. */
export async function runMenuItem(itemId: string | number, tab: Tabs.Tab | undefined): Promise<void> {
  const item = ITEMS.find((candidate) => candidate.id === itemId);
  const tabId = tab?.id;
  if (!item || tabId === undefined) return;
  if (tab?.url !== undefined && restrictedReason(tab.url)) return showOnButton(tabId, UNAVAILABLE, false);
  try {
    const page = await ensureInjected(tabId);
    if (page.pdf) return showOnButton(tabId, UNAVAILABLE, false);
  } catch (error) {
    return showOnButton(tabId, injectFailureMessage(error), false);
  }
  try {
    const { copyHeader: header } = await loadSettings();
    const request = { format: item.action.format, header, force: false };
    if (item.action.kind === 'copy') {
      const copied = await sendToTab(tabId, 'content:copy', request);
      if (!copied) return showOnButton(tabId, 'no article found on this page', false);
      return showOnButton(tabId, `copied ${copied.words.toLocaleString('en')} words`, true);
    }
    const saved = await sendToTab(tabId, 'content:save', request);
    if (!saved) return showOnButton(tabId, 'no article found on this page', false);
    return showOnButton(tabId, `saved ${saved.name}`, true);
  } catch (error) {
    return showOnButton(tabId, `couldn’t do that here (${errorMessage(error)})`, false);
  }
}

export function onMenuClick(info: Menus.OnClickData, tab?: Tabs.Tab): void {
  runMenuItem(info.menuItemId, tab).catch(() => undefined);
}
