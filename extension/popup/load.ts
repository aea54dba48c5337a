/** Asks the tab for its article: reach it (shared/tab.ts), request the summary, say what went wrong. */
import type { Tabs } from 'webextension-polyfill';
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

const FILE_ACCESS =
  'To read local files, turn on “Allow access to file URLs” for Lectern on the extensions page (chrome://extensions).';
const NO_ANSWER_HELP = 'This page didn’t let Lectern in. If it is still loading, wait and try again.';

export async function loadSummary(tab: Tabs.Tab | undefined, force: boolean): Promise<PopupState> {
  if (tab?.id === undefined) return { kind: 'failed', message: 'There is no page to read in this window.' };
  const reached = await reachTab(tab, true);
  if (!reached.ok) {
    if (reached.error === null) return { kind: 'restricted', reason: reached.restricted };
    const message = errorMessage(reached.error);
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
  const { tabId, page } = reached;
  try {
    const summary = await sendToTab(tabId, 'content:summary', { force });
    if (!summary) return { kind: 'empty', forced: force };
    // The toolbar button closes the reader too: the popup offers that when the reader is showing.
    return { kind: 'article', tabId, summary, forced: force, readerOpen: page?.open ?? false };
  } catch (error) {
    return { kind: 'failed', message: `This page didn’t answer (${errorMessage(error)}).` };
  }
}
