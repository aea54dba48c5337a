/**
 * Why the reader closed itself over a page (extension/content/on-top.ts), in the words the toolbar button's
 * tooltip and the reader's next opening both say.
 */
import { t } from './i18n.ts';
import type { CoverReason } from './messages.ts';

export const COVERED: Readonly<Record<CoverReason, string>> = {
  layer: t('coveredLayer'),
  fullscreen: t('coveredFullscreen'),
  loop: t('coveredLoop'),
};
