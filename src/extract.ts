import { type Choice, type Chosen, choose, fallbackCameOutShort, isStub } from './choose/index.ts';
import { SHIPPED_LISTING_MODEL, SHIPPED_PAGE_MODEL } from './choose/page-shipped.ts';
import { type BuiltContent, buildContent } from './clean/index.ts';
import { baseUriOf, bodyOf, containsNode, documentElementOf, urlOf } from './dom/access.ts';
import { MAX_OUTPUT_DEPTH } from './dom/limits.ts';
import { textOf } from './export/text.ts';
import {
  declaredTitles,
  type MetadataSources,
  type PageMetadata,
  readingStats,
  readLeadAndDescription,
  readMetadata,
} from './metadata/index.ts';
import { COMMENT_NAMES } from './names/index.ts';
import { matchRule, type RuleMatch, type RuleUse } from './rules/index.ts';
import { pageStyle } from './score/index.ts';
import { type Declared, declaredPageTypes } from './score/page-type.ts';
import { type Scored, scoreSegments } from './score/scored.ts';
import { SHIPPED_MODEL } from './score/shipped.ts';
import { nodeBudget, type Segment, type Walk, walkSegments } from './segments/index.ts';
import { pageFingerprints } from './template/index.ts';
import type {
  Article,
  Attempt,
  AttemptOutcome,
  Cap,
  Diagnostics,
  Extracted,
  ExtractOptions,
  ReaderArticle,
} from './types.ts';
import { hiding, type StyleSource, styleSource } from './visibility/index.ts';
import { veilOf } from './visibility/veil.ts';

/**
 * Work cap for huge pages. News pages measured in the dev corpora have 400–4,000 elements; 25,000 leaves
 * ample room for long comment threads while bounding the walk on 100,000-node documents.
 */
export const DEFAULT_MAX_ELEMENTS = 25_000;

/**
 * Finds the article in a rendered document (docs/extraction.md): reads, never writes, never throws.
 * Returns null when the page has no article, unless options.force asks for a best effort.
 */
export function extract(doc: Document, options: ExtractOptions = {}): Article | null {
  const found = readPage(doc, options);
  return found === null ? null : withTextAndExcerpt(found);
}

/**
 * `extract` without the plain text (ReaderArticle), and the article's body as the copy built it: nodes in an
 * inert document (nothing there loads or runs), which the reader inserts through clean/present.ts instead of
 * parsing `content` again.
 */
export function extractWithBody(doc: Document, options: ExtractOptions = {}): Extracted | null {
  return readPage(doc, options)?.extracted ?? null;
}

/** What a reading of the page found: the article, what `extract` alone makes more of, and how it was read. */
export interface Found {
  extracted: Extracted;
  /** Where the metadata was read from, for the lead image and the description. */
  from: MetadataSources;
  baseUrl: string;
  /** The kept images' URLs, in order. */
  images: string[];
  /** The body's words, a blank line between blocks (clean/plain.ts). */
  text: string;
  /** The segments the article was chosen from: what "Why this text" explains (inspect.ts). */
  segments: readonly Segment[];
  /**
   * Their scores, as the choice read them; made when asked where nothing was scored (a root the person picked
   * is the article whole).
   */
  scores(): Scored;
}

/**
 * The page as extract() reads it: the article and the reading it came from, or null. Never throws: a hostile or
 * broken document must cost the user nothing, no article, no exception.
 */
export function readPage(doc: Document, options: ExtractOptions): Found | null {
  try {
    return climbLadder(doc, options);
  } catch (error) {
    reportError(options, error);
    return null;
  }
}

/** The hook lets tests and tools see what was swallowed. */
function reportError(options: ExtractOptions, error: unknown): void {
  try {
    options.onError?.(error);
  } catch {
    // A failing handler must not make extract() throw either.
  }
}

/** The reader's article with what `extract` alone gives: the plain text, the lead image and the excerpt. */
function withTextAndExcerpt(found: Found): Article {
  const { article, body } = found.extracted;
  const { leadImage, description } = readLeadAndDescription(found.from, found.baseUrl);
  return {
    ...article,
    leadImage: leadImage ?? found.images[0] ?? null,
    excerpt: description ?? excerptOf(found.text),
    text: textOf(body),
  };
}

/** One reading of the page the ladder tries: with the site's fix or without, with its template or without. */
interface Rung {
  rule: RuleMatch | null;
  template: readonly number[] | null;
}

