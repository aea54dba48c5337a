import {
  attributeOf,
  closestOf,
  containsNode,
  documentPosition,
  localNameOf,
  ownerDocumentOf,
  parentElementOf,
  querySelectorAllIn,
  querySelectorIn,
  rootNodeOf,
} from '../dom/access.ts';
import { trimToLettersAndDigits } from '../dom/chars.ts';
import { elementChildren, MAX_ANCESTORS } from '../dom/limits.ts';
import { maximalRuns, type Run } from '../mss/index.ts';
import type { SegmentShares } from '../score/index.ts';
import type { Scored } from '../score/scored.ts';
import { type Segment, segmentText } from '../segments/index.ts';

/**
 * Crossing an `<hr>` costs as much as a short paragraph: seed 001 found it usually separates the article from
 * its comments, but blogs and long reads also put rules between sections of one article (measured on 150
 * trafilatura-dev pages: a hard stop at every rule cut sections from 3 articles and lost .037 recall).
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
  /^(recommended( for you| stories| articles| reading)?|more (stories|articles|news|from\b.*)|you (may|might) also (like|enjoy)|(most|more) (popular|read|viewed|shared)|trending( now| stories)?|popular (now|stories|articles|posts)|top stories|latest (news|stories|articles))\s*$/i;

function isCommentsHeading(seg: Segment): boolean {
  if (seg.heading <= 0) return false;
  const text = segmentText(seg);
  return text.length < 60 && COMMENTS_HEADING.test(text);
}

/**
 * The first heading that announces comments, or -1. What follows it is readers' text: on a page of short
 * paragraphs (a photo diary in Chinese, pixnet) the comment thread can outscore the article it follows.
 */
