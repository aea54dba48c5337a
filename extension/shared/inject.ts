/**
 * Injection on demand (docs/conventions.md, "Inject on demand"): the content script enters a tab only when
 * the user asks, through the activeTab grant of the toolbar click or the shortcut. It is idempotent, so
 * injecting twice costs one re-run of a guarded IIFE and never a second set of listeners. Its later parts
 * (chunks) are injected the same way, into the frame that asks for them.
 */
import { api } from './api.ts';
import { CHUNKS, type ChunkName } from './chunks.ts';
import { CONTENT_SCRIPT } from './content-script.ts';
import { type ContentState, HANDED_SITE, type HandedSite, sendToTab } from './messages.ts';
import { classifyInjectError, NO_ANSWER } from './restricted.ts';
import { siteToHand } from './site.ts';

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

/**
 * Makes sure our content script runs in the tab's top frame. Returns what a live one says of the page, or null
 * when it was injected just now (and listens already: the next message reaches it). `url`, the tab's address
 * where the browser shows it to us: the site's fix and template are read meanwhile and handed to the script.
 */
export async function injectIfNeeded(tabId: number, url?: string): Promise<ContentState | null> {
  const site = url === undefined ? Promise.resolve(null) : siteToHand(url).catch(() => null);
  try {
    // A live content script answers at once; re-running the whole bundle just to hit the guard costs more.
    return await sendToTab(tabId, 'content:ping', {});
  } catch {
    // "Receiving end does not exist": not injected yet (or injected by an extension that has since reloaded).
  }
  handOver(tabId, await site);
  await injectFiles(tabId, 0, CONTENT_SCRIPT);
  return null;
}

/** Makes sure our content script runs in the tab's top frame, and returns what it says of the page. */
export async function ensureInjected(tabId: number, url?: string): Promise<ContentState> {
  return (await injectIfNeeded(tabId, url)) ?? sendToTab(tabId, 'content:ping', {});
}

/**
 * Puts `site` in the isolated world of the tab's top frame, for the content script injected next to take as it
 * starts: asking the background for it from there would put a round trip through the worker, busy with the
 * command, between the key press and the reader (docs/performance.md). Not awaited: the file injected next
 * is read from disk first, so this lands before it; should it not, the content script asks (`background:site`).
 */
function handOver(tabId: number, site: HandedSite | null): void {
  if (site === null) return;
  api()
    .scripting.executeScript({
      target: { tabId, frameIds: [0] },
      // Serialized into the page's isolated world: it may use nothing but its arguments.
      func: (key: string, handed: HandedSite) => {
        (globalThis as Record<symbol, unknown>)[Symbol.for(key)] = handed;
      },
      args: [HANDED_SITE, site],
    })
    .catch(() => undefined);
}

/**
 * A refusal for want of access just after the shortcut or a click can be the grant not having reached the
 * tab yet: the screen bench saw 1–2% of presses refused on a loaded machine ("Cannot access contents of the
 * page"), and injecting a moment later worked. So a refusal of that kind is tried again, twice, before it
 * counts; on a page we may really not access, that costs a quarter of a second.
 */
const ACCESS_RETRY_MS = [50, 200];

async function injectFiles(tabId: number, frameId: number, file: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await withTimeout(
        api().scripting.executeScript({ target: { tabId, frameIds: [frameId] }, files: [file] }),
        INJECT_TIMEOUT_MS,
      );
      return;
    } catch (error) {
      const wait = ACCESS_RETRY_MS[attempt];
      if (wait === undefined || classifyInjectError(errorMessage(error)) !== 'no-access') throw error;
      await new Promise((resume) => setTimeout(resume, wait));
    }
  }
}

/** Injects a chunk of the content script into the frame that asked for it. */
export function injectChunk(chunk: ChunkName, tabId: number, frameId: number): Promise<void> {
  return injectFiles(tabId, frameId, CHUNKS[chunk].file);
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return String(error);
}
