/**
 * What a page shows beside its headline, for pages that declare it nowhere in their markup: the byline line
 * and the date under (or just above) the `h1`. Only the few elements next to the headline are read, so a
 * comment's or a related story's date or author is not taken. Through dom/access.ts, bounded.
 */
import {
  attributeOf,
  bodyOf,
  closestOf,
  containsNode,
  dataOf,
  documentPosition,
  firstChildOf,
  firstElementChildOf,
  localNameOf,
  nextElementSiblingOf,
  nextSiblingOf,
  nodeTypeOf,
  parentElementOf,
  parentOf,
  previousElementSiblingOf,
  querySelectorAllIn,
} from '../dom/access.ts';
import { parseDateText } from './date.ts';
import { normalize } from './title.ts';

/** Elements looked at after (and before) the headline, at each of its first levels of ancestors. */
const SIBLINGS = 3;
const LEVELS = 3;
/** A byline line is short: longer text is a paragraph that happens to start with "By". */
const MAX_BYLINE_LINE = 160;
/**
 * "By Ann Lee", "Written by Ann Lee", "Von Ann Lee", "Par Ann Lee"… at the start of a line; "Started by" is a
 * thread's first poster ("Started by Ann Lee, June 4, 2024").
 */
const BY = /^(?:by|written by|words by|posted by|started by|von|par|por|door|di)\s*:?\s+\S/i;

/** The elements next to `headline`: after it at each level (nearest first), and the `<time>`s just before it. */
function neighbours(headline: Element): { after: Element[]; before: Element[] } {
  const after: Element[] = [];
  const before: Element[] = [];
  let level: Element | null = headline;
  for (let depth = 0; level !== null && depth < LEVELS; depth++) {
    let next = nextElementSiblingOf(level);
    for (let i = 0; next !== null && i < SIBLINGS; i++) {
      after.push(next);
      next = nextElementSiblingOf(next);
    }
    let previous = previousElementSiblingOf(level);
    for (let i = 0; previous !== null && i < SIBLINGS; i++) {
      before.push(previous);
      previous = previousElementSiblingOf(previous);
    }
    level = parentElementOf(level);
  }
  return { after, before };
}

/**
 * Characters (and nodes) read of an element for a line: an element holding more is a paragraph or the page,
 * never a byline or a date line, and reading a whole long page's text for each element near the headline
 * costs seconds (a 10 MB text node).
 */
const LINE_READ_CHARS = 1000;
const LINE_READ_NODES = 500;

/** `el`'s text with its whitespace squashed, as `textContent` reads it, or null when it holds more than a line. */
function lineOf(el: Element): string | null {
  const parts: string[] = [];
  let chars = 0;
  let node: Node | null = firstChildOf(el);
  for (let read = 0; node !== null; read++) {
    if (read >= LINE_READ_NODES) return null;
    const type = nodeTypeOf(node);
    if (type === TEXT_NODE || type === CDATA_NODE) {
      const data = dataOf(node as CharacterData);
      chars += data.length;
      if (chars > LINE_READ_CHARS) return null;
      parts.push(data);
    }
    node = nextInSubtree(node, el);
  }
  return normalize(parts.join(''));
}

/** The node after `node` in document order inside `root`, or null past its last. */
function nextInSubtree(node: Node, root: Element): Node | null {
  const child = nodeTypeOf(node) === ELEMENT_NODE ? firstChildOf(node) : null;
  if (child !== null) return child;
  let at: Node | null = node;
  while (at !== null && at !== root) {
    const next = nextSiblingOf(at);
    if (next !== null) return next;
    at = parentOf(at);
  }
  return null;
}

/** The length of `el`'s line, past every limit when it is no line. */
const lineLength = (el: Element): number => lineOf(el)?.length ?? Number.POSITIVE_INFINITY;

/** The date a `<time>` or a short element states: its `datetime` first, else its text. */
function dateOf(el: Element): string | null {
  if (localNameOf(el) === 'time') {
    const stamp = attributeOf(el, 'datetime');
    const day = stamp === null ? null : parseDateText(stamp);
    if (day !== null) return day;
  }
  const line = lineOf(el);
  return line === null ? null : parseDateText(line);
}

