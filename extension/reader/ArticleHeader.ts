/** Site, title, byline · date, and how long the article is: what Firefox Reader View shows above the text. */
import type { ReaderArticle } from '../../src/types.ts';
import { h } from './dom.ts';
import { formatKind, formatPublished, formatReadingTime, formatWords, siteLabel } from './format.ts';

const separator = () => h('span', { class: 'l-sep' }, ' · ');

export function articleHeader(article: ReaderArticle, lang: string | null): HTMLElement {
  const site = siteLabel(article.siteName, article.url);
  const date = formatPublished(article.published, lang);
  const byline = article.byline?.trim();
  const kind = formatKind(article.kind, article.records);
  return h(
    'header',
    { class: 'l-header' },
    site && h('p', { class: 'l-site' }, site),
    h('h1', { class: 'l-title' }, article.title),
    (byline || date) &&
      h(
        'p',
        { class: 'l-byline' },
        byline && h('span', { class: 'l-author' }, byline),
        byline && date && separator(),
        date && h('time', { datetime: date.iso }, date.text),
      ),
    // The UI speaks English in v1, even over a French article. Each phrase is its own left-to-right run: in a
    // right-to-left article "6 min read" would otherwise be shown as "min read 6".
    h(
      'p',
      { class: 'l-stats', lang: 'en' },
      kind && h('span', { class: 'l-kind', dir: 'ltr' }, kind),
      kind && separator(),
      h('span', { class: 'l-reading-time', dir: 'ltr' }, formatReadingTime(article.readingMinutes)),
      separator(),
      h('span', { class: 'l-word-count', dir: 'ltr' }, formatWords(article.wordCount)),
    ),
  );
}
