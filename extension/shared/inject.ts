/**
 * Injection on demand (STYLE.md practice 8): the content script enters a tab only when the user asks, through the
 * activeTab grant of the toolbar click or the shortcut. It is idempotent, so injecting twice costs one re-run of
 * a guarded IIFE and never a second set of listeners.
 */
import browser from 'webextension-polyfill';
// The entry is main.ts, not index.ts: crxjs names emitted chunks by basename, and two chunks both named
// "index.ts" (this one and the service worker) made the worker loader import the content chunk instead.
import contentScript from '../content/main.ts?script&iife';
import { sendToTab } from './messages.ts';

export async function ensureInjected(tabId: number): Promise<void> {
  try {
    // A live content script answers at once; re-running the whole bundle just to hit the guard costs more.
    await sendToTab(tabId, 'content:ping', {});
    return;
  } catch {
    // "Receiving end does not exist": not injected yet (or injected by an extension that has since reloaded).
  }
  await browser.scripting.executeScript({ target: { tabId, frameIds: [0] }, files: [contentScript] });
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return String(error);
}