/** A date in `el` or one of its `<time>` elements, leaving out those inside a link to another page. */
function dateIn(el: Element): string | null {
  for (const time of Array.from(querySelectorAllIn(el, 'time')).slice(0, 5)) {
    const link = closestOf(time, 'a[href]');
    if (link !== null && !(attributeOf(link, 'href') ?? '').startsWith('#')) continue;
    const day = dateOf(time);
    if (day !== null) return day;
  }
  return dateOf(el);
}

/** The date shown next to `headline` (YYYY-MM-DD): after it first, then a `<time>` just before it. */
export function dateNearHeadline(headline: Element): string | null {
  const { after, before } = neighbours(headline);
  for (const el of after) {
    const day = dateIn(el);
    if (day !== null) return day;
  }
  for (const el of before) {
    if (localNameOf(el) !== 'time') continue;
    const day = dateOf(el);
    if (day !== null) return day;
  }
  return dateLineAbove(headline);
}

/** Levels of the headline's ancestors whose element just before them is read as the line above the title. */
const ABOVE_LEVELS = 2;

/**
 * The date on the short line set just above the headline, at its own level or its parent's: "December 19th,
 * 2025" over the title, "Published October 14, 2025 in Training", a calendar icon beside "Dec 12, 2025". Only
 * the one element right before it: further up is the site's header, where today's date may stand.
 */
function dateLineAbove(headline: Element): string | null {
  let level: Element | null = headline;
  for (let depth = 0; level !== null && depth < ABOVE_LEVELS; depth++) {
    const above = previousElementSiblingOf(level);
    if (above !== null && lineLength(above) <= DATE_LINE_CHARS && !inLinkAway(above)) {
      const day = dateInParts(above);
      if (day !== null) return day;
    }
    level = parentElementOf(level);
  }
  return null;
}

/** Parts of a line read one by one. */
const LINE_PARTS = 12;

/**
 * The date one of the parts of a short line states, each read apart: its leaves run together in the line's
 * text ("Published" and "October 14, 2025" in boxes of their own read "PublishedOctober 14, 2025").
 */
function dateInParts(line: Element): string | null {
  const parts = [line, ...Array.from(querySelectorAllIn(line, '*')).slice(0, LINE_PARTS)];
  for (const part of parts) {
    const day =
      firstElementChildOf(part) === null || localNameOf(part) === 'time' ? dateOf(part) : dateInOwnText(part);
    if (day !== null) return day;
  }
  return null;
}

/** Whether `el` is inside a link to another page (a related story's card), not one to a place on this page. */
function inLinkAway(el: Element): boolean {
  const link = closestOf(el, 'a[href]');
  return link !== null && !(attributeOf(link, 'href') ?? '').startsWith('#');
}

/**
 * The text of a "By …" line next to `headline`, for cleanByline: of the first neighbour holding one, its
 * shortest such line, since the box around "By Ann Lee" runs on into her job title ("By Ann LeeStaff writer").
 */
export function bylineNearHeadline(headline: Element): string | null {
  for (const el of neighbours(headline).after) {
    const lines = [el, ...Array.from(querySelectorAllIn(el, 'p, span, div, address')).slice(0, 20)];
    let shortest: string | null = null;
    for (const line of lines) {
      const text = lineOf(line);
      if (text === null || text.length > MAX_BYLINE_LINE || !BY.test(text)) continue;
      if (shortest === null || text.length < shortest.length) shortest = text;
    }
    if (shortest !== null) return shortest;
  }
  return null;
}

/**
 * A person's name as a byline shows it: two to five words, each capitalised but for the particles of names
 * ("van der", "de", "bin"), no digits. A job title, a date or a label is not one.
 */
const NAME =
  /^(?:Dr\.?\s+|Prof\.?\s+)?\p{Lu}[\p{L}'’.-]*(?:\s+(?:\p{Lu}[\p{L}'’.-]*|van|von|der|den|de|da|del|della|di|du|la|le|bin|al)){1,4}$/u;

