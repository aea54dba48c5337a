import type { Article, ExportOptions } from '../types.ts';
import { headerLine, headerUrl } from './header.ts';
import { parseInert } from './parse.ts';
import { textOf } from './text.ts';

/**
 * The article as plain text: title, "byline · site · date", URL, a blank line, then the body (paragraphs
 * separated by one blank line). `article.text` is that body already (src/clean uses the same textOf).
 */
export function toText(article: Article, options: ExportOptions = {}): string {
  const body = article.text.trim() !== '' ? article.text.trim() : bodyFromContent(article.content);
  if (options.header === false) return body;
  const head = [article.title.replace(/\s+/g, ' ').trim(), headerLine(article), headerUrl(article) ?? '']
    .filter((line) => line !== '')
    .join('\n');
  if (head === '') return body;
  return body === '' ? head : `${head}\n\n${body}`;
}

function bodyFromContent(content: string): string {
  if (content.trim() === '' || typeof document === 'undefined') return '';
  return textOf(parseInert(content));
}