/**
 * The ladder: readings of the page tried in order until one gives an article, each recorded in
 * diagnostics.attempts with what came of it.
 * - With the person's fix for the site (rules/) when it applies on this page, then without it: a fix that
 *   leaves no text (the site changed under it) gives the article found as usual, and diagnostics.rule says so.
 * - All of that with the site's template (template/), then without it: what the template sets aside never
 *   takes the whole article away (a shop's listing read whole is read as if the memory had nothing).
 * Within a rung (readRung): the run the NewsFeed fallback replaced, when the fallback's block builds short;
 * and the page read again as its comments, when the page is mostly comment boxes.
 */
function climbLadder(doc: Document, options: ExtractOptions): Found | null {
  const fix = options.rule ? matchRule(doc, options.rule) : null;
  const attempts: Attempt[] = [];
  for (const rung of ladderOf(fix, options.template ?? null)) {
    const found = readRung(doc, options, rung, attempts);
    if (found === null) continue;
    found.extracted.article.diagnostics.rule = ruleUseOf(fix, rung);
    return found;
  }
  return null;
}

function ladderOf(fix: RuleMatch | null, template: readonly number[] | null): Rung[] {
  const rules = fix?.use === 'applied' ? [fix, null] : [null];
  const templates = template?.length ? [template, null] : [null];
  return templates.flatMap((t) => rules.map((rule): Rung => ({ rule, template: t })));
}

/** What became of the fix: used by the rung that gave the article, or set aside ('unmatched') by the ladder. */
function ruleUseOf(fix: RuleMatch | null, rung: Rung): RuleUse | null {
  if (fix === null) return null;
  if (rung.rule !== null) return 'applied';
  return fix.use === 'applied' ? 'unmatched' : fix.use;
}

/**
 * One rung: the page read and its text chosen, then the article built, or the page read as its comments when
 * that built none. The page answered whole, less its chrome, tries its comments first: such a page leaves its
 * comment boxes out too, and what is left is its title and menus (a Hacker News story page).
 */
function readRung(doc: Document, options: ExtractOptions, rung: Rung, attempts: Attempt[]): Found | null {
  const clock = startClock(options);
  const reading = readAndChoose(doc, options, rung, false, clock, attempts);
  if (reading === null) return null;
  const asComments = (): Found | null => readAsComments(doc, options, rung, reading, attempts);
  return answeredWhole(reading.choice)
    ? (asComments() ?? buildArticle(reading))
    : (buildArticle(reading) ?? asComments());
}

function answeredWhole(choice: Choice): boolean {
  return choice.verdict === 'article' && choice.chosen.method === 'page';
}

/**
 * A story page of a link aggregator (Hacker News, lobste.rs) is a link and its discussion: with no article
 * beside them, the comments are the text. Read again with their names as no verdict, they are scored as a
 * forum's posts and widened to a thread (choose/records.ts); what is no thread that way stays as it was read
 * first. docs/extraction.md, "Comment-only threads".
 */
function readAsComments(
  doc: Document,
  options: ExtractOptions,
  rung: Rung,
  first: Reading,
  attempts: Attempt[],
): Found | null {
  if (!collapsedHoldPage(first.walk.segments)) return null;
  const reading = readAndChoose(doc, options, rung, true, first.laps.clock, attempts);
  if (reading === null) return null;
  const thread = buildArticle(reading);
  if (thread === null) return null;
  if (thread.extracted.article.kind === 'thread') return thread;
  reading.attempt.outcome = 'not a thread';
  return null;
}

/**
 * Boxes walked as one segment each (segments/: comments, footers, menus) hold half the page's text or more:
 * where they are comments, the page may be its discussion.
 */
function collapsedHoldPage(segments: readonly Segment[]): boolean {
  let all = 0;
  let collapsed = 0;
  for (const s of segments) {
    all += s.length;
    if (s.raw === '') collapsed += s.length;
  }
  return collapsed * 2 >= all;
}

/** diagnostics.timings: milliseconds per stage of a reading, from `t0`, when the rung began. */
interface Clock {
  now: () => number;
  t0: number;
}

interface Laps {
  clock: Clock;
  timings: Record<string, number>;
  /** When the last lap ended. */
  t: number;
}

function startClock(options: ExtractOptions): Clock {
  const now = options.now ?? performanceNow;
  return { now, t0: now() };
}

function lap(laps: Laps, name: string): void {
  const t = laps.clock.now();
  laps.timings[name] = t - laps.t;
  laps.t = t;
}