/** A line that only labels the name after it. */
const NAME_LABEL = /^(?:author|authors|written by|posted by|by|words by|article by)\s*:?$/i;

/** Author boxes read after the headline, and lines read in each. */
const AUTHOR_BOXES = 8;
const BOX_LINES = 12;

/** An author box and the name in it. */
export interface AuthorBox {
  box: Element;
  name: string;
}

/**
 * The first author box after `headline` that holds a name: an element whose class names an author
 * ("the-author", "post-author", "page__author", "resource-author-details"). Sites set the name in a line of its
 * own beside a picture, a job title or a date, with no "By" and no markup saying it is a name. Only boxes after
 * the headline are read: a sidebar's "Our authors" comes before the story or beside it, and a comment's box is
 * left out wherever it is. A page without an `h1` has its boxes read from the top.
 */
export function findAuthorBox(headline: Element | null, doc: Document): AuthorBox | null {
  const boxes = Array.from(querySelectorAllIn(doc, '[class*="author" i]')).slice(0, 200);
  let read = 0;
  for (const box of boxes) {
    if (headline !== null && !follows(box, headline)) continue;
    // A comment's author box is a reader's name, whatever comes before it.
    if (closestOf(box, COMMENT_BOX) !== null) continue;
    if (++read > AUTHOR_BOXES) break;
    const name = nameIn(box);
    if (name !== null) return { box, name };
  }
  return null;
}

/**
 * A name with its address after it, as a mailbox is written ("Vinay Sajip <vinay_sajip at red-dove dot com>"): a
 * documentation page's "Author:" field, a PEP's or an RFC's header.
 */
const MAILBOX = /^(.+?)\s*<[^<>]{1,100}>$/;

/**
 * The name on the line after a "Written by" or "Author" label beside `headline`, with the address the page
 * gives after it.
 */
export function nameAfterLabel(headline: Element): string | null {
  for (const label of labelsAfter(headline)) {
    const next = nextElementSiblingOf(label);
    const text = next === null ? null : lineOf(next);
    if (text !== null && NAME.test(MAILBOX.exec(text)?.[1] ?? text)) return text;
  }
  return null;
}

/**
 * The date set in the author box (or in the box around it): "Luke Kim / December 17, 2025" under a picture,
 * with no `<time>` and beside no headline.
 */
export function dateInAuthorBox(found: AuthorBox): string | null {
  const around = parentElementOf(found.box);
  for (const scope of around === null ? [found.box] : [found.box, around]) {
    const lines = Array.from(querySelectorAllIn(scope, '*')).slice(0, 3 * BOX_LINES);
    for (const line of lines) {
      const day = firstElementChildOf(line) === null ? dateOf(line) : dateInOwnText(line);
      if (day !== null) return day;
    }
  }
  return null;
}

/** Capitalised words that are a box's furniture, not a name: "About the Author", "Read More", "View Profile". */
const NOT_NAME = /\b(?:author|authors|about|more|read|share|follow|view|posts|articles|profile|bio)\b/i;

/**
 * The first line of `box` that is a name, less a leading "By": its innermost elements first (the name, then
 * the job title beside it), then the box whole.
 */
function nameIn(box: Element): string | null {
  const inner = Array.from(querySelectorAllIn(box, '*')).slice(0, BOX_LINES);
  const lines = [...inner.filter((el) => firstElementChildOf(el) === null), box];
  for (const line of lines) {
    const text = (lineOf(line) ?? '').replace(/^by\s+/i, '');
    if (text.length < 80 && NAME.test(text) && !NOT_NAME.test(text)) return text;
    if (isLinkedHandle(line, box, text)) return text;
    const written = text.length <= MAX_BYLINE_LINE ? WRITTEN_BY.exec(text) : null;
    if (written?.[1] !== undefined) return written[1];
  }
  return null;
}

/** A forum name: one word of letters, digits and `._-` ("StarredSkies", "slow-poke"). */
const HANDLE = /^\p{L}[\p{L}\p{N}._-]{2,29}$/u;
/** Link words that are no one's name: the profiles, feeds and actions an author box links to. */
const LINK_WORDS =
  /^(?:twitter|facebook|linkedin|instagram|youtube|mastodon|github|bluesky|threads|tiktok|email|website|homepage|rss|feed|contact|subscribe|comment|comments|reply|replies|quote|report|like|edit|home|login|post|permalink|link)$/i;

