/**
 * The choose stage: which of the page's text is the article. The declared `articleBody` first (declared.ts);
 * else the best run of scored segments (runs.ts), unless the page is a listing (listing.ts), widened to a
 * thread's records (records.ts), its edges trimmed and its lead and notes taken in (around.ts), what does not
 * belong left out inside it (prune.ts); then the floors (floors.ts): too little text gives way to the
 * NewsFeed fallback.
 */
import type { Run } from '../mss/index.ts';
import { contentProbability, type Model } from '../score/model.ts';
import type { Declared } from '../score/page-type.ts';
import type { Scored } from '../score/scored.ts';
import type { Segment } from '../segments/index.ts';
import type { ArticleKind } from '../types.ts';
import { leadBefore, notesAfter, trimRun } from './around.ts';
import { type Choice, type Chosen, commonAncestor, range, textNodes } from './chosen.ts';
import { fromArticleBody } from './declared.ts';
import {
  type FallbackPage,
  fallbackCameOutShort,
  isStub,
  isStubRun,
  textChars,
  withFallback,
} from './floors.ts';
import { besideListing } from './listing.ts';
import { LISTING_THRESHOLD, listingRow } from './listing-page.ts';
import { charsOf, pageIndices } from './page.ts';
import { type PageDecision, pageChoiceRow } from './page-choice.ts';
import { keepInRun, offColumn } from './prune.ts';
import { type Widened, widenToRecords } from './records.ts';
import { beforeComments, bestRun, candidateRuns, commentsAfter } from './runs.ts';
import { sectionsAfter } from './sections.ts';
import { type StoryChoice, storyRun } from './story.ts';

export type { Choice, Chosen };
export { fallbackCameOutShort, isStub };

/** The page as the choose stage reads it, besides its scored segments. */
export interface Page extends FallbackPage {
  doc: Document;
  /** Computed styles were read: boxes can be compared (geometry/). */
  styled: boolean;
  /** What the page says it is (score/page-type.ts). */
  declared: Declared;
  /** The titles the page declares for its story (metadata/): where its headline is found (story.ts). */
  titles: () => readonly string[];
  /** The story's text as the page's JSON-LD declares it (`articleBody`), or null (story.ts). */
  declaredBody: () => string | null;
  /** Whether a page is answered whole or by its run (page-choice.ts). */
  pageModel: Model;
  /** Whether a page whose best run reads as text is a listing all the same (listing-page.ts). */
  listingModel: Model;
  /**
   * The page is read as its comments (extract.ts): its run is a thread, never a listing, though its replies
   * are short and each is signed with a linked name and date, as a listing's teasers and headlines are.
   */
  comments: boolean;
}

/**
 * The article's text, or why there is none. A page whose best run holds under CONSIDER_SHARE of all its text
 * may be no one text: the page-kind decision (page-choice.ts) says whether it is answered whole, less its
 * chrome (page.ts), or by the run. With `page.force` (the person asked for the page anyway) a listing, and a
 * page whose run keeps only a stub, are answered whole too, and a page without a run falls back to its body.
 */
export function choose(scored: Scored, page: Page): Choice {
  const declared = fromArticleBody(page.doc, scored, page.styled);
  if (declared !== null) return withFallback(declared, scored, page);
  const all = candidateRuns(scored);
  const found = bestRun(all, scored);
  if (found === null) return withFallback(null, scored, page);
  // The page's headline says which story is the article: not a strip of other stories' teasers, nor the next
  // story loaded below it (story.ts). A thread read from its comments has no story to anchor.
  const story = page.comments
    ? { run: found, replaced: false, end: scored.segments.length }
    : storyRun(found, all, scored, {
        titles: page.titles(),
        // A forum posting's declared body is its first post: the replies are the thread's text too.
        body: page.declared.discussion ? null : page.declaredBody(),
      });
  const best = story.run;
  const run = page.comments ? best : besideListing(best, all, scored);
  // The page less its chrome, read once: the listing decision, the page-kind decision and Show anyway use it.
  let ownIndices: number[] | undefined;
  const own = (): number[] => (ownIndices ??= pageIndices(scored));
  const listing = run === null || page.comments ? null : listingDecision(scored, page, run, own());
  // A listing (home page, section front) is an answer, not a weak run: the fallback would only pick a teaser.
  // Shown anyway, it is the page less its chrome: the list and what the page says around it.
  if (run === null || (listing !== null && listing.probability >= LISTING_THRESHOLD)) {
    if (!page.force) return { verdict: 'listing' };
    return pageChoice(scored, page, own(), widenToRecords(best, scored, true).records, null);
  }
  return withListing(chooseRun(run, all, story, scored, page, own), listing);
}

