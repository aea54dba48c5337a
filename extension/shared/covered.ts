/**
 * Why the reader closed itself over a page (extension/content/on-top.ts), in the words the toolbar button's
 * tooltip and the reader's next opening both say.
 */
import type { CoverReason } from './messages.ts';

export const COVERED: Readonly<Record<CoverReason, string>> = {
  layer: 'this page covered the reader view or hid it, so Lectern closed it',
  fullscreen: 'this page went full screen over the reader view, so Lectern closed it',
  loop: 'this page kept covering the reader view, so Lectern closed it',
};
