import { buildContent } from './clean/index.ts';
import {
  baseUriOf,
  bodyOf,
  containsNode,
  documentElementOf,
  querySelectorAllIn,
  urlOf,
} from './dom/access.ts';
import { flatContains, flatParentElement } from './dom/flat.ts';
import { MAX_ANCESTORS, MAX_OUTPUT_DEPTH } from './dom/limits.ts';
import { visibleLength } from './dom/text.ts';
import { NEWSFEED, newsFeedFallback } from './fallback/index.ts';
import { misaligned, readBoxes } from './geometry/index.ts';
import { readingStats, readMetadata } from './metadata/index.ts';
import type { Run } from './mss/index.ts';
import { pageStyle } from './score/index.ts';
import { SHIPPED_MODEL } from './score/shipped.ts';
import { nodeBudget, type Segment, walkSegments } from './segments/index.ts';
import {
  bestRun,
  firstCommentsHeading,
  keepInRun,
  leadBefore,
  looksLikeListing,
  notesAfter,
  runs,
  type Scored,
  scoreSegments,
  trimRun,
  widenToRecords,
} from './select/index.ts';
import type {
  Article,
  ArticleKind,
  Cap,
  Diagnostics,
  Extracted,
  ExtractMethod,
  ExtractOptions,
} from './types.ts';
import { styleSource } from './visibility/index.ts';

/**
 * Work cap for huge pages. News pages measured in the dev corpora have 400–4,000 elements; 25,000 leaves
 * ample room for long comment threads while bounding the walk on 100,000-node documents.
 */
export const DEFAULT_MAX_ELEMENTS = 25_000;

/** The articleBody element must hold this much VISIBLE text to be trusted (NewsFeed C_Σ). */
const MIN_ARTICLE_CHARS = NEWSFEED.minArticleChars;
/** Below this a chosen run is a stub: the paywall-stub fixture's teaser has ~180 visible characters. */
const MIN_RUN_CHARS = 250;
/**
 * A run holding this share of all the page's visible text is the page itself: a short note with nothing
 * around it is its own article (Readability returns it too; 7 of its 130 test pages are such pages).
 */
const WHOLE_PAGE_SHARE = 0.85;

/** Past a listing, the next run must score this share of it to be the article beside it. */
const ALTERNATIVE_SHARE = 0.5;

/**
 * A run after the comments heading is the article only when nothing before that heading scores a fifth of
 * it (a "Comments" heading above the article, in a left-hand column, must not hide the article).
 */
const BEFORE_COMMENTS_SHARE = 0.2;

interface Body {
  method: ExtractMethod;
  kind: ArticleKind;
  /** See Article.records. */
  records: number;
  root: Element;
  /** Null: every visible text node under root. */
  keep: Set<Text> | null;
  run: Run | null;
  dropped: number;
}

/**
 * Finds the article in a rendered document (ALGORITHMS.md): reads, never writes, never throws.
 * Returns null when the page has no article, unless options.force asks for a best effort.
 */
export function extract(doc: Document, options: ExtractOptions = {}): Article | null {
  return extractWithBody(doc, options)?.article ?? null;
}

/**
 * `extract`, and the article's body as the copy built it: nodes in an inert document (nothing there loads or
 * runs), which the reader inserts through clean/present.ts instead of parsing `content` again.
 */
export function extractWithBody(doc: Document, options: ExtractOptions = {}): Extracted | null {
  try {
    return run(doc, options);
  } catch (error) {
    // A hostile or broken document must cost the user nothing: no article, no exception. The hook lets
    // tests and tools see what was swallowed.
    try {
      options.onError?.(error);
    } catch {
      // A failing handler must not make extract() throw either.
    }
    return null;
  }
}

