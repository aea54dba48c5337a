/** The page's article, extracted lazily and kept per URL (the popup's summary, the reader and the copies agree). */
import { plainText } from '../../src/clean/plain.ts';
import { extractWithBody } from '../../src/extract.ts';
import type { Extracted } from '../../src/types.ts';
import type { ArticleSummary } from '../shared/messages.ts';

interface Cached {
  url: string;
  /** undefined = not tried yet; null = tried, nothing found. */
  plain: Extracted | null | undefined;
  forced: Extracted | null | undefined;
}

let cache: Cached | null = null;

function safeExtract(force: boolean): Extracted | null {
  try {
    return extractWithBody(document, { force });
  } catch {
    // The extractor promises never to throw; a page that breaks it must still not see an error from us.
    return null;
  }
}

/** `force` ("Show anyway") asks for the best run even when it's too weak to call an article. */
export function currentArticle(force: boolean): Extracted | null {
  const url = location.href;
  if (cache?.url !== url) cache = { url, plain: undefined, forced: undefined };
  if (cache.plain === undefined) cache.plain = safeExtract(false);
  if (cache.plain || !force) return cache.plain;
  if (cache.forced === undefined) cache.forced = safeExtract(true);
  return cache.forced;
}

/** Enough of the text for the popup's first lines (it cuts them itself: extension/popup/excerpt.ts). */
const START_CHARS = 1000;

export function summarize({ article, body }: Extracted): ArticleSummary {
  return {
    title: article.title,
    siteName: article.siteName,
    byline: article.byline,
    readingMinutes: article.readingMinutes,
    wordCount: article.wordCount,
    kind: article.kind,
    records: article.records,
    start: plainText(body).slice(0, START_CHARS),
  };
}
