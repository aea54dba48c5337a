import type { ReaderArticle } from '../types.ts';
import { headerDate, headerUrl } from './header.ts';

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** What a note's properties are made of. */
export type NoteSource = Pick<ReaderArticle, 'title' | 'byline' | 'published' | 'url' | 'siteName'>;

/**
 * YAML front matter for a saved Markdown note: the properties Obsidian, Logseq, Zettlr and static-site tools
 * read from the block between `---` lines at the file's top. Six flat fields need no YAML library: each text
 * is a double-quoted scalar, and a calendar day is written bare so that note apps read it as a date.
 */
export function frontMatter(article: NoteSource, saved: Date): string {
  // The same day the Markdown's byline line shows; bare when it is one, so note apps read it as a date.
  const published = headerDate(article.published);
  const fields: [string, string | null][] = [
    ['title', quoted(article.title)],
    ['author', quoted(article.byline)],
    ['published', published !== null && CALENDAR_DAY.test(published) ? published : quoted(published)],
    ['url', quoted(headerUrl(article))],
    ['site', quoted(article.siteName)],
    ['saved', localDay(saved)],
  ];
  const lines = fields.filter(([, value]) => value !== null).map(([key, value]) => `${key}: ${value}`);
  return `---\n${lines.join('\n')}\n---\n`;
}

/**
 * A YAML double-quoted scalar of one line, or null for no text. JSON's string escapes are YAML's; YAML 1.1
 * readers also break lines at U+0085, U+2028 and U+2029, which JSON leaves raw, so those are escaped too.
 */
function quoted(text: string | null): string | null {
  const line = (text ?? '').replace(/\s+/g, ' ').trim();
  if (line === '') return null;
  return JSON.stringify(line).replace(
    /[\u0085\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The day in the person's own time zone: a note saved at 23:30 is that evening's. */
function localDay(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}