/**
 * Whether `line` is a one-word name linked to its person's page: on a forum the poster's box leads with it, and
 * the capitalised words after it ("Big Board Owner", "Super User") are a rank, not a name. The link is the
 * name's alone: a teaser card's link holds its section label over a headline ("Legend", then the story's).
 */
function isLinkedHandle(line: Element, box: Element, text: string): boolean {
  if (!HANDLE.test(text) || NOT_NAME.test(text) || LINK_WORDS.test(text)) return false;
  const link = closestOf(line, 'a[href]');
  return link !== null && containsNode(box, link) && (lineOf(link) ?? '').length <= text.length + LINK_EXTRA;
}

/** Characters a linked name's link may hold past the name: a leading "@" or "by", an icon's letter. */
const LINK_EXTRA = 4;

/** The name in a sentence that signs the text: "This post was written by Ann Lee, Head of Marketing". */
const WRITTEN_BY =
  /\b(?:written|posted|authored|contributed|reported)\s+by\s+((?:Dr\.?\s+|Prof\.?\s+)?\p{Lu}[\p{L}'’.-]*(?:\s+(?:\p{Lu}[\p{L}'’.-]*|van|von|der|den|de|da|del|della|di|du|la|le|bin|al)){1,4})/u;

/** "Written by" and "Author" labels among the headline's neighbours and their children. */
function labelsAfter(headline: Element): Element[] {
  const out: Element[] = [];
  for (const el of neighbours(headline).after) {
    for (const line of [el, ...Array.from(querySelectorAllIn(el, 'p, span, div, dt')).slice(0, 20)]) {
      if (NAME_LABEL.test(lineOf(line) ?? '')) out.push(line);
    }
  }
  return out;
}

/** Node.DOCUMENT_POSITION_FOLLOWING. */
const FOLLOWING = 4;

/** `el` comes after `headline` in the document, outside it. */
function follows(el: Element, headline: Element): boolean {
  return !containsNode(headline, el) && (documentPosition(headline, el) & FOLLOWING) !== 0;
}

/** Elements read after the headline for a date line, and the length of a line that can be one. */
const LINE_ELEMENTS = 80;
const DATE_LINE_CHARS = 80;
/** A leaf this long is the body's first paragraph: the lines around the headline are behind. */
const BODY_CHARS = 200;

/**
 * The first short line after `headline`, in document order, that states a date, before the body's first
 * paragraph: "Published" over "July 8, 2025", a calendar icon beside "Dec 12, 2025", "February 4, 2025 - 11 min
 * read". Pages set the date in a box of their own, deeper or further on than the headline's neighbours, and
 * often without a `<time>`. A line in a link to another page is a related story's.
 */
export function dateLineAfter(headline: Element): string | null {
  let el = nextInOrder(headline, true);
  for (let read = 0; el !== null && read < LINE_ELEMENTS; read++, el = nextInOrder(el, false)) {
    // Only a line's text is read (a leaf, or a few leaves: an icon beside the date): a container's is the page's.
    const leaf = firstElementChildOf(el) === null;
    if (!leaf && !fewLeaves(el)) {
      const day = inLinkAway(el) ? null : dateInOwnText(el);
      if (day !== null) return day;
      continue;
    }
    const text = lineOf(el);
    if (leaf && (text === null || text.length >= BODY_CHARS)) return null;
    if (text === null) continue;
    if (text.length === 0 || text.length > DATE_LINE_CHARS) continue;
    const link = closestOf(el, 'a[href]');
    if (link !== null && !(attributeOf(link, 'href') ?? '').startsWith('#')) continue;
    const day = dateOf(el);
    if (day !== null) return day;
  }
  return null;
}

/** Elements read after the headline (or from the top of a page without one) for a labelled date. */
const LABEL_ELEMENTS = 2000;
/** A label that names the date after it as the day the page was published: not "Updated", not "Joined". */
const PUBLISHED_LABEL =
  /^(?:published|posted|first published|date published|publication date|publish date)(?:\s+on)?\s*:?\s*/i;

