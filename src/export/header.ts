import type { ReaderArticle } from '../types.ts';

/** The parts of the export header shared by text and Markdown: "byline · site · date" and the source URL. */

/** A date as the page's own calendar day when it is ISO 8601, else as the page wrote it. */
export function headerDate(published: string | null): string | null {
  if (published === null || published.trim() === '') return null;
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(published.trim());
  return m?.[1] ?? published.trim();
}

export function headerLine(article: ReaderArticle): string {
  return [article.byline, article.siteName, headerDate(article.published)]
    .map((part) => (part ?? '').replace(/\s+/g, ' ').trim())
    .filter((part) => part !== '')
    .join(' · ');
}

/** The source URL, when it is one a reader can open. */
export function headerUrl(article: Pick<ReaderArticle, 'url'>): string | null {
  return /^https?:\/\/\S+$/i.test(article.url) ? article.url : null;
}
