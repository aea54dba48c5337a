/**
 * Inside the chosen segments, what is left out: boilerplate by name, link lists, what the model doubts, boxes
 * out of the article's column, and pull quotes that repeat the article's own sentences.
 */
import {
  attributeOf,
  baseUriOf,
  closestOf,
  containsNode,
  firstElementChildOf,
  nextElementSiblingOf,
  ownerDocumentOf,
  parentElementOf,
  querySelectorAllIn,
  querySelectorIn,
  textContentOf,
} from '../dom/access.ts';
import { trimToLettersAndDigits } from '../dom/chars.ts';
import { MAX_ANCESTORS } from '../dom/limits.ts';
import { isSameSite, pageAddresses, parseUrl } from '../dom/url.ts';
import { misaligned, readBoxes } from '../geometry/index.ts';
import type { Scored } from '../score/scored.ts';
import { type Segment, segmentText } from '../segments/index.ts';

/**
 * Inside the chosen run, leave out what the reader would not want: boilerplate by name, link lists
 * ("Read more: …"), and boxes out of the column. Headings, captions and differently styled text stay.
 */
export function keepInRun(
  indices: readonly number[],
  scored: Scored,
  misaligned: ReadonlySet<number>,
  also: {
    /** Footnotes the run's links point at (around.ts notesAfter): kept whole. */
    notes?: ReadonlySet<number>;
    /** A thread's author and date lines and what its posts say (records.ts): kept whatever the model says. */
    signatures?: ReadonlySet<number>;
    /** A sectioned document's last sections (sections.ts): their prose is kept whatever the model says. */
    sections?: ReadonlySet<number>;
  } = {},
): { kept: Segment[]; dropped: number } {
  const notes = also.notes ?? new Set<number>();
  const signatures = also.signatures ?? new Set<number>();
  const sections = also.sections ?? new Set<number>();
  const kept: Segment[] = [];
  let dropped = 0;
  const pullQuote = pullQuotes(indices, scored);
  const isLinks = (i: number): boolean => (scored.shares[i]?.link ?? 0) > 0.5;
  // A list that has prose items is the article's own list: its items that are mostly a link (a bug title,
  // a cited paper) are points of it, not "Read more" links (readability-test-pages' firefox-nightly-blog
  // lost a third of its text, one linked bug per item).
  // But a link beside an item's own prose is that item's button ("Buy now from £14.99" under each pick of a
  // listicle, fixture wrong-empty-list-article), unless it is the item's heading.
  const proseLists = new Set<Element>();
  const proseItems = new Set<Element>();
  // A box set aside by its name that holds most of the run is the article's own box, whatever its name: the
  // scores found the article in it. An issue of a newsletter in `rich-text-newsletter-cms` lost all its text
  // to that name (modern-dev), and score/scored.ts's page-wide test missed it: the testimonials around it hold
  // more prose than the issue (docs/extraction.md).
  const inBox = new Map<Element | null, number>();
  let runChars = 0;
  for (const i of indices) {
    const s = scored.segments[i] as Segment;
    runChars += s.length;
    inBox.set(s.flagged, (inBox.get(s.flagged) ?? 0) + s.length);
    if (isLinks(i) || scored.sign[i] !== 1) continue;
    if (s.context === 'li') {
      const list = outerList(s.block);
      if (list) proseLists.add(list);
    }
    const item = closestOf(s.block, 'li');
    if (item) proseItems.add(item);
  }
  const announced = announcedLinks(indices, scored, isLinks);
  const pointOfList = (s: Segment): boolean =>
    proseLists.size > 0 &&
    s.context === 'li' &&
    proseLists.has(outerList(s.block) as Element) &&
    (s.heading > 0 || !proseItems.has(closestOf(s.block, 'li') as Element));
  for (const [at, i] of indices.entries()) {
    const s = scored.segments[i] as Segment;
    const flaggedOut = scored.boilerplate[i] === true && (inBox.get(s.flagged) ?? 0) * 2 <= runChars;
    // A note is what the article's own links point at: its cited title is a link, its list may be set in
    // columns (Wikipedia's references), and it stays whole.
    const note = notes.has(i);
    const linkList =
      !note &&
      isLinks(i) &&
      !pointOfList(s) &&
      !announced.has(i) &&
      !titleOfItem(s, scored, indices.slice(at + 1, at + 1 + ITEM_LOOKAHEAD)) &&
      s.context !== 'td' &&
      s.context !== 'pre';
    // With the model, what it gives less than ½ is left out too: a share bar, an author box. Not a heading, a
    // caption or a table cell: a table is kept or left out whole, and a caption goes with its picture. Not the
    // items of a list the text announces: the model doubts a line that is one link. Not a code block: a short
    // command has no sentence and sits in a figure, and the model doubts it more the further it is from the
    // title (modern-dev: a docs page lost every command of its install steps; docs/extraction.md).
    const unlikely =
      !note &&
      !announced.has(i) &&
      !sections.has(i) &&
      s.heading === 0 &&
      s.context !== 'figcaption' &&
      s.context !== 'td' &&
      s.context !== 'pre' &&
      scored.probability !== null &&
      (scored.probability[i] ?? 0) < 0.5;
    const signature = signatures.has(i);
    if (signature) kept.push(s);
    else if (flaggedOut || linkList || unlikely || (!note && misaligned.has(i)) || pullQuote.has(i))
      dropped++;
    else kept.push(s);
  }
  // Trim what is left at the edges that is not prose: a run never starts or ends on a stray caption.
  while (kept.length > 0 && kept[kept.length - 1]?.heading) kept.pop();
  const once = withoutRepeats(kept);
  const whole = wholeCode(once, scored.segments);
  return { kept: whole, dropped: Math.max(0, dropped + kept.length - whole.length) };
}

