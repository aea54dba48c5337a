/** Asks the tab for its article: check the URL, inject the content script, request the summary. */
import type { Tabs } from 'webextension-polyfill';
import { ensureInjected, errorMessage } from '../shared/inject.ts';
import { type ArticleSummary, type ContentState, sendToTab } from '../shared/messages.ts';
import {
  classifyInjectError,
  type RestrictedReason,
  restrictedReason,
  restrictedReasonByError,
} from '../shared/restricted.ts';

export type PopupState =
  | { kind: 'loading' }
  | { kind: 'restricted'; reason: RestrictedReason | null }
  | { kind: 'failed'; message: string }
  | { kind: 'empty'; forced: boolean }
  | { kind: 'article'; tabId: number; summary: ArticleSummary; forced: boolean; readerOpen: boolean };

const FILE_ACCESS =
  'To read local files, turn on “Allow access to file URLs” for Lectern on the extensions page (chrome://extensions).';
const NO_ANSWER_HELP = 'This page didn’t let Lectern in. If it is still loading, wait and try again.';

export async function loadSummary(tab: Tabs.Tab | undefined, force: boolean): Promise<PopupState> {
  const tabId = tab?.id;
  if (tabId === undefined) return { kind: 'failed', message: 'There is no page to read in this window.' };
  // Without access to the tab, Chromium hides its URL: then the injection error tells what kind of page it is.
  if (tab?.url !== undefined) {
    const reason = restrictedReason(tab.url);
    if (reason) return { kind: 'restricted', reason };
  }
  let page: ContentState;
  try {
    page = await ensureInjected(tabId);
  } catch (error) {
    const message = errorMessage(error);
    switch (classifyInjectError(message)) {
      case 'restricted':
        return { kind: 'restricted', reason: restrictedReasonByError(message) };
      case 'file-access':
        return { kind: 'failed', message: FILE_ACCESS };
      case 'no-access':
        // The click that opened the popup grants access to any page the browser lets us read (activeTab), so a
        // refusal means a page it keeps to itself (view-source: hides even its URL).
        return { kind: 'restricted', reason: null };
      case 'no-answer':
        return { kind: 'failed', message: NO_ANSWER_HELP };
      default:
        return { kind: 'failed', message: `This page can’t be read (${message}).` };
    }
  }
  if (page.pdf) return { kind: 'restricted', reason: 'pdf' };
  try {
    const summary = await sendToTab(tabId, 'content:summary', { force });
    if (!summary) return { kind: 'empty', forced: force };
    // The toolbar button closes the reader too: the popup offers that when the reader is showing.
    return { kind: 'article', tabId, summary, forced: force, readerOpen: page.open };
  } catch (error) {
    return { kind: 'failed', message: `This page didn’t answer (${errorMessage(error)}).` };
  }
}
