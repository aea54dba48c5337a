/**
 * Chromium's offscreen document (reason CLIPBOARD): a service worker has no document to copy from, so the
 * background hands each clipboard write here. An extension page: no web page can see or change what it copies.
 */
// First: every module after it reaches the extension through the polyfill.
import '../shared/polyfill.ts';
import { writeClipboard } from '../shared/clipboard.ts';
import { handleOffscreenMessages } from '../shared/messages.ts';

handleOffscreenMessages({
  'offscreen:clipboard': async (data) => {
    await writeClipboard(data);
    return {};
  },
});
