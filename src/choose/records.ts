/**
 * Threads and listings shown anyway: a run inside one record of a set of same-shaped records (a forum's posts,
 * a listing's cards) is widened to the whole set, and the answer says how many records it spans and whether
 * they are dated posts (a thread).
 */
import {
  boxShapeOf,
  closestOf,
  containsNode,
  firstClassOf,
  localNameOf,
  ownerDocumentOf,
  parentElementOf,
  querySelectorIn,
} from '../dom/access.ts';
import { elementChildren, MAX_ANCESTORS } from '../dom/limits.ts';
import type { Run } from '../mss/index.ts';
import type { Scored } from '../score/scored.ts';
import { type Segment, segmentText } from '../segments/index.ts';
import { range } from './chosen.ts';
import { looksLikeListing } from './listing.ts';
import {
  commonParent,
  declaredPosts,
  inDeclaredAuthor,
  inDeclaredText,
  namesDeclaredAuthor,
} from './posts.ts';
import { isBoundary } from './runs.ts';

/**
 * A thread's posts are records of one shape: sibling boxes with the same tag and class, each holding an author,
 * a date and a body (phpBB, XenForo, vBulletin, Discourse, Stack Exchange). The best run is often one post, or a
 * few, with the rest cut off by the member panels and vote bars between them. When the run lies inside such a
 * record (or, for a thread of MIN_THREAD_POSTS, its weightiest segment does), it is widened to every record of
 * the set that holds prose the model believes, or, in a thread, every post that says something, so the
 * reader gets the thread in order. Not across a boundary heading, and never where the records are a
 * listing's cards (teaser-length prose: looksLikeListing's test).
 */
const MIN_RECORDS = 2;
/** A record counts when this share of its text is segments the model gives ≥ ½. */
const RECORD_PROSE_SHARE = 0.4;
/** A post's date line: a time of day, an ISO date, a day and month either way round, or "3 days ago". */
const DATE =
  /\b(?:\d{1,2}:\d{2}|\d{4}-\d{2}-\d{2}|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2}|\d{1,2}\.? (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|\d+ (?:minutes?|hours?|days?|weeks?|months?|years?) ago)\b/i;
/** Longer than this, a segment is a post's text, not its date line. */
const DATE_LINE_CHARS = 80;
/** A post's author line: a name, linked to the member's page or declared the author's, no longer than this. */
const AUTHOR_CHARS = 40;
/**
 * A link to a member's page, by its address or its name: the author line when a post has one. Else the post's
 * first short linked line, which on a Q&A site is its "Share · Edit · Follow" menu (fixture headless-thread-qa).
 */
const PROFILE_LINK =
  'a[rel~="author"], a[href*="/user"], a[href*="/member"], a[href*="/profile"], a[href*="/u/"], a[href*="/people/"], a[class*="user" i], a[class*="author" i]';
/** How many levels above the block it starts from (the run's first, else its weightiest) the record may sit. */
const RECORD_DEPTH = 12;
/**
 * A thread's reply is held when it says something: a segment of this many characters or more, mostly not
 * linked, of THREAD_BODY_WORDS words or more, that the model gives at least THREAD_BODY_P. The model doubts
 * short replies among member panels ("Probably, companies are always trying to save money": 0.28) and gives
 * most panels and buttons < 0.2; a panel's statistics line ("1,430 posts · Joined 2022": 0.22) is numbers
 * with two words (fixture thread-nested-short-replies).
 */
const THREAD_BODY_CHARS = 20;
const THREAD_BODY_P = 0.2;
const THREAD_BODY_WORDS = 4;
const WORD = /\p{L}{2,}/gu;
/** A thread found from the run's weightiest segment, not its first, is widened when it has this many posts. */
const MIN_THREAD_POSTS = 3;

