/** The public data types of the extractor. Plain data only: an Article crosses process boundaries as JSON. */

export type TextDirection = 'ltr' | 'rtl';

/**
 * What kind of page the text was found on: an article (one text), a thread (posts of one shape in order: a
 * forum topic, a Q&A page, an issue with its comments), a product (a page that declares one: its description
 * and specifications), or a listing shown anyway (its items in order).
 */
export type ArticleKind = 'article' | 'thread' | 'product' | 'listing';

/** How the body was found, for the debug view and the benchmark. */
export type ExtractMethod = 'articleBody' | 'segments' | 'page' | 'fallback' | 'forced' | 'rule';

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
  kind: ArticleKind;
  /** A thread's posts or a listing's items; 0 for an article. */
  records: number;
  /** Words; CJK characters count one each (see src/metadata/reading.ts). */
  wordCount: number;
  /**
   * Whole minutes (at least 1 when there is a word): letters and digits at the IReST rate of the article's
   * language and script (see src/metadata/reading.ts).
   */
  readingMinutes: number;
  diagnostics: Diagnostics;
}

/**
 * An Article without its plain text, lead image and excerpt, as `extractWithBody` gives it to the reader. The
 * text is one more walk over the body, laid out for copying (src/export/text.ts), which the first paint does
 * not need: the reader's content script leaves that code to the exporters, and `toText` makes the text from
 * `content` when a copy or a file asks for it. The reader shows no lead image or excerpt, and its content
 * script carries none of the code that finds them.
 */
export type ReaderArticle = Omit<Article, 'text' | 'leadImage' | 'excerpt'>;

/** An article and its body as nodes (`extractWithBody`): for the reader, which inserts them in its own tree. */
export interface Extracted {
  article: ReaderArticle;
  /** `article.content` as the copy built it, in an inert document (no browsing context: nothing loads). */
  body: Element;
  /**
   * The page element each block of `body` was copied from (automatic paragraphs: the box whose loose text they
   * hold): where the reader's Edit mode finds what a person points at, to name it in a fix for the site.
   */
  sources: WeakMap<Element, Element>;
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
  /** True when a work cap cut anything (`capped` says which): the article may miss part of the page. */
  truncated: boolean;
  /**
   * The work caps that were reached, empty on ordinary pages: `elements` (the walk stopped after
   * `maxElements` elements, or four times as many other nodes; the rest of the page was not read),
   * `depth` (the page nests deeper than the article's HTML keeps: deeper elements were unwrapped, their text
   * kept). Text has no cap: every stage is linear in it (a 10 MB text node is read whole).
   */
  capped: Cap[];
  /**
   * Whether the page was answered whole, less its chrome, or by its best run, when that was asked
   * (choose/page-choice.ts): the decision's features, in PAGE_FEATURES order, and its probability of the whole
   * page. Null when the run held most of the page's text.
   */
  pageChoice: { features: number[]; probability: number } | null;
  /**
   * Whether the page, its best run read as text, was a listing all the same (choose/listing-page.ts): the
   * decision's features, in LISTING_FEATURES order, and its probability of a listing. Null when not asked (a
   * thread read from its comments, a declared body, a run the listing rule already refused).
   */
  listing: { features: number[]; probability: number } | null;
  /** Milliseconds per stage, measured with options.now. */
  timings: Record<string, number>;
  /** What became of options.rule (rules/index.ts RuleUse); null when none was given. */
  rule: RuleUse | null;
  /**
   * The page's segments' fingerprints (template/index.ts pageFingerprints), distinct, in page order: what a
   * memory of the site is told of the page (numbers, not text). Made when first read.
   */
  fingerprints: number[];
  /** How many segments the model took for article text that options.template set aside as the site's template. */
  template: number;
  /**
   * Each reading of the page tried, in order, and what came of it (extract.ts, the ladder): with the site's fix,
   * then without; with its template, then without; the page read again as its comments; the run the NewsFeed
   * fallback replaced. The article came from the one whose outcome is `article`.
   */
  attempts: Attempt[];
}

/**
 * A reading of the page: `name` says what it read the page with, joined by '+' ('fix': options.rule; 'template':
 * options.template; 'comments': the comments' names as no verdict), or 'plain'; 'run': the run the NewsFeed
 * fallback replaced, copied again in the reading before.
 */
export interface Attempt {
  name: string;
  outcome: AttemptOutcome;
}

/**
 * `article`: the answer; `listing`, `none`: the choice found a listing, or nothing that passes the floors;
 * `whole page`: answered whole, less its chrome, and the page read as its comments was a thread; `short`: the
 * fallback's block built to less than an article; `empty`, `stub`: the copy kept no text, or a stub; `not a
 * thread`: read as its comments, the page was no thread; `no body`: the document has no element to read.
 */
export type AttemptOutcome =
  | 'article'
  | 'listing'
  | 'none'
  | 'whole page'
  | 'short'
  | 'empty'
  | 'stub'
  | 'not a thread'
  | 'no body';

/** A work cap of the extractor (see Diagnostics.capped). */
export type Cap = 'elements' | 'depth';

import type { RuleUse, SiteRule } from './rules/index.ts';
import type { Model } from './score/model.ts';

export interface ExtractOptions {
  /**
   * The segment model (score/model.ts). Default: the fitted model shipped in score/model.json; null: Luo's
   * signs and the name penalty alone. The benchmark passes each page the model of the fold that did not see
   * the page's site (out-of-fold figures).
   */
  model?: Model | null;
  /**
   * The page-kind decision's model (choose/page-choice.ts). Default: choose/page-model.json; the benchmark
   * passes the fold's, as for `model`, and `npm run fit` one that always and one that never answers whole.
   */
  pageModel?: Model;
  /**
   * The listing decision's model (choose/listing-page.ts). Default: choose/listing-model.json; the benchmark
   * passes the fold's, and `npm run fit` one that never answers "listing" while it reads the pages.
   */
  listingModel?: Model;
  /**
   * A person's fix for the site (rules/): blocks to leave out, and the article's root. A root this page does
   * not have, or a fix that leaves no text, gives the article found as usual (diagnostics.rule says which).
   */
  rule?: SiteRule | null;
  /**
   * The site's template for this page (template/index.ts templateFor): fingerprints of text its other pages
   * showed too. Segments with one of them are scored as not article, unless they are most of the page's text.
   */
  template?: readonly number[] | null;
  /** Best effort: return the best run even when it is too weak to call an article ("Show anyway"). */
  force?: boolean;
  /** Stop reading the page after this many elements (huge DOMs). Default 25,000. */
  maxElements?: number;
  /**
   * Called with the exception when extraction fails on a bug or a hostile document; extract() still returns
   * null and never throws (a throwing handler is ignored). For tests and tools: a swallowed error is a bug.
   */
  onError?: (error: unknown) => void;
  /** Clock for diagnostics.timings. Default performance.now. */
  now?: () => number;
}

export interface ExportOptions {
  /** Start with the title, then a line with byline · site · date, then the source URL. Default true. */
  header?: boolean;
  /**
   * Markdown only: begin with YAML front matter (title, author, published, url, site, and the day saved), the
   * properties note apps read from a saved note. Left out when `header` is false.
   */
  frontMatter?: { saved: Date };
}
