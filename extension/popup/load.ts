/** Asks the tab for its article: reach it (shared/tab.ts), request the summary, say what went wrong. */
import type { Tabs } from 'webextension-polyfill';
import { t } from '../shared/i18n.ts';
import { errorMessage } from '../shared/inject.ts';
import { type ArticleSummary, sendToTab } from '../shared/messages.ts';
import { classifyInjectError, type RestrictedReason, restrictedReasonByError } from '../shared/restricted.ts';
import { reachTab } from '../shared/tab.ts';

export type PopupState =
  | { kind: 'loading' }
  | { kind: 'restricted'; reason: RestrictedReason | null }
  | { kind: 'failed'; message: string }
  | { kind: 'empty'; forced: boolean }
  | { kind: 'article'; tabId: number; summary: ArticleSummary; forced: boolean; readerOpen: boolean };

export async function loadSummary(tab: Tabs.Tab | undefined, force: boolean): Promise<PopupState> {
  if (tab?.id === undefined) return { kind: 'failed', message: t('popupNoPage') };
  const reached = await reachTab(tab, true);
  if (!reached.ok) {
    if (reached.error === null) return { kind: 'restricted', reason: reached.restricted };
    const message = errorMessage(reached.error);
    switch (classifyInjectError(message)) {
      case 'restricted':
        return { kind: 'restricted', reason: restrictedReasonByError(message) };
      case 'file-access':
        return { kind: 'failed', message: t('popupFileAccess') };
      case 'no-access':
        // The click that opened the popup grants access to any page the browser lets us read (activeTab), so a
        // refusal means a page it keeps to itself (view-source: hides even its URL).
        return { kind: 'restricted', reason: null };
      case 'no-answer':
        return { kind: 'failed', message: t('popupNoAnswer') };
      default:
        return { kind: 'failed', message: t('popupCantRead', message) };
    }
  }
  const { tabId, page } = reached;
  try {
    const summary = await sendToTab(tabId, 'content:summary', { force });
    if (!summary) return { kind: 'empty', forced: force };
    // The toolbar button closes the reader too: the popup offers that when the reader is showing.
    return { kind: 'article', tabId, summary, forced: force, readerOpen: page?.open ?? false };
  } catch (error) {
    return { kind: 'failed', message: t('popupDidntAnswer', errorMessage(error)) };
  }
}
