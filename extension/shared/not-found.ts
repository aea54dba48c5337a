/**
 * What Lectern says when a page has no article, in the reader's notice and in the popup alike: `article` when
 * none was found (the best guess can still be shown), `anything` when even the best guess has no text.
 */
import { t } from './i18n.ts';

export const NOT_FOUND = {
  article: {
    title: t('notFoundArticleTitle'),
    text: t('notFoundArticleText'),
  },
  anything: {
    title: t('notFoundAnythingTitle'),
    text: t('notFoundAnythingText'),
  },
} as const;
