import type { ExportOptions, ReaderArticle } from '../types.ts';
import { headerLine, headerUrl } from './header.ts';
import { parseInert } from './parse.ts';
import { textOf } from './text.ts';

/**
 * The article as plain text: title, "byline · site · date", URL, a blank line, then the body as textOf lays it
 * out (paragraphs separated by one blank line, list items on their lines), made from `content`: an Article's
 * `text` is the same body (extract.ts uses the same textOf), and the reader's article has none.
 */
export function toText(article: ReaderArticle, options: ExportOptions = {}): string {
  const body = bodyFromContent(article.content);
  if (options.header === false) return body;
  const head = [article.title.replace(/\s+/g, ' ').trim(), headerLine(article), headerUrl(article) ?? '']
    .filter((line) => line !== '')
    .join('\n');
  if (head === '') return body;
  return body === '' ? head : `${head}\n\n${body}`;
}

function bodyFromContent(content: string): string {
  if (content.trim() === '' || typeof document === 'undefined') return '';
  return textOf(parseInert(content)).trim();
}