export function firstCommentsHeading(segments: readonly Segment[]): number {
  return segments.findIndex(isCommentsHeading);
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
export function runs(scored: Scored): Run[] {
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
 * A run's edges, trimmed to where the page's body text starts and ends: the model counts a byline, a date line
 * or a "Read more" line next to the body as article text (the dev corpora's gold often keeps them), but the
 * reader shows the byline and date in its header, and a run that starts on one repeats them. Segments styled
 * apart from the body (Luo's −1) that are not headings come off both ends; leadBefore then walks back over
 * them to a standfirst, as it did before the model.
 */
/** Chrome over a title heading is shorter than this; an intro is longer. */
const TITLE_PREAMBLE_CHARS = 200;

export function trimRun(run: Run, scored: Scored): Run {
  let { start, end } = run;
  // A run that opens with a line or two of page chrome over the title heading (a blog's tagline, a
  // breadcrumb) starts at the title: less than a paragraph before an h1 is not the article's intro.
  let before = 0;
  for (let i = start; i <= end && before < TITLE_PREAMBLE_CHARS; i++) {
    const s = scored.segments[i] as Segment;
    if (s.heading === 1) {
      if (i > start) start = i;
      break;
    }
    before += s.length;
  }
  const loose = (i: number): boolean => scored.luo[i] === -1 && (scored.segments[i]?.heading ?? 0) === 0;
  // A title heading with a byline under it goes too: the build drops the heading that repeats the title, and
  // the byline would open the body.
  while (start < end && (loose(start) || ((scored.segments[start]?.heading ?? 0) > 0 && loose(start + 1))))
    start++;
  while (end > start && loose(end)) end--;
  return start === run.start && end === run.end ? run : { ...run, start, end };
}

/**
 * A thread's posts are records of one shape: sibling boxes with the same tag and class, each holding an author,
 * a date and a body (phpBB, XenForo, vBulletin, Discourse, Stack Exchange). The best run is often one post, or a
 * few, with the rest cut off by the member panels and vote bars between them. When the run lies inside such a
 * record, it is widened to every record of the set that holds prose the model believes (issue 20 §2), so the
 * reader gets the thread in order. Not across a boundary heading, and never where the records are a listing's
 * cards (teaser-length prose: looksLikeListing's test).
 */
const MIN_RECORDS = 2;
/** A record counts when this share of its text is segments the model gives ≥ ½. */
const RECORD_PROSE_SHARE = 0.4;
/** A post's date line: a time of day, an ISO date, a day and month either way round, or "3 days ago". */
const DATE =
  /\b(?:\d{1,2}:\d{2}|\d{4}-\d{2}-\d{2}|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2}|\d{1,2}\.? (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|\d+ (?:minutes?|hours?|days?|weeks?|months?|years?) ago)\b/i;
/** Longer than this, a segment is a post's text, not its date line. */
const DATE_LINE_CHARS = 80;
/** How many levels above the block it starts from (the run's first, else its weightiest) the record may sit. */
const RECORD_DEPTH = 8;

/** The run, widened or not, and how many records it now spans (0: it was not widened). */
export interface Widened {
  run: Run;
  records: number;
  /** The records are posts: most carry a date (a `<time>` or a short date line), as a thread's do. */
  dated: boolean;
}

/**
 * `listing`: the person asked for the page anyway ("Show anyway" on a listing): then a set of cards is what
 * they want, in order, and every card counts, believed or not.
 */
export function widenToRecords(run: Run, scored: Scored, listing = false): Widened {
  const unchanged: Widened = { run, records: 0, dated: false };
  if (scored.probability === null) return unchanged;
  const first = scored.segments[run.start];
  const last = scored.segments[run.end];
  if (!first || !last) return unchanged;
  const widened = recordsAbove(first.block, run, scored, listing, last.block);
  if (widened.records > 0) return widened;
  // A run that opens on the thread's title or its starter line, outside the posts, is named from its weightiest
  // segment's records, but not widened from there: widening that way measured worse (modern-dev forum
  // .642 → .632, service .734 → .730).
  let anchor = run.start;
  for (let i = run.start; i <= run.end; i++)
    if ((scored.weight[i] ?? 0) > (scored.weight[anchor] ?? 0)) anchor = i;
  const inside = recordsAbove(scored.segments[anchor]?.block ?? first.block, run, scored, listing, null);
  return { run, records: inside.inRun, dated: inside.dated && inside.inRun >= MIN_RECORDS };
}

/**
 * The records of a same-shaped set that `block` or one of its RECORD_DEPTH nearest ancestors belongs to,
 * found by climbing; `last`, when given, must be inside the set's parent (the run ends in the thread).
 */
function recordsAbove(
  block: Element,
  run: Run,
  scored: Scored,
  listing: boolean,
  last: Element | null,
): Widened & { inRun: number } {
  const none = { run, records: 0, dated: false, inRun: 0 };
  let record: Element | null = block;
  for (let depth = 0; record !== null && depth < RECORD_DEPTH; depth++) {
    const parent = parentElementOf(record);
    if (parent === null) return none;
    const key = recordKey(record);
    if (key !== null && (last === null || containsNode(parent, last))) {
      const records = sameShape(parent, key);
      if (
        records.length >= MIN_RECORDS &&
        (last === null || records.some((r) => containsNode(r, last) || r === record))
      )
        return spanRecords(run, scored, parent, records, listing);
    }
    record = parent;
  }
  return none;
}

/** Tag and class of a box that could be a record: a classed box, or an `article`/`li`. */
function recordKey(el: Element): string | null {
  const tag = localNameOf(el);
  const names = attributeOf(el, 'class')?.trim() ?? '';
  if (names === '' && tag !== 'article' && tag !== 'li') return null;
  return `${tag} ${names}`;
}

function sameShape(parent: Element, key: string): Element[] {
  const out: Element[] = [];
  for (const child of elementChildren(parent)) if (recordKey(child) === key) out.push(child);
  return out;
}

function spanRecords(
  run: Run,
  scored: Scored,
  parent: Element,
  records: readonly Element[],
  listing: boolean,
): Widened & { inRun: number } {
  const unchanged = { run, records: 0, dated: false, inRun: 0 };
  const segs = scored.segments;
  const isRecord = new Set(records);
  // The record a segment's block sits in: one containment test against the parent, then a short climb.
  const recordOf = (i: number): Element | undefined => {
    let e: Element | null = segs[i]?.block ?? null;
    if (e === null || !containsNode(parent, e)) return undefined;
    for (let steps = 0; e !== null && steps < MAX_ANCESTORS; steps++) {
      if (isRecord.has(e)) return e;
      const up: Element | null = parentElementOf(e);
      if (up === parent) return undefined;
      e = up;
    }
    return undefined;
  };
  // Per record, its text and the part the model believes.
  const text = new Map<Element, number>();
  const prose = new Map<Element, number>();
  const dated = new Set<Element>();
  const inRun = new Set<Element>();
  let from = -1;
  let to = -1;
  for (let i = 0; i < segs.length; i++) {
    const r = recordOf(i);
    if (r === undefined) continue;
    if (from < 0) from = i;
    to = i;
    const n = segs[i]?.length ?? 0;
    if (i >= run.start && i <= run.end) inRun.add(r);
    text.set(r, (text.get(r) ?? 0) + n);
    if ((scored.probability?.[i] ?? 0) >= 0.5) prose.set(r, (prose.get(r) ?? 0) + n);
    if (!dated.has(r) && n < DATE_LINE_CHARS && DATE.test(segmentText(segs[i] as Segment))) dated.add(r);
  }
  const held = listing
    ? records.filter((r) => (text.get(r) ?? 0) > 0)
    : records.filter((r) => (prose.get(r) ?? 0) >= RECORD_PROSE_SHARE * (text.get(r) ?? 1));
  if (held.length < MIN_RECORDS || from < 0) return unchanged;
  const widened: Run = { start: Math.min(run.start, from), end: Math.max(run.end, to), score: run.score };
  // Teaser cards are a listing, not a thread; and a boundary heading (comments of an article) is never crossed.
  if (!listing && looksLikeListing(widened, scored)) return unchanged;
  const boundary = (i: number): boolean => {
    const s = segs[i];
    return s !== undefined && isBoundary(s, scored.boilerplate[i] === true);
  };
  for (let i = widened.start; i < run.start; i++) if (boundary(i)) return unchanged;
  for (let i = run.end + 1; i <= widened.end; i++) if (boundary(i)) return unchanged;
  const withDates = held.filter((r) => dated.has(r) || querySelectorIn(r, 'time') !== null).length;
  return {
    run: widened,
    records: held.length,
    dated: withDates * 2 >= held.length,
    inRun: held.filter((r) => inRun.has(r)).length,
  };
}

/** A paragraph this long, styled apart, right before the body, is a lead (standfirst), not a caption. */
const LEAD_MIN_CHARS = 60;
const SENTENCE_END = /[.!?…。！？]["'”’»)]?$/;
/** How far back to look past a byline, a date and a picture for a lead. */
const LEAD_LOOKBACK = 8;

/**
 * A lead paragraph styled apart (bigger or another colour) scores −1 under Luo, so the run starts after it.
 * Walk back from the run to the title over short items (byline, date, share buttons) and take paragraphs
 * that look like prose, and the lead picture's caption. Returns the indices to add before the run.
 */
export function leadBefore(run: Run, scored: Scored): number[] {
  const out: number[] = [];
  const first = scored.segments[run.start];
  if (!first) return out;
  for (let i = run.start - 1, seen = 0; i >= 0 && seen < LEAD_LOOKBACK; i--, seen++) {
    const s = scored.segments[i] as Segment;
    const sh = scored.shares[i] as SegmentShares;
    // A hero block (headline, standfirst, lead picture) often sits above the `<article>` that holds the body:
    // only another article's text stops the walk.
    const otherArticle = s.article !== null && s.article !== first.article;
    if (s.heading === 1 || otherArticle || scored.segments[i + 1]?.hrBefore) break;
    // A sentence set as a heading is a standfirst too (readability-test-pages' cnn: a 120-character <h2>
    // ending in a full stop); titles and section heads don't end in one.
    if (s.heading > 1 && sh.link <= 0.2 && s.length >= LEAD_MIN_CHARS && SENTENCE_END.test(segmentText(s))) {
      out.unshift(i);
      continue;
    }
    // Share buttons and bylines sit between a standfirst and the body: step over them.
    if (scored.boilerplate[i] || sh.link > 0.2 || s.heading > 0) continue;
    // The lead picture's caption belongs to the article (the figure itself comes with it in the build).
    if (s.context === 'figcaption') out.unshift(i);
    else if (s.length >= LEAD_MIN_CHARS && (s.context === 'p' || s.context === 'other')) out.unshift(i);
  }
  return out;
}

/**
 * A listing (home page, section front, search results) also yields runs of teaser text. Its tell is short
 * prose: teaser summaries are a sentence, article paragraphs are longer. Then either the run spans several
 * `<article>` cards with about one summary each, or link-only items (headlines) are as many as the prose.
 * Neither structural signal alone holds on real articles (trafilatura-dev: one page wraps every paragraph in
 * its own <article>; press releases carry dozens of links).
 */
const TEASER_CHARS = 160;

/**
 * Headlines and prose are counted at headline length: "Next", "Learn more" and "Themes" under each section of
 * a product page (readability-test-pages' mozilla-1) are buttons, not a list of stories, and a teaser's
 * 18-character source label ("Good Morning America", yahoo-3) is not a paragraph of its own.
 */
const HEADLINE_CHARS = 20;

export function looksLikeListing(run: Run, scored: Scored): boolean {
  const articles = new Set<Element>();
  let headlines = 0;
  let prose = 0;
  let proseChars = 0;
  let longProse = 0;
  for (let i = run.start; i <= run.end; i++) {
    const s = scored.segments[i] as Segment;
    if (s.article) articles.add(s.article);
    if ((scored.shares[i]?.link ?? 0) > 0.5) {
      if (s.length >= HEADLINE_CHARS) headlines++;
    } else if ((scored.sign[i] ?? -1) > 0) {
      prose++;
      proseChars += s.length;
      if (s.length >= HEADLINE_CHARS) longProse++;
    }
  }
  if (prose > 0 && proseChars / prose >= TEASER_CHARS) return false;
  return (articles.size >= 3 && prose <= 1.5 * articles.size) || (headlines >= 4 && headlines >= longProse);
}

/**
 * Inside the chosen run, leave out what the reader would not want: boilerplate by name, link lists
 * ("Read more: …"), and boxes out of the column. Headings, captions and differently styled text stay.
 */
export function keepInRun(
  indices: readonly number[],
  scored: Scored,
  misaligned: ReadonlySet<number>,
  notes: ReadonlySet<number> = new Set(),
  /** A listing shown anyway: its cards' linked titles are the point, and the model's doubts don't apply. */
  listing = false,
): { kept: Segment[]; dropped: number } {
  const kept: Segment[] = [];
  let dropped = 0;
  const pullQuote = pullQuotes(indices, scored);
  const isLinks = (i: number): boolean => (scored.shares[i]?.link ?? 0) > 0.5;
  // A list that has prose items is the article's own list: its items that are mostly a link (a bug title,
  // a cited paper) are points of it, not "Read more" links (readability-test-pages' firefox-nightly-blog
  // lost a third of its text, one linked bug per item).
  const proseLists = new Set<Element>();
  for (const i of indices) {
    const s = scored.segments[i] as Segment;
    if (s.context === 'li' && !isLinks(i) && scored.sign[i] === 1) {
      const list = outerList(s.block);
      if (list) proseLists.add(list);
    }
  }
  for (const i of indices) {
    const s = scored.segments[i] as Segment;
    const flaggedOut = scored.boilerplate[i] === true;
    // A note is what the article's own links point at: its cited title is a link, its list may be set in
    // columns (Wikipedia's references), and it stays whole.
    const note = notes.has(i);
    const inProseList =
      proseLists.size > 0 && s.context === 'li' && proseLists.has(outerList(s.block) as Element);
    const linkList =
      !listing && !note && !inProseList && isLinks(i) && s.context !== 'td' && s.context !== 'pre';
    // With the model, what it gives less than ½ is left out too: a share bar, an author box. Not a heading, a
    // caption or a table cell: a table is kept or left out whole, and a caption goes with its picture.
    const unlikely =
      !listing &&
      !note &&
      s.heading === 0 &&
      s.context !== 'figcaption' &&
      s.context !== 'td' &&
      scored.probability !== null &&
      (scored.probability[i] ?? 0) < 0.5;
    if (flaggedOut || linkList || unlikely || (!note && misaligned.has(i)) || pullQuote.has(i)) dropped++;
    else kept.push(s);
  }
  // Trim what is left at the edges that is not prose: a run never starts or ends on a stray caption.
  while (kept.length > 0 && kept[kept.length - 1]?.heading) kept.pop();
  return { kept, dropped };
}

/** The outermost list a list item belongs to: nested sub-lists are points of the same list. */
function outerList(el: Element): Element | null {
  let list: Element | null = null;
  let e = closestOf(el, 'ul, ol');
  for (let steps = 0; e !== null && steps < MAX_ANCESTORS; steps++) {
    list = e;
    const parent = parentElementOf(e);
    if (parent === null || closestOf(parent, 'li') === null) break;
    e = closestOf(parent, 'ul, ol');
  }
  return list;
}

/** Shorter than this, a repeated phrase is a coincidence, not a pull quote. */
const PULL_QUOTE_MIN_CHARS = 25;

/**
 * A pull quote repeats a sentence of the article in display type; styled apart, it is one of the run's −1
 * segments, and a sidebar-free layout gives it the column's own box, so geometry keeps it. Its tell is the
 * text: it is found again in a paragraph of the run (styled-longread fixture).
 */
function pullQuotes(indices: readonly number[], scored: Scored): Set<number> {
  const out = new Set<number>();
  // Parallel arrays, not [index, core] pairs: destructuring a pair goes through the iterator protocol until
  // V8 optimises the loop, and this runs once a call.
  const candidates: number[] = [];
  const cores: string[] = [];
  for (let n = 0; n < indices.length; n++) {
    const i = indices[n] as number;
    const s = scored.segments[i] as Segment;
    if ((scored.luo[i] ?? -1) > 0 || s.heading > 0 || s.context === 'figcaption') continue;
    const core = trimToLettersAndDigits(segmentText(s));
    if (core.length >= PULL_QUOTE_MIN_CHARS) {
      candidates.push(i);
      cores.push(core);
    }
  }
  // Searched paragraph by paragraph, never joined: the joined run was 7–10 KB a call on fixture pages. The
  // same answer, since normalised segment text has no newline, so no match could span two paragraphs.
  // The inner loop is indexed: it runs over the whole run for each candidate, and until V8 optimises it a
  // for-of allocates an iterator result per step.
  for (let c = 0; c < candidates.length; c++) {
    const core = cores[c] as string;
    for (let k = 0; k < indices.length; k++) {
      const j = indices[k] as number;
      if ((scored.luo[j] ?? -1) > 0 && segmentText(scored.segments[j] as Segment).includes(core)) {
        out.add(candidates[c] as number);
        break;
      }
    }
  }
  return out;
}

const FOLLOWING = 4; // Node.DOCUMENT_POSITION_FOLLOWING, without relying on a global Node
const PRECEDING = 2; // Node.DOCUMENT_POSITION_PRECEDING

/** How far past the run to look for its first note ("See also" and a navigation box can come first). */
const NOTES_LOOKAHEAD = 40;
/** Once the notes start, this many segments that are not notes end them. */
const NOTES_GAP = 3;

/** The first index of `list` where `test` holds, for a test false up to some point and true after it. */
function firstWhere(list: NodeListOf<Element>, test: (el: Element) => boolean): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (test(list[mid] as Element)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * Footnotes are set smaller than the body, so Luo's size test ends the run before them; yet the run's own
 * `#` links point at them. Returns the segments after the run that are such targets, or inside one, with
 * the headings between (styled-longread fixture: "Notes" and its numbered list; Wikipedia's references,
 * `<li id="cite_note-3">` around a `<cite>` and its date).
 */
export function notesAfter(run: Run, scored: Scored): number[] {
  const start = scored.segments[run.start]?.block;
  const end = scored.segments[run.end]?.block;
  if (!start || !end || run.end + 1 >= scored.segments.length) return [];
  // One query for the page's fragment links, kept when they sit inside the run. Any URL before the `#`:
  // saved pages spell their own address out (wikipedia-4: `href="https://en.wikipedia.org/wiki/…#cite_note-2"`),
  // and a fragment only counts where an element past the run carries it as its id.
  const targets = new Set<string>();
  const doc = ownerDocumentOf(start);
  if (doc === null) return [];
  const links = querySelectorAllIn(doc, 'a[href*="#"]');
  const afterStart = (a: Element): boolean =>
    containsNode(start, a) || (documentPosition(start, a) & FOLLOWING) !== 0;
  const pastEnd = (a: Element): boolean =>
    !containsNode(end, a) && (documentPosition(end, a) & PRECEDING) === 0;
  // The list is in document order, so the links in the run are one slice of it, found by binary search:
  // testing every link cost 5% of extract() on readability-test-pages' wikipedia-2 (3,000 citation links,
  // two tree walks each). Blocks in a shadow tree or frame have no order with the document's links: every
  // link is tested there.
  const ordered = rootNodeOf(start) === doc && rootNodeOf(end) === doc;
  const from = ordered ? firstWhere(links, afterStart) : 0;
  const to = ordered ? firstWhere(links, pastEnd) : links.length;
  for (let i = from; i < to; i++) {
    const a = links[i] as Element;
    if (!ordered && (!afterStart(a) || pastEnd(a))) continue;
    const href = attributeOf(a, 'href') ?? '';
    const id = href.slice(href.indexOf('#') + 1);
    if (id !== '') targets.add(id);
  }
  const out: number[] = [];
  if (targets.size === 0) return out;
  const isNote = (el: Element): boolean => {
    let e: Element | null = el;
    for (let steps = 0; e !== null && steps < MAX_ANCESTORS; steps++) {
      if (e === end || containsNode(e, end)) return false;
      const id = attributeOf(e, 'id');
      if (id && targets.has(id)) return true;
      e = parentElementOf(e);
    }
    return false;
  };
  let pending: number[] = [];
  let gap = 0;
  for (let i = run.end + 1; i < scored.segments.length; i++) {
    const s = scored.segments[i] as Segment;
    if (isBoundary(s, scored.boilerplate[i] === true)) break;
    if (isNote(s.block)) {
      out.push(...pending, i);
      pending = [];
      gap = 0;
    } else if (s.heading > 0) pending.push(i);
    else if (++gap > (out.length > 0 ? NOTES_GAP : NOTES_LOOKAHEAD)) break;
  }
  return out;
}
