/** Site, title, byline · date, and how long the article is: what Firefox Reader View shows above the text. */
import type { ReaderArticle } from '../../src/types.ts';
import { formatKind, formatPublished, formatReadingTime, formatWords, siteLabel } from './format.ts';

export function ArticleHeader({ article, lang }: { article: ReaderArticle; lang: string | null }) {
  const site = siteLabel(article.siteName, article.url);
  const date = formatPublished(article.published, lang);
  const byline = article.byline?.trim();
  const kind = formatKind(article.kind, article.records);
  return (
    <header class="lectern-header">
      {site && <p class="lectern-site">{site}</p>}
      <h1 class="lectern-title">{article.title}</h1>
      {(byline || date) && (
        <p class="lectern-byline">
          {byline && <span class="lectern-author">{byline}</span>}
          {byline && date && <span class="lectern-sep"> · </span>}
          {date && <time dateTime={date.iso ?? undefined}>{date.text}</time>}
        </p>
      )}
      {/* The UI speaks English in v1, even over a French article. Each phrase is its own left-to-right run: in a
          right-to-left article "6 min read" would otherwise be shown as "min read 6". */}
      <p class="lectern-stats" lang="en">
        {kind && (
          <>
            <span class="lectern-kind" dir="ltr">
              {kind}
            </span>
            <span class="lectern-sep"> · </span>
          </>
        )}
        <span class="lectern-reading-time" dir="ltr">
          {formatReadingTime(article.readingMinutes)}
        </span>
        <span class="lectern-sep"> · </span>
        <span class="lectern-word-count" dir="ltr">
          {formatWords(article.wordCount)}
        </span>
      </p>
    </header>
  );
}
