/**
 * What the toolbar button says about the last thing it was asked to do in a tab (the shortcut, a click with the
 * popup turned off, a context-menu item): a badge and its tooltip.
 */
import { api } from '../shared/api.ts';
import { COVERED } from '../shared/covered.ts';
import { t } from '../shared/i18n.ts';
import { errorMessage } from '../shared/inject.ts';
import type { CoverReason } from '../shared/messages.ts';
import { classifyInjectError, type InjectFailure } from '../shared/restricted.ts';

export const TITLE = t('actionTitle');

export const UNAVAILABLE = t('buttonUnavailable');

const FAILURES: Record<InjectFailure, string> = {
  restricted: UNAVAILABLE,
  'file-access': t('buttonFileAccess'),
  // The shortcut, the click and a menu item grant activeTab on every page the browser lets us read: a refusal
  // means a page it keeps to itself.
  'no-access': UNAVAILABLE,
  'no-answer': t('buttonNoAnswer'),
  other: t('buttonCantRead'),
};

/** Why injecting the content script failed, in words for the tooltip. */
export function injectFailureMessage(error: unknown): string {
  return FAILURES[classifyInjectError(errorMessage(error))];
}

/** The reader closed itself because the page in `tabId` covered it (content/on-top.ts): a warning, and why. */
export function showCovered(tabId: number, why: CoverReason): Promise<void> {
  return showOnButton(tabId, COVERED[why], false);
}

/** A tick or a warning badge, and the message as the tooltip. */
export async function showOnButton(tabId: number, message: string, ok: boolean): Promise<void> {
  await Promise.all([
    api().action.setBadgeText({ tabId, text: ok ? '✓' : '!' }),
    api().action.setBadgeBackgroundColor({ tabId, color: ok ? '#1e6b3a' : '#b3261e' }),
    api().action.setTitle({ tabId, title: t('buttonSays', TITLE, message) }),
  ]);
}

/**
 * The instant reader found an article in `tabId` (content/main.ts readAhead): a dot on the button, as a
 * browser's own reader icon shows, and the tooltip says how to open it. No article: the button as it was.
 */
export async function showArticleAhead(tabId: number, article: boolean, shortcut: string): Promise<void> {
  if (!article) return;
  const said = shortcut === '' ? t('buttonAheadClick') : t('buttonAheadShortcut', shortcut);
  await Promise.all([
    api().action.setBadgeText({ tabId, text: '•' }),
    api().action.setBadgeBackgroundColor({ tabId, color: '#2457c5' }),
    api().action.setTitle({ tabId, title: t('buttonSays', TITLE, said) }),
  ]);
}

/** Takes away a warning left by an earlier failure in this tab (e.g. before file access was allowed). */
export async function clearButton(tabId: number): Promise<void> {
  await Promise.all([
    api().action.setBadgeText({ tabId, text: '' }),
    api().action.setTitle({ tabId, title: TITLE }),
  ]);
}
