/** The page's article, extracted lazily and kept per URL (the popup's summary, the reader and the copies agree). */
import { extract } from '../../src/index.ts';
import type { Article } from '../../src/types.ts';
import type { ArticleSummary } from '../shared/messages.ts';

interface Cached {
  url: string;
  /** undefined = not tried yet; null = tried, nothing found. */
  plain: Article | null | undefined;
  forced: Article | null | undefined;
}

let cache: Cached | null = null;

function safeExtract(force: boolean): Article | null {
  try {
    return extract(document, { force });
  } catch {
    // The extractor promises never to throw; a page that breaks it must still not see an error from us.
    return null;
  }
}

/** `force` ("Show anyway") asks for the best run even when it's too weak to call an article. */
export function currentArticle(force: boolean): Article | null {
  const url = location.href;
  if (cache?.url !== url) cache = { url, plain: undefined, forced: undefined };
  if (cache.plain === undefined) cache.plain = safeExtract(false);
  if (cache.plain || !force) return cache.plain;
  if (cache.forced === undefined) cache.forced = safeExtract(true);
  return cache.forced;
}

// 300 characters is a little over three lines of the popup's 340px column; the popup clamps to three lines.
const EXCERPT_CHARS = 300;

export function firstLines(text: string, max = EXCERPT_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–—-]+$/, '')}…`;
}

export function summarize(article: Article): ArticleSummary {
  return {
    title: article.title,
    siteName: article.siteName,
    byline: article.byline,
    readingMinutes: article.readingMinutes,
    wordCount: article.wordCount,
    excerpt: firstLines(article.text),
  };
}