/** The run, widened or not, and how many records it now spans (0: it was not widened). */
export interface Widened {
  run: Run;
  records: number;
  /** The records are posts: most carry a date (a `<time>` or a short date line), as a thread's do. */
  dated: boolean;
  /**
   * Of a thread's posts, the segments that say who wrote each and when: its first short linked line (the
   * author's name, linking to their profile; or a heading holding its declared author's name) and its date
   * line. The model gives them p ≈ 0 (member panels look like chrome), but a reader of a thread wants each
   * post signed.
   */
  signatures: number[];
  /** Of a thread, what each post says (THREAD_BODY_CHARS, THREAD_BODY_P): kept whatever the model says. */
  bodies: number[];
  /** Of a thread, the segments between and after its posts that belong to none (a topic summary, "load more"). */
  between: number[];
  /** Of a thread, the posts the page declares its accepted answers (posts.ts), for the reader's label. */
  accepted?: Element[];
}

/**
 * `listing`: the person asked for the page anyway ("Show anyway" on a listing): then a set of cards is what
 * they want, in order, and every card counts, believed or not.
 */
export function widenToRecords(run: Run, scored: Scored, listing = false): Widened {
  const unchanged: Widened = { run, records: 0, dated: false, signatures: [], bodies: [], between: [] };
  if (scored.probability === null) return unchanged;
  const first = scored.segments[run.start];
  const last = scored.segments[run.end];
  if (!first || !last) return unchanged;
  const declared = listing ? null : declaredThread(run, scored);
  if (declared !== null) return declared;
  const widened = recordsAbove(first.block, run, scored, listing, last.block);
  if (widened.records > 0) return widened;
  // A run that opens on the thread's title or its starter line, outside the posts, is widened from its
  // weightiest segment's records only when they are a thread's posts: widening from there to any set measured
  // worse (modern-dev forum .642 → .632, service .734 → .730).
  const anchor = weightiest(run, scored);
  const inside = recordsAbove(
    scored.segments[anchor]?.block ?? first.block,
    run,
    scored,
    listing,
    null,
    true,
  );
  if (inside.dated && inside.records >= MIN_THREAD_POSTS) return inside;
  const replies = listing ? null : threadAfter(run, scored);
  if (replies !== null) return replies;
  const dated = inside.dated && inside.inRun >= MIN_RECORDS;
  return { run, records: inside.inRun, dated, signatures: [], bodies: [], between: [] };
}

/** The run's segment of the most weight. */
function weightiest(run: Run, scored: Scored): number {
  let anchor = run.start;
  for (let i = run.start; i <= run.end; i++)
    if ((scored.weight[i] ?? 0) > (scored.weight[anchor] ?? 0)) anchor = i;
  return anchor;
}

/**
 * The thread the page declares (posts.ts), when the run's first or weightiest segment sits in one of its
 * posts: every post that says something, in page order, whatever its shape: a Q&A page's question and its
 * answers, a forum's first post and its replies. The declared vocabulary is the page's own statement that
 * these are posts, so no dates, listing test or boundary heading ("3 Answers") are asked of them. An
 * article with declared comments below it is not widened: its run sits in no post.
 */
function declaredThread(run: Run, scored: Scored): Widened | null {
  const first = scored.segments[run.start]?.block;
  const doc = first === undefined ? null : ownerDocumentOf(first);
  if (first === undefined || doc === null) return null;
  const posts = declaredPosts(doc);
  const own = posts.items.filter((el) => !posts.remarks.has(el));
  if (own.length < MIN_RECORDS) return null;
  const heavy = scored.segments[weightiest(run, scored)]?.block ?? first;
  if (!own.some((el) => containsNode(el, first) || containsNode(el, heavy))) return null;
  const parent = commonParent(posts.items);
  if (parent === null) return null;
  const spanned = spanRecords(run, scored, parent, posts.items, false, posts.remarks);
  if (!spanned.dated || spanned.records < MIN_RECORDS) return null;
  const held = new Set(spanned.held ?? []);
  return { ...spanned, accepted: [...posts.accepted].filter((el) => held.has(el)) };
}

/** A widening as found: how many of its records the run held, and the set (absent: none was found). */
type Spanned = Widened & {
  inRun: number;
  set?: { parent: Element; members: readonly Element[] };
  held?: readonly Element[];
};

/** How far past the run a thread's first reply may start, in segments, and how many lines are tried. */
const REPLIES_GAP = 40;
const REPLIES_TRIES = 3;