/** The page's listing decision (listing-page.ts): its features and the model's probability of a listing. */
function listingDecision(scored: Scored, page: Page, run: Run, own: readonly number[]): PageDecision {
  const features = listingRow(page.doc, scored, own, run, page.declared);
  return { features, probability: contentProbability(page.listingModel, features) };
}

/** The choice with the listing decision that let it through, for the diagnostics. */
function withListing(choice: Choice, listing: PageDecision | null): Choice {
  if (choice.verdict !== 'article' || listing === null) return choice;
  return { ...choice, chosen: { ...choice.chosen, listing } };
}

/** The answer from the page's best run, once it is known to be no listing; `own`: the page less its chrome. */
function chooseRun(
  run: Run,
  all: readonly Run[],
  story: StoryChoice,
  scored: Scored,
  page: Page,
  own: () => number[],
): Choice {
  const chosen = fromRun(beforeComments(run, all, scored), scored, page, story.end);
  const chars = chosen === null ? 0 : textChars(chosen, scored.segments);
  // Shown anyway, a run that keeps nothing or a stub is the page less its chrome too, not the NewsFeed block:
  // a front page's grid of cards, every box off the column, kept nothing, and its "Support us" banner was
  // shown; a shop's grid, its "Showing all 39 results" (docs/extraction.md). It is not said to be
  // a list: the record sets found on such pages were its sections, not its items.
  if (page.force && isStubRun(chars)) return pageChoice(scored, page, own(), null, null);
  if (chosen?.kind === 'article') {
    // A page that says it is an article and holds a stub of one is a paywall's teaser: no article, not the
    // subscription offers around it (fixture paywall-stub).
    const stubOfArticle = page.declared.article && isStubRun(chars);
    // The story under the headline of a page that declares an article, chosen over another story's text, is
    // the answer: the page said which text it is, and the page whole would hold the other stories again.
    if (
      !stubOfArticle &&
      !(story.replaced && page.declared.article && !page.declared.product) &&
      chars < CONSIDER_SHARE * charsOf(range(0, scored.segments.length - 1), scored)
    ) {
      const inRun = keptBy(chosen, scored);
      const features = pageChoiceRow(scored, own(), (i) => inRun.has(i), {
        declaredArticle: page.declared.article,
        declaredProduct: page.declared.product,
        dated: page.dated(),
        commentsAfter: commentsAfter(scored.segments, chosen.run?.start ?? 0),
      });
      const decision: PageDecision = { features, probability: contentProbability(page.pageModel, features) };
      if (decision.probability >= 0.5) return pageChoice(scored, page, withRun(own(), inRun), null, decision);
      return withFallback({ ...chosen, decision }, scored, page);
    }
  }
  return withFallback(chosen, scored, page);
}

/**
 * A run holding this share of all the page's text or more is taken as the page's one text: the decision is not
 * asked, which spares most pages its landmark test per segment and the metadata read. Out of fold on the dev
 * corpora the decision already gains nothing just below it (runs of 50–60 %: 12 of 106 pages answered whole,
 * −0.15 page-F1 in all; docs/extraction.md, "The page-kind decision").
 */