/** Own text under a linked heading that makes it an item's title when the link leaves the site or it is numbered. */
const ITEM_PROSE = 100;
/** Under a heading that links within the site, as a teaser's does: more than a teaser's excerpt of one or two. */
const SECTION_PARAGRAPHS = 3;
/** A paragraph, for SECTION_PARAGRAPHS: a label line ("Location: Boston") or a one-line excerpt is none. */
const PARAGRAPH_MIN = 120;
/** Segments looked at under a heading for its own text (ratings, pictures, sub-headings may come between). */
const ITEM_LOOKAHEAD = 24;

/** A section's name is a word or a few ("Standards", "Possible Solutions"); a teaser's headline is a sentence. */
const SECTION_NAME_WORDS = 3;
/** The section's own prose right under its name: a sentence at least. */
const SECTION_PROSE = 60;

/**
 * A heading that is a link over text of its own, up to the next heading of its rank, is that section's title,
 * not a link list: a listicle's "1. JP Urban Moving" linking to the firm, a round-up's story title over the
 * author's paragraphs about it. A teaser's heading links within the site over a line or two of excerpt, and a
 * list of linked headings has no text between them; so a heading that links within the site needs more than an
 * excerpt under it, unless it is numbered ("3. <a>Stanford GSB</a>": a ranking's item, not a teaser), or names
 * a section in a word or a few right over a sentence of the run's prose (a government topic page's "Standards",
 * "Training", each linking to the section's own page).
 */
function titleOfItem(s: Segment, scored: Scored, following: readonly number[]): boolean {
  if (s.heading === 0) return false;
  let chars = 0;
  let paragraphs = 0;
  for (const [at, j] of following.entries()) {
    const after = scored.segments[j];
    if (after === undefined || (after.heading > 0 && after.heading <= s.heading)) break;
    const prose = after.heading === 0 && (scored.shares[j]?.link ?? 0) <= 0.5 && scored.sign[j] === 1;
    if (!prose) continue;
    if (at === 0 && after.length >= SECTION_PROSE && namesSection(s)) return true;
    chars += after.length;
    if (after.length >= PARAGRAPH_MIN) paragraphs++;
  }
  if (chars < ITEM_PROSE) return false;
  if (paragraphs >= SECTION_PARAGRAPHS) return true;
  return numberedOutsideLink(s) || linksElsewhere(s.block);
}

