/**
 * Chromium's offscreen document (reason CLIPBOARD): a service worker has no document to copy from, so the
 * background hands each clipboard write here. An extension page: no web page can see or change what it copies.
 */
import { writeClipboard } from '../shared/clipboard.ts';
import { handleOffscreenMessages } from '../shared/messages.ts';

handleOffscreenMessages({
  'offscreen:clipboard': async (data) => {
    await writeClipboard(data);
    return {};
  },
});
