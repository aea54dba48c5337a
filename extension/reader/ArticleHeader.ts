/** Site, title, byline · date, and how long the article is: what Firefox Reader View shows above the text. */
import type { ReaderArticle } from '../../src/types.ts';
import { h } from './dom.ts';
import { formatKind, formatPublished, formatReadingTime, formatWords, siteLabel } from './format.ts';

const separator = () => h('span', { class: 'lectern-sep' }, ' · ');

export function articleHeader(article: ReaderArticle, lang: string | null): HTMLElement {
  const site = siteLabel(article.siteName, article.url);
  const date = formatPublished(article.published, lang);
  const byline = article.byline?.trim();
  const kind = formatKind(article.kind, article.records);
  return h(
    'header',
    { class: 'lectern-header' },
    site && h('p', { class: 'lectern-site' }, site),
    h('h1', { class: 'lectern-title' }, article.title),
    (byline || date) &&
      h(
        'p',
        { class: 'lectern-byline' },
        byline && h('span', { class: 'lectern-author' }, byline),
        byline && date && separator(),
        date && h('time', { datetime: date.iso }, date.text),
      ),
    // The UI speaks English in v1, even over a French article. Each phrase is its own left-to-right run: in a
    // right-to-left article "6 min read" would otherwise be shown as "min read 6".
    h(
      'p',
      { class: 'lectern-stats', lang: 'en' },
      kind && h('span', { class: 'lectern-kind', dir: 'ltr' }, kind),
      kind && separator(),
      h('span', { class: 'lectern-reading-time', dir: 'ltr' }, formatReadingTime(article.readingMinutes)),
      separator(),
      h('span', { class: 'lectern-word-count', dir: 'ltr' }, formatWords(article.wordCount)),
    ),
  );
}