/**
 * The date a "Published" or "Posted on" label names, anywhere after the headline outside the comments: in a
 * side column beside the text ("Published" over "July 8, 2025"), below an introduction, or under the text
 * ("Posted on April 13, 2023"). The label says which of the page's dates it is, wherever the page sets it.
 */
export function labelledDate(headline: Element | null, doc: Document): string | null {
  const body = bodyOf(doc);
  let el =
    headline === null ? (body === null ? null : firstElementChildOf(body)) : nextInOrder(headline, true);
  for (let read = 0; el !== null && read < LABEL_ELEMENTS; read++, el = nextInOrder(el, false)) {
    const text = (firstElementChildOf(el) === null ? lineOf(el) : ownText(el)) ?? '';
    if (text.length === 0 || text.length > DATE_LINE_CHARS) continue;
    const label = PUBLISHED_LABEL.exec(text);
    if (label === null || inLinkAway(el) || inCommentBox(el)) continue;
    const rest = text.slice(label[0].length);
    if (rest !== '') {
      const day = parseDateText(rest);
      if (day !== null) return day;
      continue;
    }
    // The label alone in its own text: the date is in the line's parts ("Posted on <time>"), or the line after.
    if (lineLength(el) <= DATE_LINE_CHARS) {
      const day = dateInParts(el);
      if (day !== null) return day;
    }
    const next = nextInOrder(el, true);
    if (next !== null && lineLength(next) <= DATE_LINE_CHARS) {
      const day = dateInParts(next);
      if (day !== null) return day;
    }
  }
  return null;
}

/** A comment's box: its dates and names are a reader's. */
export const COMMENT_BOX = '[class*="comment" i], [id*="comment" i]';

/** Whether `el` is in a comment's box; not the page's `body` or `html`, whose classes say "comments-open". */
export function inCommentBox(el: Element): boolean {
  const box = closestOf(el, COMMENT_BOX);
  return box !== null && localNameOf(box) !== 'body' && localNameOf(box) !== 'html';
}

/** Text nodes read of an element's own text. */
const OWN_TEXT_NODES = 20;

/**
 * The date an element's own text states (its text nodes, not its children's), when that text is a short line:
 * "Feb 14, 2026 | 9:05 pm" beside a status icon in a link, "Dec 12, 2025" after an inline SVG, "2019-02-23,
 * 09:14 PM" before the note of a later edit, which its child element holds.
 */
function dateInOwnText(el: Element): string | null {
  const line = ownText(el);
  return line.length === 0 || line.length > DATE_LINE_CHARS ? null : parseDateText(line);
}

/** An element's own text: its text nodes, not its children's. */
function ownText(el: Element): string {
  let text = '';
  let node = firstChildOf(el);
  for (let i = 0; node !== null && i < OWN_TEXT_NODES; i++, node = nextSiblingOf(node)) {
    if (nodeTypeOf(node) === TEXT_NODE) text += ` ${dataOf(node as Text)}`;
  }
  return normalize(text);
}

/** Node.ELEMENT_NODE, Node.TEXT_NODE, Node.CDATA_SECTION_NODE. */
const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const CDATA_NODE = 4;

/** Whether `el`'s children are at most four elements with no children of their own. */
function fewLeaves(el: Element): boolean {
  let child = firstElementChildOf(el);
  for (let i = 0; child !== null; i++, child = nextElementSiblingOf(child)) {
    if (i >= 4 || firstElementChildOf(child) !== null) return false;
  }
  return true;
}

/** The element after `el` in document order; past its own subtree when `skipInside`. */
function nextInOrder(el: Element, skipInside: boolean): Element | null {
  if (!skipInside) {
    const child = firstElementChildOf(el);
    if (child !== null) return child;
  }
  let at: Element | null = el;
  for (let depth = 0; at !== null && depth < 64; depth++) {
    const next = nextElementSiblingOf(at);
    if (next !== null) return next;
    at = parentElementOf(at);
  }
  return null;
}