function performanceNow(): number {
  return typeof performance === 'undefined' ? Date.now() : performance.now();
}

/** A reading of the page up to its choice: what the build reads. */
interface Reading {
  options: ExtractOptions;
  rule: RuleMatch | null;
  template: readonly number[] | null;
  /** Read as its comments: COMMENT_NAMES read as no verdict. */
  comments: boolean;
  styles: StyleSource;
  walk: Walk;
  isHidden: (el: Element) => boolean;
  url: string;
  baseUrl: string;
  declared: Declared;
  /** The page's metadata, read once (metadataOnce). */
  metadata: () => PageMetadata;
  /** Null when a root the person picked is the article: nothing was scored. */
  scored: Scored | null;
  choice: Choice;
  laps: Laps;
  attempts: Attempt[];
  /** This reading's record in `attempts`, its outcome set as it goes. */
  attempt: Attempt;
}

/** The stages up to the choice: the page's segments, their scores, and which of its text is the article. */
function readAndChoose(
  doc: Document,
  options: ExtractOptions,
  rung: Rung,
  comments: boolean,
  clock: Clock,
  attempts: Attempt[],
): Reading | null {
  const attempt = recordAttempt(attempts, attemptName(rung, comments), 'no body');
  const laps: Laps = { clock, timings: {}, t: clock.t0 };
  const maxElements = options.maxElements ?? DEFAULT_MAX_ELEMENTS;
  const page = walkPage(doc, rung.rule, comments ? COMMENT_NAMES : null, maxElements);
  if (page === null) return null;
  lap(laps, 'segments');
  const { body, styles, walk } = page;
  const isHidden = hiddenByWalkOrFix(walk, rung.rule);
  // Strings read through the prototype (dom/access.ts): `<img name="URL">` makes `document.URL` an element.
  const url = urlOf(doc);
  const baseUrl = baseUriOf(doc) || url || '';
  const metadata = metadataOnce(doc);
  const declared = declaredPageTypes(doc);
  const root = rung.rule?.root ?? null;
  let scored: Scored | null = null;
  let choice: Choice;
  if (root !== null) {
    // A root the person picked is the article: nothing to score or choose.
    choice = { verdict: 'article', chosen: pickedRoot(root), replaced: null, wholePage: true };
  } else {
    scored = scoreWalk(walk, declared, options, comments, rung.template);
    lap(laps, 'score');
    choice = choose(scored, {
      doc,
      body,
      styled: styles.styled,
      declared,
      dated: () => metadata().published !== null,
      titles: () => declaredTitles(metadata()),
      declaredBody: () => metadata().from.ld?.articleBody ?? null,
      pageModel: options.pageModel ?? SHIPPED_PAGE_MODEL,
      listingModel: options.listingModel ?? SHIPPED_LISTING_MODEL,
      isHidden,
      force: !!options.force,
      comments,
    });
  }
  lap(laps, 'choose');
  attempt.outcome = outcomeOfChoice(choice);
  return {
    options,
    rule: rung.rule,
    template: rung.template,
    comments,
    styles,
    walk,
    isHidden,
    url,
    baseUrl,
    declared,
    metadata,
    scored,
    choice,
    laps,
    attempts,
    attempt,
  };
}

/** Read once: when the choice asks whether the page is dated, else when there is an article to describe. */
function metadataOnce(doc: Document): () => PageMetadata {
  let metadata: PageMetadata | null = null;
  return () => {
    metadata ??= readMetadata(doc);
    return metadata;
  };
}

/**
 * What a reading is called in diagnostics.attempts: what it read the page with, joined by '+' ('fix': the
 * person's fix for the site; 'template': the site's template; 'comments': the comments' names as no verdict),
 * or 'plain'.
 */
function attemptName(rung: Rung, comments: boolean): string {
  const parts: string[] = [];
  if (rung.rule !== null) parts.push('fix');
  if (rung.template !== null) parts.push('template');
  if (comments) parts.push('comments');
  return parts.length === 0 ? 'plain' : parts.join('+');
}

function recordAttempt(attempts: Attempt[], name: string, outcome: AttemptOutcome): Attempt {
  const attempt: Attempt = { name, outcome };
  attempts.push(attempt);
  return attempt;
}

/** What the choice says of a reading before the build: the build has the last word on an article. */
function outcomeOfChoice(choice: Choice): AttemptOutcome {
  if (choice.verdict !== 'article') return choice.verdict;
  return choice.chosen.method === 'page' ? 'whole page' : 'article';
}