function run(doc: Document, options: ExtractOptions): Extracted | null {
  const now = options.now ?? (() => (typeof performance === 'undefined' ? Date.now() : performance.now()));
  const t0 = now();
  const timings: Record<string, number> = {};
  const lap = (name: string, since: number): number => {
    const t = now();
    timings[name] = t - since;
    return t;
  };

  // Through dom/access.ts, as every read of the page: `<img name="body">` would otherwise be the body.
  const body = bodyOf(doc) ?? documentElementOf(doc);
  if (!body) return null;
  const styles = styleSource(doc);
  const maxElements = options.maxElements ?? DEFAULT_MAX_ELEMENTS;
  const walk = walkSegments(body, styles, maxElements);
  let t = lap('segments', t0);
  const isHidden = (el: Element): boolean => walk.hidden.has(el);

  const model = options.model === undefined ? SHIPPED_MODEL : options.model;
  const scored = scoreSegments(walk.segments, pageStyle(walk.segments), model);
  const chosen =
    fromArticleBody(doc, scored, styles.styled) ?? fromSegments(scored, styles.styled, !!options.force);
  t = lap('select', t);
  // A listing (home page, section front) is an answer, not a weak run: the fallback would only pick a teaser.
  if (chosen === 'listing') return null;

  let picked: Body | null = chosen;
  const wholePage = picked !== null && isWholePage(picked, scored.segments);
  if (!wholePage && (picked === null || textChars(picked, scored.segments) < MIN_ARTICLE_CHARS)) {
    const el = newsFeedFallback(body, isHidden);
    if (el)
      picked = {
        method: 'fallback',
        kind: 'article',
        records: 0,
        root: el,
        keep: null,
        run: null,
        dropped: 0,
      };
  }
  if (picked === null && options.force) {
    picked = { method: 'forced', kind: 'article', records: 0, root: body, keep: null, run: null, dropped: 0 };
  }
  if (picked === null) return null;
  t = lap('fallback', t);

  // Strings read through the prototype (dom/access.ts): `<img name="URL">` makes `document.URL` an element.
  const url = urlOf(doc);
  const baseUrl = baseUriOf(doc) || url || '';
  const meta = readMetadata(doc, baseUrl);
  t = lap('metadata', t);
  const maxNodes = nodeBudget(maxElements);
  const build = (b: Body) =>
    buildContent({ root: b.root, keep: b.keep, isHidden, baseUrl, maxNodes, title: meta.title });
  let built = build(picked);
  // NewsFeed counts characters its own way; when its block builds to less than C_Σ, the short run it
  // replaced is still the better answer (trafilatura-dev: a 320-character interview teaser page).
  if (picked.method === 'fallback' && chosen !== null && visibleLength(built.text) < MIN_ARTICLE_CHARS) {
    picked = chosen;
    built = build(picked);
  }
  t = lap('build', t);
  // A stub (a paywall teaser, a video caption) is not an article. The fallback keeps NewsFeed's own C_Σ; a
  // chosen run may be shorter (trafilatura-dev has real articles of 300 characters).
  const minChars = picked.method === 'fallback' ? MIN_ARTICLE_CHARS : MIN_RUN_CHARS;
  if (built.text.trim() === '' || built.body === null) return null;
  if (!options.force && !wholePage && visibleLength(built.text) < minChars) return null;

  const diagnostics: Diagnostics = {
    method: picked.method,
    styled: styles.styled,
    segmentCount: walk.segments.length,
    run: picked.run,
    dropped: picked.dropped,
    truncated: walk.truncated || walk.depth > MAX_OUTPUT_DEPTH,
    capped: capsOf(walk),
    timings,
  };
  const reading = readingStats(built.text, meta.lang);
  lap('reading', t);
  timings.total = now() - t0;
  const article: Article = {
    title: meta.title,
    byline: meta.byline,
    siteName: meta.siteName,
    published: meta.published,
    lang: meta.lang,
    dir: meta.dir,
    url: url || baseUrl,
    leadImage: meta.leadImage ?? built.images[0] ?? null,
    excerpt: meta.description ?? excerptOf(built.text),
    content: built.html,
    text: built.text,
    kind: picked.kind,
    records: picked.records,
    wordCount: reading.words,
    readingMinutes: reading.minutes,
    diagnostics,
  };
  return { article, body: built.body };
}

/** schema.org `articleBody` first (NewsFeed), but only its visible text counts: the first match can be a hidden copy. */
function fromArticleBody(doc: Document, scored: Scored, styled: boolean): Body | null {
  let best: { el: Element; chars: number; first: number; last: number } | null = null;
  for (const el of Array.from(querySelectorAllIn(doc, '[itemprop~="articleBody" i]'))) {
    let chars = 0;
    let first = -1;
    let last = -1;
    for (const s of scored.segments) {
      if (!containsNode(el, s.block)) continue;
      chars += s.length;
      if (first < 0) first = s.index;
      last = s.index;
    }
    if (chars >= MIN_ARTICLE_CHARS && (best === null || chars > best.chars))
      best = { el, chars, first, last };
  }
  if (best === null) return null;
  const indices = range(best.first, best.last);
  const drop = styled
    ? misaligned(
        pick(scored.segments, indices),
        positives(scored, indices),
        readBoxes(pick(scored.segments, indices)),
      )
    : new Set<number>();
  // Inside a declared article body the body is the wrapper, so a boilerplate-named box in it is furniture
  // set in the story, however much text it holds (readability-test-pages' bug-1255978: a 50-slide gallery in
  // `dnd-widget-wrapper`, 80% of the page's prose), unless it holds the body's opening.
  const opening = indices.find((i) => scored.sign[i] === 1);
  const openingBlock = opening === undefined ? null : scored.segments[opening]?.block;
  for (const i of indices) {
    const flagged = scored.segments[i]?.flagged;
    if (
      flagged &&
      flagged !== best.el &&
      containsNode(best.el, flagged) &&
      !containsNode(flagged, openingBlock ?? null)
    )
      drop.add(i);
  }
  const { kept, dropped } = keepInRun(indices, scored, drop);
  return {
    method: 'articleBody',
    kind: 'article',
    records: 0,
    root: best.el,
    keep: textNodes(kept),
    run: { start: best.first, end: best.last, score: best.chars },
    dropped,
  };
}

