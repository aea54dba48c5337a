/** The public data types of the extractor. Plain data only: an Article crosses process boundaries as JSON. */

export type TextDirection = 'ltr' | 'rtl';

/** How the body was found, for the debug view and the benchmark. */
export type ExtractMethod = 'articleBody' | 'segments' | 'fallback' | 'forced';

export interface Article {
  title: string;
  byline: string | null;
  siteName: string | null;
  /** ISO 8601 when the page states a parseable date, else the page's own string; null when absent. */
  published: string | null;
  /** BCP 47 tag from the page (`<html lang>`, `og:locale`, `content-language`), or null. */
  lang: string | null;
  dir: TextDirection;
  /** The document URL the article was read from. */
  url: string;
  /** Absolute URL of the lead image (`og:image`, else the first large figure), or null. */
  leadImage: string | null;
  /** One or two sentences: the page's description, else the start of the text. */
  excerpt: string;
  /** The clean article as HTML: allow-listed tags, absolute URLs, no scripts, no styles, no handlers. */
  content: string;
  /** Plain text: paragraphs separated by one blank line, list items on their own lines. */
  text: string;
  /** Words; CJK characters count one each (see src/metadata/reading.ts). */
  wordCount: number;
  readingMinutes: number;
  diagnostics: Diagnostics;
}

export interface Diagnostics {
  method: ExtractMethod;
  /** Whether computed styles were available (a rendered document) or the extractor ran on bare markup. */
  styled: boolean;
  segmentCount: number;
  /** Indices [start, end] (inclusive) of the chosen run of segments, and its total score. */
  run: { start: number; end: number; score: number } | null;
  /** Segments inside the run left out (pull quotes, ads, link lists between paragraphs). */
  dropped: number;
  /** True when the work cap (`maxElements`) was reached and the rest of the page was not read. */
  truncated: boolean;
  /** Milliseconds per stage, measured with options.now. */
  timings: Record<string, number>;
}

export interface ExtractOptions {
  /** Best effort: return the best run even when it is too weak to call an article ("Show anyway"). */
  force?: boolean;
  /** Stop reading the page after this many elements (huge DOMs). Default 20,000. */
  maxElements?: number;
  /** Clock for diagnostics.timings. Default performance.now. */
  now?: () => number;
}

export interface ExportOptions {
  /** Start with the title, then a line with byline · site · date, then the source URL. Default true. */
  header?: boolean;
}
