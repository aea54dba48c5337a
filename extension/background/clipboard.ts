/**
 * Clipboard writes the content script asks for (`background:clipboard`), done where no page can touch them. In
 * Chromium the service worker has no document: it opens an offscreen document for the write (reason
 * CLIPBOARD), kept for the next copies until it has been idle a while. Firefox runs the background as an event
 * page, which has one.
 */
import { api } from '../shared/api.ts';
import { writeClipboard } from '../shared/clipboard.ts';
import { type ClipboardData, sendToExtension } from '../shared/messages.ts';

/** The part of Chromium's `offscreen` API used here (not in webextension-polyfill's types). */
interface Offscreen {
  createDocument(parameters: { url: string; reasons: string[]; justification: string }): Promise<void>;
  closeDocument(): Promise<void>;
}

const OFFSCREEN_URL = 'extension/offscreen/index.html';

function offscreenApi(): Offscreen | null {
  const offscreen = (api() as unknown as { offscreen?: Offscreen }).offscreen;
  return offscreen ?? null;
}

/** One write at a time (only one offscreen document may exist). */
let queue: Promise<unknown> = Promise.resolve();

/**
 * The offscreen document stays a while after a copy, then closes: an idle one keeps a renderer process alive,
 * and closing it right after its reply lost a write now and then on a loaded machine (3 copies in ~880, the
 * clipboard empty though the write had answered). Copies in a row reuse it.
 */
const OFFSCREEN_IDLE_MS = 20_000;
let idleTimer: ReturnType<typeof setTimeout> | undefined;

async function writeOffscreen(offscreen: Offscreen, data: ClipboardData): Promise<void> {
  clearTimeout(idleTimer);
  try {
    await offscreen.createDocument({
      url: OFFSCREEN_URL,
      reasons: ['CLIPBOARD'],
      // not shown: the browser's record of why the document exists
      justification: 'Copy the article to the clipboard without going through the web page.',
    });
  } catch {
    // Already open (from the copy before, or left by a worker that stopped and restarted): use it.
  }
  try {
    await sendToExtension('offscreen:clipboard', data);
  } finally {
    // In the queue like a write: a copy asked for while it closes waits, then opens a new one.
    idleTimer = setTimeout(() => {
      queue = queue.then(() => offscreen.closeDocument()).catch(() => undefined);
    }, OFFSCREEN_IDLE_MS);
  }
}

export function writeFromBackground(data: ClipboardData): Promise<void> {
  const offscreen = offscreenApi();
  const write = queue.then(() => (offscreen ? writeOffscreen(offscreen, data) : writeClipboard(data)));
  queue = write.catch(() => undefined);
  return write;
}
