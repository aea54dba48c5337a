/** Site, title, byline · date, and how long the article is: what Firefox Reader View shows above the text. */
import type { ReaderArticle } from '../../src/types.ts';
import { h } from './dom.ts';
import {
  formatKind,
  formatPublished,
  formatReadingTime,
  formatWords,
  isoDateOf,
  siteLabel,
} from './format.ts';

const separator = () => h('span', { class: 'l-sep' }, ' · ');

export interface ArticleHeader {
  element: HTMLElement;
  /**
   * Writes the date out in the article's language, after the first frame: its Intl formatter is the first in
   * the tab, whose ICU set-up (6–15 ms) would hold the reader's first frame back. Until then the date's
   * `<time>` is empty and its line keeps its height (reader.css), so nothing moves when it fills.
   */
  showDate(): void;
}

export function articleHeader(article: ReaderArticle, lang: string | null): ArticleHeader {
  const site = siteLabel(article.siteName, article.url);
  const iso = isoDateOf(article.published);
  // A date the page wrote in its own words needs no formatter: shown at once.
  const date = iso === null ? formatPublished(article.published, lang) : { text: '', iso };
  const byline = article.byline?.trim();
  const kind = formatKind(article.kind, article.records);
  const time = date && h('time', { datetime: date.iso }, date.text);
  const element = h(
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
        time,
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
  return {
    element,
    showDate() {
      if (time && iso !== null) time.textContent = formatPublished(iso, lang)?.text ?? iso;
    },
  };
}