/**
 * The page's segments (segments/), read through the person's fix for the site: its removals read as hidden.
 * `ignoredNames`, as walkSegments takes them. Null when the document has no root to read.
 */
export function walkPage(
  doc: Document,
  rule: RuleMatch | null,
  ignoredNames: ReadonlySet<string> | null,
  maxElements: number,
): { body: Element; styles: StyleSource; walk: Walk } | null {
  // Through dom/access.ts, as every read of the page: `<img name="body">` would otherwise be the body.
  const body = bodyOf(doc) ?? documentElementOf(doc);
  if (!body) return null;
  const read = (veil: Element | null): { body: Element; styles: StyleSource; walk: Walk } => {
    const page = styleSource(doc, veil);
    const styles = rule !== null && rule.removed.size > 0 ? hiding(page, rule.removed) : page;
    return { body, styles, walk: walkSegments(body, styles, maxElements, ignoredNames) };
  };
  const shown = read(null);
  // A page hiding itself until its scripts run is read as they would show it (visibility/veil.ts).
  const veil = shown.styles.styled ? veilOf(doc, shown.walk.hidden, textLength(shown.walk.segments)) : null;
  return veil === null ? shown : read(veil);
}

function textLength(segments: readonly Segment[]): number {
  let chars = 0;
  for (const s of segments) chars += s.length;
  return chars;
}

/** A removed block inside a box the walk read as one segment was never visited: ask the fix too. */
function hiddenByWalkOrFix(walk: Walk, rule: RuleMatch | null): (el: Element) => boolean {
  return rule === null || rule.removed.size === 0
    ? (el: Element): boolean => walk.hidden.has(el)
    : (el: Element): boolean => walk.hidden.has(el) || rule.removed.has(el);
}

/** Every segment's score (score/): with the model, the site's template set aside. */
function scoreWalk(
  walk: Walk,
  declared: Declared,
  options: ExtractOptions,
  comments: boolean,
  template: readonly number[] | null,
): Scored {
  return scoreSegments(walk.segments, {
    style: pageStyle(walk.segments),
    declared,
    model: options.model === undefined ? SHIPPED_MODEL : options.model,
    commentsAsText: comments,
    template: template?.length ? new Set(template) : null,
  });
}

/** The root a person picked for the site (rules/): its visible text is the article, as they saw it. */
function pickedRoot(root: Element): Chosen {
  return { method: 'rule', kind: 'article', records: 0, root, keep: null, run: null, dropped: 0 };
}

/**
 * The stages after the choice: the chosen text copied (clean/) with the boxes the person added, held to the
 * floors, and described. Null when the choice is no article, or its copy is empty or a stub.
 */
function buildArticle(reading: Reading): Found | null {
  const { choice, options } = reading;
  if (choice.verdict !== 'article') return null;
  const meta = reading.metadata();
  lap(reading.laps, 'metadata');
  const copy = (c: Chosen): BuiltContent => copyChosen(reading, c, meta.title);
  const { chosen, built: copied } = copyWithFallback(reading, choice, copy);
  const built = appendAddedBoxes(reading.rule, chosen, copied, copy);
  lap(reading.laps, 'build');
  if (built.text.trim() === '' || built.body === null) {
    reading.attempt.outcome = 'empty';
    return null;
  }
  if (!options.force && !choice.wholePage && isStub(chosen, built.text)) {
    reading.attempt.outcome = 'stub';
    return null;
  }
  reading.attempt.outcome = 'article';
  return describeArticle(reading, chosen, built, built.body, meta);
}

function copyChosen(reading: Reading, chosen: Chosen, title: string): BuiltContent {
  return buildContent({
    root: chosen.root,
    keep: chosen.keep,
    isHidden: reading.isHidden,
    lines: reading.walk.lines,
    baseUrl: reading.baseUrl,
    maxNodes: nodeBudget(reading.options.maxElements ?? DEFAULT_MAX_ELEMENTS),
    title,
    ...(chosen.labels === undefined ? {} : { labels: chosen.labels }),
  });
}

/**
 * The chosen text's copy; when that is the NewsFeed fallback's block and it builds to less than an article, the
 * run it replaced (floors.ts), recorded as an attempt of its own ('run').
 */