/**
 * A thread whose first post stands apart from its replies: the starter in a box of its own above the reply
 * list (a XenForo theme's original-post card), so no set of records holds the run's start. The replies are the
 * thread of MIN_THREAD_POSTS or more found from the first believed lines after the starter (the run may hold
 * some of them); the starter counts as the first post when it is a record of the replies' shape (modern-dev: a
 * car forum's thread came out as its first post, recall .26; fixture thread-starter-apart).
 */
function threadAfter(run: Run, scored: Scored): Widened | null {
  const start = scored.segments[run.start]?.block;
  if (start === undefined) return null;
  const believed = (i: number): boolean => (scored.probability?.[i] ?? 0) >= 0.5;
  // The starter's text is the run's first believed stretch: its replies come after the first doubted line.
  let i = run.start + 1;
  while (i <= run.end && believed(i)) i++;
  let tries = 0;
  const end = Math.min(scored.segments.length - 1, run.end + REPLIES_GAP);
  for (; i <= end && tries < REPLIES_TRIES; i++) {
    const s = scored.segments[i] as Segment;
    if (s.length < THREAD_BODY_CHARS || !believed(i)) continue;
    tries++;
    const replies = recordsAbove(s.block, run, scored, false, null, true);
    if (!replies.dated || replies.records < MIN_THREAD_POSTS || replies.set === undefined) continue;
    if (containsNode(replies.set.parent, start)) continue;
    return withStarter(start, replies.set, run, scored) ?? replies;
  }
  return null;
}

/** The thread spanned again with the starter's record (of the replies' shape) as its first post. */
function withStarter(
  start: Element,
  set: { parent: Element; members: readonly Element[] },
  run: Run,
  scored: Scored,
): Widened | null {
  const key = recordKey(set.members[0] as Element);
  let starter: Element | null = start;
  for (let depth = 0; starter !== null && depth < RECORD_DEPTH; depth++) {
    if (recordKey(starter) === key) break;
    starter = parentElementOf(starter);
  }
  if (starter === null || recordKey(starter) !== key) return null;
  let common: Element | null = set.parent;
  for (let steps = 0; common !== null && !containsNode(common, starter) && steps < MAX_ANCESTORS; steps++)
    common = parentElementOf(common);
  if (common === null || !containsNode(common, starter)) return null;
  const thread = spanRecords(run, scored, common, [starter, ...set.members], false);
  return thread.dated && thread.records > 0 ? thread : null;
}

/**
 * The records of a same-shaped set that `block` or one of its RECORD_DEPTH nearest ancestors belongs to,
 * found by climbing; `last`, when given, must be inside the set's parent (the run ends in the thread). With
 * `thread`, a set that is no thread is passed for one further up: a XenForo post's two cells (its author's and
 * its text's) are a set of two inside each post (modern-dev: a thread came out as its first post).
 */
function recordsAbove(
  block: Element,
  run: Run,
  scored: Scored,
  listing: boolean,
  last: Element | null,
  thread = false,
): Spanned {
  const none = { run, records: 0, dated: false, signatures: [], bodies: [], between: [], inRun: 0 };
  let nearest: Spanned | null = null;
  let record: Element | null = block;
  for (let depth = 0; record !== null && depth < RECORD_DEPTH; depth++) {
    const parent = parentElementOf(record);
    if (parent === null) break;
    const key = recordKey(record);
    if (key !== null && (last === null || containsNode(parent, last))) {
      const records = sameShape(parent, key);
      if (
        records.length >= MIN_RECORDS &&
        (last === null || records.some((r) => containsNode(r, last) || r === record))
      ) {
        const spanned = spanRecords(run, scored, parent, records, listing);
        if (spanned.records > 0 && (!thread || (spanned.dated && spanned.records >= MIN_THREAD_POSTS)))
          return spanned;
        if (spanned.records > 0) nearest ??= spanned;
      }
    }
    record = parent;
  }
  return nearest ?? none;
}

/**
 * Tag and first class of a box that could be a record: a classed box, or an `article`/`li`. Only the first
 * class: a post marked as the accepted answer, the thread starter's or a highlighted one carries a class more
 * than its siblings (`answer accepted-answer` beside `answer`; fixture headless-thread-qa).
 */
function recordKey(el: Element): string | null {
  const tag = localNameOf(el);
  if (firstClassOf(el) === '' && tag !== 'article' && tag !== 'li') return null;
  return boxShapeOf(el);
}