/** An item number before a heading's link: "3. ", "12) ", "#4 ", "III. ". */
const ITEM_NUMBER = /^\s*(?:#\s?\d{1,3}|\d{1,3}[.):]|[IVXLC]{1,6}[.):])\s*/u;

/** Whether the heading's text opens with an item number that its first link does not hold. */
function numberedOutsideLink(s: Segment): boolean {
  if (!ITEM_NUMBER.test(segmentText(s))) return false;
  const link = querySelectorIn(s.block, 'a[href]');
  return link !== null && !ITEM_NUMBER.test(textContentOf(link) ?? '');
}

function namesSection(s: Segment): boolean {
  return segmentText(s).split(' ').length <= SECTION_NAME_WORDS;
}

/** Whether every link in `block` (at least one) leads to another site than the page's. */
function linksElsewhere(block: Element): boolean {
  const doc = ownerDocumentOf(block);
  const addresses = doc === null ? [] : pageAddresses(doc);
  if (addresses.length === 0) return false;
  const links = Array.from(querySelectorAllIn(block, 'a[href]')).slice(0, 5);
  return (
    links.length > 0 &&
    links.every((a) => {
      const target = parseUrl(attributeOf(a, 'href') ?? '', baseUriOf(a));
      return target !== null && target.host !== '' && !isSameSite(target, addresses);
    })
  );
}

/**
 * A code block the run keeps a line of is kept whole: every segment of its `<pre>` (or of a highlighter's table
 * of line numbers and code), wherever the run's edges, the model's doubt or a repeated line fell. Code read in
 * part is wrong code: a highlighter that sets each line as a block makes each line a segment of its own.
 */
function wholeCode(kept: readonly Segment[], segments: readonly Segment[]): Segment[] {
  const added = new Set<number>();
  const boxes = new Set<Element>();
  for (const s of kept) {
    if (s.context !== 'pre') continue;
    const box = codeBoxOf(s.block);
    if (box === null || boxes.has(box)) continue;
    boxes.add(box);
    for (let j = s.index - 1; j >= 0 && inBox(box, segments[j]); j--) added.add(j);
    for (let j = s.index + 1; j < segments.length && inBox(box, segments[j]); j++) added.add(j);
  }
  if (added.size === 0) return [...kept];
  for (const s of kept) added.delete(s.index);
  const more = [...added].map((j) => segments[j] as Segment);
  return [...kept, ...more].sort((a, b) => a.index - b.index);
}

function inBox(box: Element, s: Segment | undefined): boolean {
  return s !== undefined && s.context === 'pre' && containsNode(box, s.block);
}

/** Cells of a table of code (line numbers beside the code) are few; a wider row is a table of data. */
const MAX_CODE_CELLS = 4;

/**
 * The code block a segment is a line of: its `<pre>`, or the table around it when every cell of the `<pre>`'s
 * row holds a `<pre>` (a highlighter's line numbers and code side by side). Null outside code.
 */
export function codeBoxOf(block: Element): Element | null {
  const pre = closestOf(block, 'pre');
  if (pre === null) return null;
  const cell = closestOf(pre, 'td');
  const row = cell === null ? null : parentElementOf(cell);
  if (row === null) return pre;
  let cells = 0;
  let child = firstElementChildOf(row);
  for (; child !== null && cells <= MAX_CODE_CELLS; child = nextElementSiblingOf(child)) {
    cells++;
    if (querySelectorIn(child, 'pre') === null) return pre;
  }
  if (cells < 2 || cells > MAX_CODE_CELLS) return pre;
  return closestOf(row, 'table') ?? pre;
}

/** A line that hands the reader on elsewhere: what follows it is a box of links, not the text's own list. */
const ELSEWHERE =
  /\b(read more|read also|also read|related|see also|recommended|more (on|from|about)|you (may|might)|popular|trending)\b/i;

/**
 * Items that are one link each, right after a line of the text that announces them ("These patches were
 * merged:"), are the text's own list: a progress report's changes, a changelog, a reading list the author
 * wrote (fixture wrong-empty-link-list-report). Not after "Read more:" or "Related:", a box of links that
 * sits inside an article.
 */
function announcedLinks(
  indices: readonly number[],
  scored: Scored,
  isLinks: (i: number) => boolean,
): Set<number> {
  const out = new Set<number>();
  let open = false;
  for (const i of indices) {
    const s = scored.segments[i] as Segment;
    if (isLinks(i)) {
      if (open && s.heading === 0 && closestOf(s.block, 'li') !== null) out.add(i);
      else open = false;
      continue;
    }
    const text = segmentText(s).trim();
    open = scored.sign[i] === 1 && text.endsWith(':') && !ELSEWHERE.test(text);
  }
  return out;
}

/** Shorter than this, the same words twice can be a refrain or a label; longer, a copy of the paragraph. */
const REPEAT_MIN_CHARS = 60;

/**
 * A paragraph the run already holds, found again in another box, is a second copy of the text: a product's
 * description in a tab panel and again in the mobile layout, an article's print copy, a thread's first post
 * shown again above the replies. A person wants it once (modern-dev: 10 of 53 product pages came out with
 * paragraphs twice, up to a third of the text). Repeats among one box's children stay: a song's refrain, a
 * poem's repeated stanza. So does a lone repeat in a sibling box of the first: the same warning in two
 * sections of one text (readability-test-pages: five pages lost their last paragraph to this), unless a
 * neighbour is repeated too, which makes it part of a copied block.
 */
function withoutRepeats(kept: readonly Segment[]): Segment[] {
  const seen = new Map<string, Element | null>();
  // Per segment: the parent of its text's first copy when that copy sat in another box, else undefined.
  const firstBox = kept.map((s) => {
    const text = segmentText(s);
    const first = seen.get(text);
    const parent = parentElementOf(s.block);
    if (first === undefined) seen.set(text, parent);
    return first !== undefined && first !== parent ? first : undefined;
  });
  return kept.filter((s, i) => {
    const first = firstBox[i];
    if (first === undefined) return true;
    if (isCopyForSight(s.block)) return false;
    if (s.length < REPEAT_MIN_CHARS || s.heading > 0) return true;
    const parent = parentElementOf(s.block);
    const inSiblingBox =
      first !== null && parent !== null && parentElementOf(first) === parentElementOf(parent);
    const inCopiedBlock = firstBox[i - 1] !== undefined || firstBox[i + 1] !== undefined;
    return inSiblingBox && !inCopiedBlock;
  });
}

/**
 * Inside an `aria-hidden` box (which the walk reads when it holds paragraphs: visibility/), a line the run
 * already holds is a copy made for the eye, whatever its length: a ticker's clones of its three quotes, a hero
 * heading drawn twice for an effect (modern-dev: a to-do app's page had its quotes four times).
 */
function isCopyForSight(block: Element): boolean {
  return closestOf(block, '[aria-hidden="true"]') !== null;
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
  // Searched paragraph by paragraph, never joined into one string of the whole run: the same answer, since
  // normalised segment text has no newline, so no match could span two paragraphs.
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

/**
 * The segments among `indices` that sit off the article's column (geometry/): none without computed styles,
 * where every box is laid out the same. The column is voted by the Luo-positive segments.
 */
export function offColumn(indices: readonly number[], scored: Scored, styled: boolean): Set<number> {
  if (!styled) return new Set<number>();
  const segments = indices.map((i) => scored.segments[i] as Segment);
  const positive = new Set(indices.filter((i) => (scored.luo[i] ?? -1) > 0));
  return misaligned(segments, positive, readBoxes(segments));
}
