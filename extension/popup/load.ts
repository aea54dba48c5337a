/** Asks the tab for its article: check the URL, inject the content script, request the summary. */
import type { Tabs } from 'webextension-polyfill';
import { ensureInjected, errorMessage } from '../shared/inject.ts';
import { type ArticleSummary, sendToTab } from '../shared/messages.ts';
import { classifyInjectError, type RestrictedReason, restrictedReason } from '../shared/restricted.ts';

export type PopupState =
  | { kind: 'loading' }
  | { kind: 'restricted'; reason: RestrictedReason | null }
  | { kind: 'failed'; message: string }
  | { kind: 'empty'; forced: boolean }
  | { kind: 'article'; tabId: number; summary: ArticleSummary; forced: boolean; readerOpen: boolean };

const FILE_ACCESS =
  'To read local files, turn on “Allow access to file URLs” for Lectern on the extensions page (chrome://extensions).';
const NO_ACCESS = 'Lectern can’t reach this page. Click the Lectern button while the page is showing.';

export async function loadSummary(tab: Tabs.Tab | undefined, force: boolean): Promise<PopupState> {
  const tabId = tab?.id;
  if (tabId === undefined) return { kind: 'failed', message: 'There is no page to read in this window.' };
  // Without access to the tab, Chromium hides its URL: then the injection error tells what kind of page it is.
  if (tab?.url !== undefined) {
    const reason = restrictedReason(tab.url);
    if (reason) return { kind: 'restricted', reason };
  }
  try {
    await ensureInjected(tabId);
  } catch (error) {
    const message = errorMessage(error);
    switch (classifyInjectError(message)) {
      case 'restricted':
        return { kind: 'restricted', reason: null };
      case 'file-access':
        return { kind: 'failed', message: FILE_ACCESS };
      case 'no-access':
        return { kind: 'failed', message: NO_ACCESS };
      default:
        return { kind: 'failed', message: `This page can’t be read (${message}).` };
    }
  }
  try {
    const summary = await sendToTab(tabId, 'content:summary', { force });
    if (!summary) return { kind: 'empty', forced: force };
    // The toolbar button closes the reader too: the popup offers that when the reader is showing.
    const { open } = await sendToTab(tabId, 'content:ping', {});
    return { kind: 'article', tabId, summary, forced: force, readerOpen: open };
  } catch (error) {
    return { kind: 'failed', message: `This page didn’t answer (${errorMessage(error)}).` };
  }
}
