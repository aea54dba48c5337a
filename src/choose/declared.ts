/**
 * The article the page declares: schema.org `articleBody` (NewsFeed tries it first). Trusted only for its
 * visible text, and cleaned like a run: what sits off its column and boilerplate-named boxes set in it are
 * left out.
 */
import { containsNode, querySelectorAllIn } from '../dom/access.ts';
import { NEWSFEED } from '../fallback/index.ts';
import type { Scored } from '../score/scored.ts';
import { type Chosen, range, textNodes } from './chosen.ts';
import { declaredPosts } from './posts.ts';
import { keepInRun, offColumn } from './prune.ts';

/** The articleBody element must hold this much VISIBLE text to be trusted (NewsFeed C_Σ). */
const MIN_ARTICLE_CHARS = NEWSFEED.minArticleChars;

/** The declared element with the most visible text, if one has enough: the first match can be a hidden copy. */
export function fromArticleBody(doc: Document, scored: Scored, styled: boolean): Chosen | null {
  let best: { el: Element; chars: number; first: number; last: number } | null = null;
  let posts: Element[] | null = null;
  for (const el of Array.from(querySelectorAllIn(doc, '[itemprop~="articleBody" i]'))) {
    // The body of one post of a thread the page declares (posts.ts) is that post's, not the page's: the run
    // finds the thread, every post of it (modern-dev: a forum thread came out as its first post).
    posts ??= declaredPosts(doc).items;
    if (posts.some((post) => containsNode(post, el))) continue;
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
  const drop = offColumn(indices, scored, styled);
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
