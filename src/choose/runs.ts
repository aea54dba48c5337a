/**
 * The candidate runs and the best of them: the maximal scoring runs of segments (Ruzzo–Tompa over each
 * segment's weight), cut at headings that end an article (comments, other stories), with an `<hr>` costing a
 * short paragraph; a second chunk of the same article joined to the best run; and, when the best run lies
 * past the comments heading, the run before it. What a run holds is decided later (around.ts, prune.ts).
 */
import {
  attributeOf,
  closestOf,
  firstElementChildOf,
  localNameOf,
  nextElementSiblingOf,
  parentElementOf,
  previousElementSiblingOf,
  textContentOf,
} from '../dom/access.ts';
import { maximalRuns, type Run } from '../mss/index.ts';
import type { Scored } from '../score/scored.ts';
import { type Segment, segmentText } from '../segments/index.ts';

/**
 * Crossing an `<hr>` costs as much as a short paragraph: Pasternack & Roth found it usually separates the
 * article from its comments, but blogs and long reads also put rules between sections of one article
 * (measured on 150 trafilatura-dev pages: a hard stop at every rule cut sections from 3 articles and lost .037
 * recall).
 */
const HR_COST = 150;

/**
 * A heading that announces the comments ends the article whatever the styles say: without the site's CSS,
 * comments look exactly like article paragraphs (blog-post fixture). Chinese, Japanese and Korean words for
 * "comments" have no word boundary after them ("留言列表 (42)" on pixnet). "Response" alone is a section of an
 * article about HTTP (readability-test-pages' 002); comments say "Responses" or "3 Responses".
 */
const COMMENTS_HEADING =
  /^(?:(\d+\s+)?(comments?|responses|replies|reactions|discussion|leave a (reply|comment)|kommentare?|commentaires?|comentarios?|commenti|komentarze|reacties|\d+\s*(comments?|responses?|kommentare?))\b|留言|评论|評論|回應|コメント|댓글)/i;

/**
 * A heading that announces other stories ends the article too: teaser streams ("Recommended for You" and a
 * 250-character summary under each headline, readability-test-pages' yahoo-3) read as prose to Luo's score.
 * Not "Read more" nor "Related": sites put those over a box of links inside the article (bug-1255978;
 * pcmag.com in trafilatura-dev lost two thirds of its article to a mid-article "Related" heading).
 */
const RELATED_HEADING =
  /^(recommended( for you| stories| articles| reading)?|more (stories|articles|news|from\b.*)|you (may|might) also (like|enjoy)|(most|more) (popular|read|viewed|shared)|trending( now| stories)?|popular (now|stories|articles|posts)|top stories|latest (news|stories|articles)|keep reading|read next|up next|what to read next)\s*$/i;

function isCommentsHeading(seg: Segment): boolean {
  if (seg.heading <= 0) return false;
  const text = segmentText(seg);
  return text.length < 60 && COMMENTS_HEADING.test(text) && !amongOwnSections(seg.block, seg.heading);
}

/** Siblings looked at on each side of a heading for the text's other sections. */
const SECTION_SIBLINGS = 100;

type Step = (el: Element) => Element | null;

/**
 * A heading worded like the comments' that stands among the text's own sections is one of them: "Discussion"
 * in a paper or a manual page, "Comments" in a language's reference (modern-dev: git's manual page lost every
 * section from its DISCUSSION on). It has a heading of its level before and after it among its siblings, or its
 * section is a box with one of the same tag and class on each side, each opening with such a heading; a
 * comments box stands apart from the text's sections.
 */
function amongOwnSections(block: Element, level: number): boolean {
  const tag = `h${level}`;
  const heading = closestOf(block, tag);
  if (heading === null) return false;
  if (
    siblingHeading(heading, tag, previousElementSiblingOf) &&
    siblingHeading(heading, tag, nextElementSiblingOf)
  )
    return true;
  const box = parentElementOf(heading);
  if (box === null || firstElementChildOf(box) !== heading) return false;
  return sectionBeside(box, tag, previousElementSiblingOf) && sectionBeside(box, tag, nextElementSiblingOf);
}

/** A sibling of `heading`, that way, is a heading of its level that does not announce comments itself. */
function siblingHeading(heading: Element, tag: string, step: Step): boolean {
  let el = step(heading);
  for (let i = 0; el !== null && i < SECTION_SIBLINGS; i++, el = step(el))
    if (localNameOf(el) === tag) return !announcesComments(el);
  return false;
}

/** The box next to `box`, that way, is a section like it: same tag and class, opening with a heading of its level. */
function sectionBeside(box: Element, tag: string, step: Step): boolean {
  const other = step(box);
  if (other === null || localNameOf(other) !== localNameOf(box)) return false;
  if (attributeOf(other, 'class') !== attributeOf(box, 'class')) return false;
  const first = firstElementChildOf(other);
  return first !== null && localNameOf(first) === tag && !announcesComments(first);
}

