/**
 * How much text makes an article. A chosen run with less than NewsFeed's C_Σ gives way to the NewsFeed
 * fallback, unless it is the whole page; after the build, a fallback block that came out short gives the
 * run back, and what is still a stub (a paywall teaser, a video caption) is no article.
 */
import { visibleLength } from '../dom/text.ts';
import { NEWSFEED, newsFeedFallback } from '../fallback/index.ts';
import type { Scored } from '../score/scored.ts';
import type { Segment } from '../segments/index.ts';
import { type Choice, type Chosen, wholeElement } from './chosen.ts';

/** An article's worth of text (NewsFeed C_Σ): the fallback's own floor, and what a run must hold to stand. */
const MIN_ARTICLE_CHARS = NEWSFEED.minArticleChars;
/** Below this a chosen run is a stub: the paywall-stub fixture's teaser has ~180 visible characters. */
const MIN_RUN_CHARS = 250;
/**
 * A run holding this share of all the page's visible text is the page itself: a short note with nothing
 * around it is its own article (Readability returns it too; 7 of its 130 test pages are such pages).
 */
const WHOLE_PAGE_SHARE = 0.85;
/**
 * A short post alone on its page (a blog's three-line dialogue, a one-sentence note: trafilatura-dev) holds
 * at least this much: two of NewsFeed's paragraphs, more than a caption or a "Page not found" line.
 */
const MIN_POST_CHARS = 2 * NEWSFEED.minParagraphChars;

/** Where the fallback looks, and when the person asked for the page anyway. */
export interface FallbackPage {
  body: Element;
  isHidden: (el: Element) => boolean;
  force: boolean;
  /** The page states when it was published (metadata/): read only when the choice needs it. */
  dated: () => boolean;
}

/**
 * The choice from a chosen run (or none): kept when it holds an article's worth of text or the whole page,
 * else replaced by the NewsFeed fallback's block when there is one; with nothing, the page's body when forced.
 */
export function withFallback(chosen: Chosen | null, scored: Scored, page: FallbackPage): Choice {
  const { segments } = scored;
  const wholePage = chosen !== null && (isWholePage(chosen, segments) || isPostAlone(chosen, scored, page));
  if (!wholePage && (chosen === null || textChars(chosen, segments) < MIN_ARTICLE_CHARS)) {
    const el = newsFeedFallback(page.body, page.isHidden);
    if (el) return { verdict: 'article', chosen: wholeElement('fallback', el), replaced: chosen, wholePage };
  }
  if (chosen !== null) return { verdict: 'article', chosen, replaced: null, wholePage };
  if (page.force)
    return { verdict: 'article', chosen: wholeElement('forced', page.body), replaced: null, wholePage };
  return { verdict: 'none' };
}

/**
 * NewsFeed counts characters its own way; when its block builds to less than C_Σ, the short run it
 * replaced is still the better answer (trafilatura-dev: a 320-character interview teaser page).
 */
export function fallbackCameOutShort(builtText: string): boolean {
  return visibleLength(builtText) < MIN_ARTICLE_CHARS;
}

/**
 * A stub (a paywall teaser, a video caption) is not an article. The fallback keeps NewsFeed's own C_Σ; a
 * chosen run may be shorter (trafilatura-dev has real articles of 300 characters).
 */
export function isStub(chosen: Chosen, builtText: string): boolean {
  return visibleLength(builtText) < (chosen.method === 'fallback' ? MIN_ARTICLE_CHARS : MIN_RUN_CHARS);
}

/** A run of fewer visible characters is a stub (isStub's floor, counted over its segments). */
export function isStubRun(chars: number): boolean {
  return chars < MIN_RUN_CHARS;
}

/** The visible characters of the segments the chosen text keeps (a whole element: all of them). */
export function textChars(chosen: Chosen, segments: readonly Segment[]): number {
  if (chosen.keep === null) return Number.POSITIVE_INFINITY;
  let n = 0;
  for (const s of segments) {
    const first = s.runs.node[s.from];
    if (first && chosen.keep.has(first)) n += s.length;
  }
  return n;
}

/**
 * The chosen text is a short post with nothing on its page but chrome: the page is dated, and no paragraph
 * outside it (NewsFeed's C_P of text that is not a link; not a heading, which the headline is) reads as
 * article text, by the model's sign after the site's template. A paywall's teaser is no such post: the
 * pitch under it reads as a paragraph of text (fixture paywall-stub); nor is one teaser of a listing,
 * beside the others.
 */
function isPostAlone(chosen: Chosen, scored: Scored, page: FallbackPage): boolean {
  const keep = chosen.keep;
  if (keep === null || textChars(chosen, scored.segments) < MIN_POST_CHARS) return false;
  const paragraphOutside = scored.segments.some((s, i) => {
    const first = s.runs.node[s.from];
    if (s.raw === '' || s.heading > 0 || scored.sign[i] !== 1 || (first && keep.has(first))) return false;
    return s.length - s.linkChars >= NEWSFEED.minParagraphChars;
  });
  return !paragraphOutside && page.dated();
}

function isWholePage(chosen: Chosen, segments: readonly Segment[]): boolean {
  let page = 0;
  for (const s of segments) page += s.length;
  const chars = textChars(chosen, segments);
  // Still a paragraph's worth (NewsFeed's C_P): a page that only says "Loading…" has no article.
  return chars >= NEWSFEED.minParagraphChars && chars >= WHOLE_PAGE_SHARE * page;
}
