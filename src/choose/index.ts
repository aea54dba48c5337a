/**
 * The choose stage: which of the page's text is the article. The declared `articleBody` first (declared.ts);
 * else the best run of scored segments (runs.ts), unless the page is a listing (listing.ts), widened to a
 * thread's records (records.ts), its edges trimmed and its lead and notes taken in (around.ts), what does not
 * belong left out inside it (prune.ts); then the floors (floors.ts): too little text gives way to the
 * NewsFeed fallback.
 */
import type { Run } from '../mss/index.ts';
import type { Scored } from '../score/scored.ts';
import type { ArticleKind } from '../types.ts';
import { leadBefore, notesAfter, trimRun } from './around.ts';
import { type Choice, type Chosen, commonAncestor, range, textNodes } from './chosen.ts';
import { fromArticleBody } from './declared.ts';
import { type FallbackPage, fallbackCameOutShort, isStub, withFallback } from './floors.ts';
import { besideListing, looksLikeListing } from './listing.ts';
import { keepInRun, offColumn } from './prune.ts';
import { widenToRecords } from './records.ts';
import { beforeComments, bestRun, candidateRuns } from './runs.ts';

export type { Choice, Chosen };
export { fallbackCameOutShort, isStub };

/** The page as the choose stage reads it, besides its scored segments. */
export interface Page extends FallbackPage {
  doc: Document;
  /** Computed styles were read: boxes can be compared (geometry/). */
  styled: boolean;
}

/**
 * The article's text, or why there is none. With `page.force` (the person asked for the page anyway) a
 * listing is shown as its cards in order, and a page without a run falls back to its body.
 */
export function choose(scored: Scored, page: Page): Choice {
  const declared = fromArticleBody(page.doc, scored, page.styled);
  if (declared !== null) return withFallback(declared, scored.segments, page);
  const all = candidateRuns(scored);
  const best = bestRun(all, scored);
  if (best === null) return withFallback(null, scored.segments, page);
  const run = page.force ? best : besideListing(best, all, scored);
  // A listing (home page, section front) is an answer, not a weak run: the fallback would only pick a teaser.
  if (run === null) return { verdict: 'listing' };
  return withFallback(fromRun(beforeComments(run, all, scored), scored, page), scored.segments, page);
}

/** Luo segments + maximum scoring subsequence (ALGORITHMS.md steps 3–7): the run's segments that are kept. */
function fromRun(candidate: Run, scored: Scored, page: Page): Chosen | null {
  const listing = page.force && looksLikeListing(candidate, scored);
  const widened = widenToRecords(candidate, scored, listing);
  const run = trimRun(widened.run, scored);
  const kind: ArticleKind = listing && widened.records > 0 ? 'listing' : widened.dated ? 'thread' : 'article';
  const notes = notesAfter(run, scored);
  // A thread's posts are kept whole, signed and said, whatever the model gives them; the first post's author
  // and date lines can fall before the trimmed run, and the last post's after it (a Q&A site signs below).
  const posts = [...widened.signatures, ...widened.bodies];
  const signedBefore = posts.filter((i) => i < run.start);
  const signedAfter = posts.filter((i) => i > run.end && !notes.includes(i));
  const lead = leadBefore(run, scored).filter((i) => !signedBefore.includes(i));
  const indices = [...lead, ...signedBefore, ...range(run.start, run.end), ...signedAfter, ...notes].sort(
    (a, b) => a - b,
  );
  const drop = offColumn(indices, scored, page.styled);
  for (const i of widened.between) drop.add(i);
  const { kept, dropped } = keepInRun(indices, scored, drop, {
    notes: new Set(notes),
    signatures: new Set(posts),
    listing,
  });
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