const CONSIDER_SHARE = 0.6;

/** The indices of the segments the run kept. */
function keptBy(chosen: Chosen, scored: Scored): Set<number> {
  const out = new Set<number>();
  const keep = chosen.keep;
  scored.segments.forEach((s, i) => {
    const first = s.runs.node[s.from];
    if (keep === null || (first && keep.has(first))) out.add(i);
  });
  return out;
}

/** The page's own segments and those the run kept: a product's details in a drawer (a `dialog`) stay. */
function withRun(own: readonly number[], inRun: ReadonlySet<number>): number[] {
  return [...new Set([...own, ...inRun])].sort((a, b) => a - b);
}

/**
 * The page less its chrome (page.ts) as the answer; `items`, of a listing shown anyway: how many cards its best
 * run's set holds (records.ts), for the reader's "List · 12 items".
 */
function pageChoice(
  scored: Scored,
  page: Page,
  own: readonly number[],
  items: number | null,
  decision: PageDecision | null,
): Choice {
  const kept = own.map((i) => scored.segments[i] as Segment);
  if (kept.length === 0) return withFallback(null, scored, page);
  const chosen: Chosen = {
    method: 'page',
    kind: items === null ? 'article' : 'listing',
    records: items ?? 0,
    root: commonAncestor(kept),
    keep: textNodes(kept),
    run: null,
    dropped: 0,
    decision,
  };
  return withFallback(chosen, scored, page);
}

/**
 * An article's run widened to a set of records stays within the story under the page's headline (story.ts):
 * the next story an endless page loads is a box of the same shape, not more of this one. A thread's posts
 * are not cut.
 */
function withinStory(widened: Widened, storyEnd: number): Widened {
  if (widened.dated || widened.run.end < storyEnd || widened.run.start >= storyEnd) return widened;
  return { ...widened, run: { ...widened.run, end: storyEnd - 1 } };
}

/** Luo segments + maximum scoring subsequence (docs/extraction.md): the run's segments that are kept. */
function fromRun(candidate: Run, scored: Scored, page: Page, storyEnd: number): Chosen | null {
  const widened = withinStory(widenToRecords(candidate, scored), storyEnd);
  const run = trimRun(widened.run, scored);
  const kind: ArticleKind = widened.dated ? 'thread' : 'article';
  const notes = notesAfter(run, scored);
  // A thread's posts are kept whole, signed and said, whatever the model gives them; the first post's author
  // and date lines can fall before the trimmed run, and the last post's after it (a Q&A site signs below).
  const posts = [...widened.signatures, ...widened.bodies];
  const signedBefore = posts.filter((i) => i < run.start);
  const signedAfter = posts.filter((i) => i > run.end && !notes.includes(i));
  const lead = leadBefore(run, scored).filter((i) => !signedBefore.includes(i));
  // A thread's last post is its end; a document's last sections are more of it.
  const sections = kind === 'article' ? sectionsAfter(run, scored) : [];
  const indices = [
    ...new Set([
      ...lead,
      ...signedBefore,
      ...range(run.start, run.end),
      ...signedAfter,
      ...notes,
      ...sections,
    ]),
  ].sort((a, b) => a - b);
  const drop = offColumn(indices, scored, page.styled);
  for (const i of widened.between) drop.add(i);
  const { kept, dropped } = keepInRun(indices, scored, drop, {
    notes: new Set(notes),
    signatures: new Set(posts),
    sections: new Set(sections),
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
    ...(widened.accepted?.length ? { labels: acceptedLabels(widened.accepted) } : {}),
  };
}

/** What the reader shows above an answer the page declares accepted. */
export const ACCEPTED_LABEL = 'Accepted answer';

function acceptedLabels(accepted: readonly Element[]): Map<Element, string> {
  return new Map(accepted.map((el) => [el, ACCEPTED_LABEL]));
}