function sameShape(parent: Element, key: string): Element[] {
  const out: Element[] = [];
  for (const child of elementChildren(parent)) if (recordKey(child) === key) out.push(child);
  return out;
}

/**
 * `remarks`, of a thread the page declares (posts.ts): its posts are those records, nested or not, and these
 * records among them are comments under a post, which belong to no post.
 */
function spanRecords(
  run: Run,
  scored: Scored,
  parent: Element,
  records: readonly Element[],
  listing: boolean,
  remarks: ReadonlySet<Element> | null = null,
): Spanned {
  const unchanged = { run, records: 0, dated: false, signatures: [], bodies: [], between: [], inRun: 0 };
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
  const author = new Map<Element, number>();
  const ranked = new Map<Element, number>();
  const dateLines = new Map<Element, number[]>();
  const said = new Map<Element, number[]>();
  const inRun = new Set<Element>();
  // Of a declared thread: the posts that mark their text, and the lines of posts outside it.
  const marksText = new Set<Element>();
  const outsideText = new Set<number>();
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
    const seg = segs[i] as Segment;
    if (remarks !== null) {
      // From its text, not its block: a post's text can be an inline `<span itemprop="text">` in the block.
      const node = seg.runs.node[seg.from];
      const at = node ? (parentElementOf(node) ?? seg.block) : seg.block;
      if (inDeclaredText(at, r)) marksText.add(r);
      else outsideText.add(i);
    }
    if (n < DATE_LINE_CHARS && (DATE.test(segmentText(seg)) || hasTime(seg.block))) {
      dated.add(r);
      // A member's date in the author's panel is when they joined, not when the post was written.
      if (!isMembersDate(seg.block)) {
        const lines = dateLines.get(r);
        if (lines === undefined) dateLines.set(r, [i]);
        else if (lines.length < MAX_DATE_LINES) lines.push(i);
      }
    }
    const authorLine =
      n > 0 &&
      n <= AUTHOR_CHARS &&
      (seg.linkChars * 2 > n || (seg.heading > 0 && namesDeclaredAuthor(seg.block)));
    if (authorLine) {
      const rank = authorRank(seg);
      if (rank > (ranked.get(r) ?? -1)) {
        author.set(r, i);
        ranked.set(r, rank);
      }
    } else if (
      dateLines.get(r)?.[0] !== i &&
      n >= THREAD_BODY_CHARS &&
      seg.linkChars * 2 < n &&
      (scored.probability?.[i] ?? 0) >= THREAD_BODY_P &&
      (segmentText(seg).match(WORD)?.length ?? 0) >= THREAD_BODY_WORDS
    ) {
      const lines = said.get(r);
      if (lines === undefined) said.set(r, [i]);
      else lines.push(i);
    }
  }
  // A post that marks its text says only what is in it: its member panel's "55.4k · 24 gold badges" and the
  // reply form after a question are no part of it.
  const saysOutside = (i: number): boolean => outsideText.has(i) && marksText.has(recordOf(i) as Element);
  for (const [r, lines] of said) {
    const kept = lines.filter((i) => !saysOutside(i));
    if (kept.length > 0) said.set(r, kept);
    else said.delete(r);
  }
  if (!listing) withoutTemplateLines(said, segs);
  const withText = records.filter((r) => (text.get(r) ?? 0) > 0);
  const isDated = (r: Element): boolean => dated.has(r) || querySelectorIn(r, 'time') !== null;
  // Posts of a thread are most of a set of three or more dated: each is held when it says something, believed
  // or not. Two dated boxes are as often an article and the next one, or a story and its one comment.
  const declared = remarks !== null;
  const posts =
    declared ||
    (!listing &&
      withText.length >= MIN_THREAD_POSTS &&
      withText.filter(isDated).length * 2 >= withText.length);
  if (posts && from >= 0) {
    const signs = new Set([...author.values(), ...[...dateLines.values()].flat()]);
    saidInBodyBoxes(said, segs, range(from, to), recordOf, (i) => !signs.has(i) && !saysOutside(i));
  }
  const held = listing
    ? withText
    : posts
      ? records.filter((r) => said.has(r) && !remarks?.has(r))
      : records.filter((r) => (prose.get(r) ?? 0) >= RECORD_PROSE_SHARE * (text.get(r) ?? 1));
  if (held.length < MIN_RECORDS || from < 0) return unchanged;
  const widened: Run = { start: Math.min(run.start, from), end: Math.max(run.end, to), score: run.score };
  // Teaser cards are a listing, not a thread; and a boundary heading (comments of an article) is never crossed.
  const isDateLine = (i: number): boolean => {
    const s = segs[i] as Segment;
    return s.length < DATE_LINE_CHARS && DATE.test(segmentText(s));
  };
  if (!listing && !declared && looksLikeListing(widened, scored, posts ? isDateLine : null)) return unchanged;
  const boundary = (i: number): boolean => {
    const s = segs[i];
    return s !== undefined && isBoundary(s, scored.boilerplate[i] === true);
  };
  if (!declared) {
    for (let i = widened.start; i < run.start; i++) if (boundary(i)) return unchanged;
    for (let i = run.end + 1; i <= widened.end; i++) if (boundary(i)) return unchanged;
  }
  const isThread = declared || (!listing && held.filter(isDated).length * 2 >= held.length);
  const signatures: number[] = [];
  const bodies: number[] = [];
  const between: number[] = [];
  if (isThread) {
    for (const r of held) {
      const a = author.get(r);
      const d = nearest(dateLines.get(r) ?? [], a);
      if (a !== undefined) signatures.push(a);
      if (d !== undefined && d !== a) signatures.push(d);
      bodies.push(...(said.get(r) ?? []));
    }
    const isHeld = new Set(held);
    const signed = new Set(signatures);
    for (let i = from; i <= widened.end; i++) {
      const r = recordOf(i);
      if (r === undefined || !isHeld.has(r) || (saysOutside(i) && !signed.has(i))) between.push(i);
    }
  }
  return {
    run: widened,
    records: held.length,
    dated: isThread,
    signatures,
    bodies,
    between,
    inRun: held.filter((r) => inRun.has(r)).length,
    set: { parent, members: records },
    held,
  };
}