function announcesComments(heading: Element): boolean {
  const text = (textContentOf(heading) ?? '').replace(/\s+/g, ' ').trim();
  return text.length < 60 && COMMENTS_HEADING.test(text);
}

/**
 * The first heading that announces comments, or -1. What follows it is readers' text: on a page of short
 * paragraphs (a photo diary in Chinese, pixnet) the comment thread can outscore the article it follows.
 */
function firstCommentsHeading(segments: readonly Segment[]): number {
  return segments.findIndex(isCommentsHeading);
}

/** A heading that announces comments comes after segment `after`: the page is an article with its comments. */
export function commentsAfter(segments: readonly Segment[], after: number): boolean {
  for (let i = after + 1; i < segments.length; i++)
    if (isCommentsHeading(segments[i] as Segment)) return true;
  return false;
}

/**
 * Where an article ends whatever the scores say; runs are cut there and never joined across. Not a
 * "Recommended" heading over a boilerplate box: that box sits inside the article (citylab-1's mid-article
 * "Recommended" links), and its own segments already cost what they should.
 */
export function isBoundary(seg: Segment, boilerplate: boolean): boolean {
  if (isCommentsHeading(seg)) return true;
  if (boilerplate || seg.heading <= 0) return false;
  const text = segmentText(seg);
  return text.length < 60 && RELATED_HEADING.test(text);
}

/** The maximal runs over Luo scores (score = F(s) × length); none crosses a boundary heading. */
export function candidateRuns(scored: Scored): Run[] {
  const out: Run[] = [];
  const segs = scored.segments;
  let from = 0;
  for (let i = 0; i <= segs.length; i++) {
    const seg = segs[i];
    if (seg !== undefined && !isBoundary(seg, scored.boilerplate[i] === true)) continue;
    const scores: number[] = [];
    const owner: number[] = [];
    for (let k = from; k < i; k++) {
      if (segs[k]?.hrBefore && k > from) {
        scores.push(-HR_COST);
        owner.push(-1);
      }
      scores.push(scored.weight[k] ?? 0);
      owner.push(k);
    }
    for (const r of maximalRuns(scores)) {
      out.push({ start: owner[r.start] ?? 0, end: owner[r.end] ?? 0, score: r.score });
    }
    from = i + 1;
  }
  return out;
}

/**
 * Seed 001's "two chunks": a body split by a block of boilerplate (an ad slot, a gallery) yields two maximal
 * runs. Join a neighbour when it is substantial and the gap costs less than twice what it brings.
 */
const CHUNK_SHARE = 0.3;
const GAP_FACTOR = 2;

export function bestRun(all: readonly Run[], scored: Scored): Run | null {
  let best: Run | null = null;
  let at = -1;
  all.forEach((r, i) => {
    if (best === null || r.score > best.score) {
      best = r;
      at = i;
    }
  });
  if (best === null) return null;
  const first: Run = best;
  let run: Run = first;
  const gapCost = (from: number, to: number): number => {
    let cost = 0;
    for (let i = from; i <= to; i++) {
      const s = scored.segments[i];
      if (s && isBoundary(s, scored.boilerplate[i] === true)) return Number.POSITIVE_INFINITY;
      const w = scored.weight[i] ?? 0;
      cost += w < 0 ? -w : 0;
    }
    return cost;
  };
  for (let i = at - 1; i >= 0; i--) {
    const r = all[i] as Run;
    if (r.score < CHUNK_SHARE * first.score || gapCost(r.end + 1, run.start - 1) > GAP_FACTOR * r.score)
      break;
    if (sameArticle(scored.segments, r.start, run.start))
      run = { start: r.start, end: run.end, score: run.score + r.score };
    else break;
  }
  for (let i = at + 1; i < all.length; i++) {
    const r = all[i] as Run;
    if (r.score < CHUNK_SHARE * first.score || gapCost(run.end + 1, r.start - 1) > GAP_FACTOR * r.score)
      break;
    if (sameArticle(scored.segments, run.end, r.end))
      run = { start: run.start, end: r.end, score: run.score + r.score };
    else break;
  }
  return run;
}

function sameArticle(segments: readonly Segment[], a: number, b: number): boolean {
  return segments[a]?.article === segments[b]?.article;
}

/**
 * A run after the comments heading is the article only when nothing before that heading scores a fifth of
 * it (a "Comments" heading above the article, in a left-hand column, must not hide the article).
 */
const BEFORE_COMMENTS_SHARE = 0.2;

/** The run, or the best run before the comments heading when `run` lies past it and that one holds its own. */
export function beforeComments(run: Run, all: readonly Run[], scored: Scored): Run {
  const comments = firstCommentsHeading(scored.segments);
  if (comments < 0 || run.start <= comments) return run;
  const before = bestRun(
    all.filter((r) => r.end < comments),
    scored,
  );
  return before !== null && before.score >= BEFORE_COMMENTS_SHARE * run.score ? before : run;
}