/** Luo segments + maximum scoring subsequence (ALGORITHMS.md steps 3–7). */
function fromSegments(scored: Scored, styled: boolean, force: boolean): Body | 'listing' | null {
  const all = runs(scored);
  let run = bestRun(all, scored);
  if (run === null) return null;
  if (!force && looksLikeListing(run, scored)) {
    // A teaser stream under the article can outscore it (readability-test-pages' yahoo-3); a home page has
    // no run of prose half as strong as its listing.
    const best = run;
    const alt = bestRun(
      all.filter((r) => r.end < best.start || r.start > best.end),
      scored,
    );
    if (alt === null || alt.score < ALTERNATIVE_SHARE * best.score || looksLikeListing(alt, scored))
      return 'listing';
    run = alt;
  }
  const comments = firstCommentsHeading(scored.segments);
  if (comments >= 0 && run.start > comments) {
    const before = bestRun(
      all.filter((r) => r.end < comments),
      scored,
    );
    if (before !== null && before.score >= BEFORE_COMMENTS_SHARE * run.score) run = before;
  }
  const listing = force && looksLikeListing(run, scored);
  const widened = widenToRecords(run, scored, listing);
  run = trimRun(widened.run, scored);
  const kind: ArticleKind = listing && widened.records > 0 ? 'listing' : widened.dated ? 'thread' : 'article';
  const notes = notesAfter(run, scored);
  const indices = [...leadBefore(run, scored), ...range(run.start, run.end), ...notes];
  const segs = pick(scored.segments, indices);
  const drop = styled ? misaligned(segs, positives(scored, indices), readBoxes(segs)) : new Set<number>();
  const { kept, dropped } = keepInRun(indices, scored, drop, new Set(notes), listing);
  if (kept.length === 0) return null;
  return {
    method: 'segments',
    kind,
    records: kind === 'article' ? 0 : widened.records,
    root: commonAncestor(kept),
    keep: textNodes(kept),
    run,
    dropped,
  };
}

function textChars(body: Body, segments: readonly Segment[]): number {
  if (body.keep === null) return Number.POSITIVE_INFINITY;
  let n = 0;
  for (const s of segments) {
    const first = s.runs.node[s.from];
    if (first && body.keep.has(first)) n += s.length;
  }
  return n;
}

function isWholePage(body: Body, segments: readonly Segment[]): boolean {
  let page = 0;
  for (const s of segments) page += s.length;
  const chars = textChars(body, segments);
  // Still a paragraph's worth (NewsFeed's C_P): a page that only says "Loading…" has no article.
  return chars >= NEWSFEED.minParagraphChars && chars >= WHOLE_PAGE_SHARE * page;
}

function range(from: number, to: number): number[] {
  const out: number[] = [];
  for (let i = from; i <= to; i++) out.push(i);
  return out;
}

function pick(segments: readonly Segment[], indices: readonly number[]): Segment[] {
  return indices.map((i) => segments[i] as Segment);
}

function positives(scored: Scored, indices: readonly number[]): Set<number> {
  return new Set(indices.filter((i) => (scored.luo[i] ?? -1) > 0));
}

function textNodes(segments: readonly Segment[]): Set<Text> {
  const out = new Set<Text>();
  for (const s of segments) {
    for (let k = s.from; k < s.to; k++) {
      const node = s.runs.node[k];
      if (node) out.add(node);
    }
  }
  return out;
}

/**
 * The deepest element containing every kept segment's block, in the flat tree (shadow roots, frames). The
 * root only climbs, so its steps are bounded over the whole call, not per segment.
 */
function commonAncestor(segments: readonly Segment[]): Element {
  const first = segments[0] as Segment;
  let root: Element = first.block;
  let climbed = 0;
  for (const s of segments) {
    while (!flatContains(root, s.block) && climbed++ < MAX_ANCESTORS) {
      const parent = flatParentElement(root);
      if (parent === null) break;
      root = parent;
    }
  }
  return root;
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
