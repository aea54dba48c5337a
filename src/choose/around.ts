/**
 * The run's edges: what comes off them (page chrome over the title, a byline, a "Read more" line) and what
 * the scores left outside that belongs to the article (a lead paragraph styled apart before the run, the
 * footnotes its own links point at after it).
 */
import {
  attributeOf,
  containsNode,
  documentPosition,
  ownerDocumentOf,
  parentElementOf,
  querySelectorAllIn,
  rootNodeOf,
} from '../dom/access.ts';
import { MAX_ANCESTORS } from '../dom/limits.ts';
import type { Run } from '../mss/index.ts';
import type { SegmentShares } from '../score/index.ts';
import type { Scored } from '../score/scored.ts';
import { type Segment, segmentText } from '../segments/index.ts';
import { isBoundary } from './runs.ts';

/** Chrome over a title heading is shorter than this; an intro is longer. */
const TITLE_PREAMBLE_CHARS = 200;
/** A byline, a date line or a "Read more" line is shorter than this; a paragraph is longer. */
const LINE_CHARS = 150;

/**
 * A run's edges, trimmed to where the page's body text starts and ends: the model counts a byline, a date line
 * or a "Read more" line next to the body as article text (the dev corpora's gold often keeps them), but the
 * reader shows the byline and date in its header, and a run that starts on one repeats them. Segments styled
 * apart from the body (Luo's −1) that are not headings come off the start (trimmedStart; leadBefore then walks
 * back over them to a standfirst, as it did before the model), and lines that point away off the end
 * (trimmedEnd).
 */
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
  start = trimmedStart(start, end, scored);
  end = trimmedEnd(start, end, scored);
  return start === run.start && end === run.end ? run : { ...run, start, end };
}

/**
 * Trimming the run's start to the body type may take this share of the run at most: past it, the page's body
 * style is not the article's. When a "keep reading" stream of previews outweighs a short story, the vote for
 * the body style goes to the previews and every paragraph of the story is Luo's −1 (fixture
 * wrong-block-short-body-long-teasers lost the whole story): then only lines come off, not paragraphs.
 */
const START_TRIM_SHARE = 0.2;

function trimmedStart(start: number, end: number, scored: Scored): number {
  const heading = (i: number): boolean => (scored.segments[i]?.heading ?? 0) > 0;
  const trim = (apart: (i: number) => boolean): number => {
    let i = start;
    // A title heading with a byline under it goes too: the build drops the heading that repeats the title,
    // and the byline would open the body.
    while (i < end && (apart(i) || (heading(i) && apart(i + 1)))) i++;
    return i;
  };
  const styled = trim((i) => setApart(i, scored));
  if (chars(start, styled - 1, scored) <= START_TRIM_SHARE * chars(start, end, scored))
    return summaryAt(start, styled, scored) ?? styled;
  return trim((i) => setApartLine(i, scored));
}

/**
 * Where a summary's points (and the heading over them) start among the segments the start's trim would take:
 * they stay. Only ever less of the start is trimmed.
 */
function summaryAt(from: number, to: number, scored: Scored): number | null {
  for (let i = from; i < to; i++) {
    if (!summaryPoint(i, scored)) continue;
    return i > from && (scored.segments[i - 1]?.heading ?? 0) > 0 ? i - 1 : i;
  }
  return null;
}

/**
 * At the end, lines set apart go when they point away ("Read more: …", tags), the model doubts them, or they
 * are not a sentence (a price, a button); a source line or an editor's note is the article's own (fixtures
 * edges-captions-readalso-newsletter, duplicated-body-hidden-copy). A closing section set apart whole, its
 * heading and every line under it, is not the body either: a paywall's pitch under "Subscribe to keep reading".
 */
function trimmedEnd(start: number, end: number, scored: Scored): number {
  let i = end;
  while (i > start && setApartLine(i, scored)) i--;
  if (i < end && i > start && (scored.segments[i]?.heading ?? 0) > 0) return i - 1;
  const pointsAway = (k: number): boolean => {
    const s = scored.segments[k] as Segment;
    return s.linkChars > 0 || (scored.probability?.[k] ?? 0) < 0.5 || !SENTENCE_END.test(segmentText(s));
  };
  while (end > start && setApartLine(end, scored) && pointsAway(end)) end--;
  return end;
}

/**
 * A list item that is a sentence of prose the model believes: a summary's point ("In short", "Key takeaways")
 * set in smaller type over the body, not a byline or a caption; it stays, and so does its heading (modern-dev:
 * an analysis lost its summary's points off the run's start).
 */
function summaryPoint(i: number, scored: Scored): boolean {
  const s = scored.segments[i];
  return (
    s !== undefined &&
    s.context === 'li' &&
    s.length >= LEAD_MIN_CHARS &&
    s.linkChars * 2 < s.length &&
    (scored.probability?.[i] ?? 0) >= 0.5 &&
    SENTENCE_END.test(segmentText(s))
  );
}

/** Styled apart from the body text (Luo's −1), and not a heading. */
function setApart(i: number, scored: Scored): boolean {
  return scored.luo[i] === -1 && (scored.segments[i]?.heading ?? 1) === 0;
}

/**
 * Set apart, and a line rather than a paragraph (a byline, a date line, a "Read more" line); not a table's
 * cell or a list's item, which are kept or left out with their table or list (a product's specifications).
 */
function setApartLine(i: number, scored: Scored): boolean {
  const s = scored.segments[i];
  return (
    s !== undefined &&
    setApart(i, scored) &&
    s.length < LINE_CHARS &&
    s.context !== 'td' &&
    s.context !== 'li'
  );
}

function chars(from: number, to: number, scored: Scored): number {
  let n = 0;
  for (let i = from; i <= to; i++) n += scored.segments[i]?.length ?? 0;
  return n;
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
    // A standfirst is a sentence; a byline with its dates ("By …, correspondent · Published …") is not.
    else if (
      s.length >= LEAD_MIN_CHARS &&
      (s.context === 'p' || s.context === 'other') &&
      SENTENCE_END.test(segmentText(s))
    )
      out.unshift(i);
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
  // testing every link (two tree walks each) adds up on a page of thousands of citation links
  // (readability-test-pages' wikipedia-2). Blocks in a shadow tree or frame have no order with the document's
  // links: every link is tested there.
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