/** A box where this many posts say what they say is where the thread's posts keep their text. */
const BODY_BOX_POSTS = 2;
/** How far below its post a post's text box may sit, in levels. */
const BODY_BOX_DEPTH = 12;

/**
 * A thread's posts keep their text in one box of the same place in each (XenForo's `bbWrapper`, phpBB's
 * `content`): found where half the posts that say something say it (and BODY_BOX_POSTS or more), any other line
 * in that place is what its post says too, however short or doubted: a one-word reply ("Friends?", "Lagless?"), a short one the model
 * gives 0.1 beside a member panel. Such a post was left out with its author's name (modern-dev: three forum
 * threads lost a third of their posts). Not author or date lines, nor lines mostly linked.
 */
function saidInBodyBoxes(
  said: Map<Element, number[]>,
  segs: readonly Segment[],
  lines: readonly number[],
  recordOf: (i: number) => Element | undefined,
  unsigned: (i: number) => boolean,
): void {
  const postsIn = new Map<string, Set<Element>>();
  for (const [r, own] of said) {
    for (const i of own) {
      const place = placeIn(segs[i]?.block ?? null, r);
      if (place === null) continue;
      const posts = postsIn.get(place);
      if (posts === undefined) postsIn.set(place, new Set([r]));
      else posts.add(r);
    }
  }
  // Most posts' text is in the body box; a member's title or signature long enough to say something is in a
  // few posts' panels only.
  const least = Math.max(BODY_BOX_POSTS, said.size / 2);
  const boxes = new Set([...postsIn].filter(([, posts]) => posts.size >= least).map(([place]) => place));
  if (boxes.size === 0) return;
  for (const i of lines) {
    const r = recordOf(i);
    const s = segs[i];
    if (r === undefined || s === undefined || !unsigned(i) || said.get(r)?.includes(i)) continue;
    if (s.length === 0 || s.linkChars * 2 >= s.length || !LETTER_OR_DIGIT.test(segmentText(s))) continue;
    const place = placeIn(s.block, r);
    if (place === null || !boxes.has(place)) continue;
    const own = said.get(r);
    if (own === undefined) said.set(r, [i]);
    else own.push(i);
  }
  for (const own of said.values()) own.sort((a, b) => a - b);
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Where `block` sits in `record`: the tag and first class of each box from it up to the record, or null. */
function placeIn(block: Element | null, record: Element): string | null {
  let place = '';
  let e = block;
  for (let depth = 0; e !== null && depth < BODY_BOX_DEPTH; depth++) {
    if (e === record) return place;
    place += `${boxShapeOf(e)}/`;
    e = parentElementOf(e);
  }
  return null;
}

/** A post's date line is looked for among its first this many. */
const MAX_DATE_LINES = 8;

/**
 * Of a post's date lines, the one nearest its author line: a Q&A post shows when it was edited and by whom
 * before when it was written and by whom ("edited May 3 · editor · answered May 2 · author"), and the author
 * line (posts.ts: the declared author) is the writer's. Without an author line, the first.
 */
export function nearest(lines: readonly number[], author: number | undefined): number | undefined {
  if (author === undefined) return lines[0];
  let best: number | undefined;
  for (const i of lines) if (best === undefined || Math.abs(i - author) < Math.abs(best - author)) best = i;
  return best;
}

/** A line found, numbers aside, in this many posts or more is the posts' template. */
const TEMPLATE_POSTS = 3;

/**
 * Lines that every post repeats but for their numbers are the member panel's, not what the post says:
 * "1,992 · 2 gold badges · 14 silver badges · 18 bronze badges" under each answer on a Q&A site, "Joined ·
 * Messages · Reaction score" on a forum (modern-dev: a Super User thread had them kept as replies). Posts that
 * then say nothing are not held. A line counts only where it sits in the same place in each post, as a panel's
 * lines do: a reply quoted by two others is found in three posts, but in their quote boxes, not where it was
 * said (modern-dev: a question two replies quoted was left out with its author).
 */
function withoutTemplateLines(said: Map<Element, number[]>, segs: readonly Segment[]): void {
  // Its words without numbers or plurals: "1 gold badge" and "2 gold badges" are one line.
  const shapeOf = (i: number, record: Element): string =>
    `${(
      segmentText(segs[i] as Segment)
        .replace(/\d[\d.,]*[km]?/gi, ' ')
        .match(WORD) ?? []
    )
      .map((word) => word.toLowerCase().replace(/s$/, ''))
      .join(' ')}\n${placeIn(segs[i]?.block ?? null, record) ?? ''}`;
  const posts = new Map<string, number>();
  for (const [record, lines] of said)
    for (const shape of new Set(lines.map((i) => shapeOf(i, record))))
      posts.set(shape, (posts.get(shape) ?? 0) + 1);
  for (const [record, lines] of said) {
    const kept = lines.filter((i) => (posts.get(shapeOf(i, record)) ?? 0) < TEMPLATE_POSTS);
    if (kept.length > 0) said.set(record, kept);
    else said.delete(record);
  }
}

/**
 * How surely a post's short linked line names its author: the declared author (posts.ts) over a link to a
 * member's page over the post's first linked line. A Q&A post names its editor before its writer. Of two
 * alike, a heading: a forum sets the name as the post's heading after an avatar that links to the same page
 * and shows the member's initial where there is no picture.
 */
function authorRank(seg: Segment): number {
  const source = inDeclaredAuthor(seg.block) ? 2 : isProfileLink(seg.block) ? 1 : 0;
  return source * 2 + (seg.heading > 0 ? 1 : 0);
}

/** The block is or holds a link to a member's page (PROFILE_LINK). */
function isProfileLink(block: Element): boolean {
  return (
    (localNameOf(block) === 'a' && closestOf(block, PROFILE_LINK) !== null) ||
    querySelectorIn(block, PROFILE_LINK) !== null
  );
}

/**
 * A date in the declared author's panel with no `<time>`: the member's ("Joined Oct 11, 2012" under a
 * XenForo name), not the post's, which the page marks as a `<time>` or writes beside the post.
 */
function isMembersDate(block: Element): boolean {
  return inDeclaredAuthor(block) && !hasTime(block);
}

/** The block holds a `<time>` (a post's date as Discourse and XenForo mark it up). */
function hasTime(block: Element): boolean {
  return localNameOf(block) === 'time' || querySelectorIn(block, 'time') !== null;
}
