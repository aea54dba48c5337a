/** Site, title, byline · date, and how long the article is: what Firefox Reader View shows above the text. */
import { useEffect, useState } from 'preact/hooks';
import type { ReaderArticle } from '../../src/types.ts';
import { messagesLocale, uiDirection } from '../shared/i18n.ts';
import {
  type DisplayDate,
  formatKind,
  formatPublished,
  formatReadingTime,
  formatWords,
  isoDateOf,
  siteLabel,
} from './format.ts';

const Separator = () => <span class="l-sep"> · </span>;

/**
 * The date is written out in the article's language after the first frame: its Intl formatter is the first in
 * the tab, whose ICU set-up (6–15 ms) would hold the reader's first frame back. Until then its `<time>` is
 * empty and its line keeps its height (reader.css), so nothing moves when it fills. A date the page wrote in
 * its own words needs no formatter: shown at once.
 */
function useDate(published: string | null, lang: string | null): DisplayDate | null {
  const iso = isoDateOf(published);
  const [written, setWritten] = useState<string | null>(null);
  useEffect(() => {
    if (iso === null) return;
    setWritten(formatPublished(iso, lang)?.text ?? iso);
  }, [iso, lang]);
  if (iso === null) return formatPublished(published, lang);
  return { text: written ?? '', iso };
}

export function ArticleHeader({ article, lang }: { article: ReaderArticle; lang: string | null }) {
  const site = siteLabel(article.siteName, article.url);
  const date = useDate(article.published, lang);
  const byline = article.byline?.trim();
  const kind = formatKind(article.kind, article.records);
  return (
    <header class="l-header">
      {site && <p class="l-site">{site}</p>}
      <h1 class="l-title">{article.title}</h1>
      {(byline || date) && (
        <p class="l-byline">
          {byline && <span class="l-author">{byline}</span>}
          {byline && date && <Separator />}
          {date && <time datetime={date.iso ?? undefined}>{date.text}</time>}
        </p>
      )}
      {/* The reader's own words are in the person's language, even over a French article. Each phrase is its
          own run in their direction: in a right-to-left article "6 min read" would otherwise be "min read 6". */}
      <p class="l-stats" lang={messagesLocale()}>
        {kind && (
          <span class="l-kind" dir={uiDirection()}>
            {kind}
          </span>
        )}
        {kind && <Separator />}
        <span class="l-reading-time" dir={uiDirection()}>
          {formatReadingTime(article.readingMinutes)}
        </span>
        <Separator />
        <span class="l-word-count" dir={uiDirection()}>
          {formatWords(article.wordCount)}
        </span>
      </p>
    </header>
  );
}
