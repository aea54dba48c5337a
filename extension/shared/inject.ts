/**
 * Injection on demand (STYLE.md practice 8): the content script enters a tab only when the user asks, through the
 * activeTab grant of the toolbar click or the shortcut. It is idempotent, so injecting twice costs one re-run of
 * a guarded IIFE and never a second set of listeners. Its later parts (chunks) are injected the same way, into
 * the frame that asks for them.
 */
// The entry is main.ts, not index.ts: crxjs names emitted chunks by basename, and two chunks both named
// "index.ts" (this one and the service worker) made the worker loader import the content chunk instead.
import contentScript from '../content/main.ts?script&iife';
import { api } from './api.ts';
import { CHUNKS, type ChunkName } from './chunks.ts';
import { type ContentState, sendToTab } from './messages.ts';
import { NO_ANSWER } from './restricted.ts';

/**
 * How long injecting may take before we give up and say so. Injecting our bundle takes ~20-100 ms; Chromium 156
 * never settles `executeScript` on a `view-source:` tab whose URL is hidden from us, and a spinner that never
 * ends is worse than an answer.
 */
const INJECT_TIMEOUT_MS = 5000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(NO_ANSWER)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/** Makes sure our content script runs in the tab's top frame, and returns what it says of the page. */
export async function ensureInjected(tabId: number): Promise<ContentState> {
  try {
    // A live content script answers at once; re-running the whole bundle just to hit the guard costs more.
    return await sendToTab(tabId, 'content:ping', {});
  } catch {
    // "Receiving end does not exist": not injected yet (or injected by an extension that has since reloaded).
  }
  const injected = api().scripting.executeScript({
    target: { tabId, frameIds: [0] },
    files: [contentScript],
  });
  await withTimeout(injected, INJECT_TIMEOUT_MS);
  return sendToTab(tabId, 'content:ping', {});
}

/** Injects a chunk of the content script into the frame that asked for it. */
export async function injectChunk(chunk: ChunkName, tabId: number, frameId: number): Promise<void> {
  await withTimeout(
    api().scripting.executeScript({ target: { tabId, frameIds: [frameId] }, files: [CHUNKS[chunk].file] }),
    INJECT_TIMEOUT_MS,
  );
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return String(error);
}