function copyWithFallback(
  reading: Reading,
  choice: Extract<Choice, { verdict: 'article' }>,
  copy: (c: Chosen) => BuiltContent,
): { chosen: Chosen; built: BuiltContent } {
  const built = copy(choice.chosen);
  if (choice.replaced === null || !fallbackCameOutShort(built.text)) return { chosen: choice.chosen, built };
  reading.attempt.outcome = 'short';
  reading.attempt = recordAttempt(reading.attempts, 'run', 'article');
  return { chosen: choice.replaced, built: copy(choice.replaced) };
}

/** The boxes the person added for the site (rules/): after the article, each whole, unless it holds them. */
function appendAddedBoxes(
  rule: RuleMatch | null,
  chosen: Chosen,
  copied: BuiltContent,
  copy: (c: Chosen) => BuiltContent,
): BuiltContent {
  let built = copied;
  for (const box of rule?.added ?? []) {
    if (built.body === null || containsNode(chosen.root, box) || containsNode(box, chosen.root)) continue;
    const more = copy(pickedRoot(box));
    if (more.body === null) continue;
    built.body.append(...Array.from(more.body.childNodes));
    built = {
      ...built,
      html: built.body.innerHTML,
      text: `${built.text}\n\n${more.text}`,
      images: [...built.images, ...more.images],
    };
  }
  return built;
}

/** The article and its diagnostics, from the reading, the chosen text and its copy (`body`: the copy's). */
function describeArticle(
  reading: Reading,
  chosen: Chosen,
  built: BuiltContent,
  body: Element,
  meta: PageMetadata,
): Found {
  const { walk, laps } = reading;
  let fingerprints: number[] | null = null;
  const diagnostics: Diagnostics = {
    method: chosen.method,
    styled: reading.styles.styled,
    segmentCount: walk.segments.length,
    run: chosen.run,
    dropped: chosen.dropped,
    truncated: walk.truncated || walk.depth > MAX_OUTPUT_DEPTH,
    capped: capsOf(walk),
    pageChoice: chosen.decision ?? null,
    listing: chosen.listing ?? null,
    timings: laps.timings,
    rule: null,
    // Made when first read: the memory learns them after the reader's first paint, which need not wait.
    get fingerprints(): number[] {
      fingerprints ??= pageFingerprints(walk.segments);
      return fingerprints;
    },
    template: reading.scored?.template ?? 0,
    attempts: reading.attempts,
  };
  const stats = readingStats(built.text, meta.lang);
  lap(laps, 'reading');
  laps.timings.total = laps.clock.now() - laps.clock.t0;
  const article: ReaderArticle = {
    title: meta.title,
    byline: meta.byline,
    siteName: meta.siteName,
    published: meta.published,
    lang: meta.lang,
    dir: meta.dir,
    url: reading.url || reading.baseUrl,
    content: built.html,
    // A page that declares a product (score/page-type.ts) is read as one, unless its text is a thread or a list.
    kind: chosen.kind === 'article' && reading.declared.product ? 'product' : chosen.kind,
    records: chosen.records,
    wordCount: stats.words,
    readingMinutes: stats.minutes,
    diagnostics,
  };
  return {
    extracted: { article, body, sources: built.sources },
    from: meta.from,
    baseUrl: reading.baseUrl,
    images: built.images,
    text: built.text,
    segments: walk.segments,
    scores: () =>
      reading.scored ??
      scoreWalk(walk, reading.declared, reading.options, reading.comments, reading.template),
  };
}

function capsOf(walk: { cap: Cap | null; depth: number }): Cap[] {
  const caps: Cap[] = [];
  if (walk.cap !== null) caps.push(walk.cap);
  // The copy unwraps what lies deeper than this (clean/copy.ts); the walk saw how deep the page went.
  if (walk.depth > MAX_OUTPUT_DEPTH) caps.push('depth');
  return caps;
}

/** The start of the text, cut at a sentence end near 200 characters. */
function excerptOf(text: string): string {
  const para = text.split(/\n\s*\n/).find((p) => p.trim().length > 0) ?? '';
  if (para.length <= 220) return para.trim();
  const cut = para.slice(0, 220);
  const stop = Math.max(
    cut.lastIndexOf('. '),
    cut.lastIndexOf('。'),
    cut.lastIndexOf('! '),
    cut.lastIndexOf('? '),
  );
  return `${(stop > 80 ? cut.slice(0, stop + 1) : cut.replace(/\s+\S*$/, '')).trim()}${stop > 80 ? '' : '…'}`;
}
