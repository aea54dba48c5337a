import {
  attributeOf,
  boundingRectOf,
  dataOf,
  firstChildOf,
  firstElementChildOf,
  hasAttribute,
  hasAttributes,
  localNameOf,
  nextSiblingOf,
  nodeTypeOf,
  ownerDocumentOf,
  querySelectorIn,
  textContentOf,
} from '../dom/access.ts';
import { isGlyphAnchor, isSelfLink } from '../dom/anchors.ts';
import { flatChildren, frameBody } from '../dom/flat.ts';
import { MIN_ARTICLE_CHARS } from '../dom/limits.ts';
import { CONTEXT_TAGS, headingLevel, isPanelLabel, type SegmentContext, SKIP_TAGS } from '../dom/tags.ts';
import { normalizeSpace, visibleLength } from '../dom/text.ts';
import {
  ARTICLE_ITEMPROP,
  ARTICLE_MARKUP,
  ARTICLE_ROLES,
  ARTICLE_TAGS,
  BOILERPLATE_TAGS,
  COLLAPSED_ROLES,
  COLLAPSED_TAGS,
  HEADING_SLUG,
  type NameVerdict,
  nameVerdict,
  SLUG,
  WORD_SLUG,
} from '../names/index.ts';
import {
  colorOf,
  type ElementStyle,
  floatedOf,
  fontSizeOf,
  type StyleSource,
  styleSource,
} from '../visibility/index.ts';

/**
 * A text segment (Luo et al. 2009): the text between two block boundaries, so
 * `<p>Hello <b>big</b> <a>world</a>!</p>` is one segment, not four text nodes.
 */
export interface Segment {
  index: number;
  /** The nearest non-inline ancestor: the block box that owns this text. */
  block: Element;
  /** The text as the walk met it, the page's whitespace included: read it through segmentText. */
  raw: string;
  /** The text with whitespace normalised, null until segmentText makes it. */
  text: string | null;
  length: number;
  linkChars: number;
  /** Its runs: `runs` from index `from` up to, not including, `to`. */
  runs: Runs;
  from: number;
  to: number;
  heading: number;
  context: SegmentContext;
  /** The nearest ancestor whose class/id (or tag: aside, footer) names boilerplate, if no positive name is nearer. */
  flagged: Element | null;
  /** The nearest `<article>` ancestor: one article per page, many on a listing. */
  article: Element | null;
  floated: boolean;
  /** A visible `<hr>` stands between this segment and the previous one (often article | comments). */
  hrBefore: boolean;
}

/**
 * A segment's text, whitespace normalised. Made on first use and kept: normalising every segment's text in the
 * walk was a regular-expression pass and a flattened string per segment, for text that selection reads in a
 * few headings and pull-quote candidates only.
 */
export function segmentText(seg: Segment): string {
  seg.text ??= normalizeSpace(seg.raw);
  return seg.text;
}

/**
 * The walk's text runs in document order, as parallel arrays: one run per text node (its characters, computed
 * font size and colour, whether it is link text), one per collapsed box (no node). A segment owns a
 * contiguous stretch of them: four arrays and a node list per segment (V8 gives an array 17 slots on its
 * first push) would more than double what the walk allocates.
 */
export interface Runs {
  node: (Text | null)[];
  size: number[];
  color: string[];
  chars: number[];
  link: boolean[];
}

export interface Walk {
  segments: Segment[];
  /** Roots of the subtrees skipped as invisible or never-content; the copy (src/clean/) skips them too. */
  hidden: Set<Element>;
  /**
   * Boxes inside `<pre>` laid out as blocks (a highlighter's `<span class="line">` styled `display: block`):
   * each is a line of the code, though no newline is written between them; the copy ends a line after each.
   */
  lines: Set<Element>;
  truncated: boolean;
  /** Whether the node budget stopped the walk (elements, and other nodes at NODES_PER_ELEMENT each). */
  cap: 'elements' | null;
  /** The deepest the walk went below the root, in elements. */
  depth: number;
}

/**
 * Text nodes and comments are not elements, but a page of a million comments or bare text nodes between two
 * tags must still end: they are budgeted at four per element (news pages average 2–3 child nodes per element).
 */
const NODES_PER_ELEMENT = 4;

/** Every node the walk may read for an element cap of `maxElements`: the copy reads no more of the page. */
export const nodeBudget = (maxElements: number): number => (1 + NODES_PER_ELEMENT) * maxElements;

interface Frame {
  el: Element;
  /** The next DOM child, when `list` is null (the common case: the flat tree is the DOM here). */
  next: Node | null;
  /** The children the element renders instead (shadow root, slot, frame body; dom/flat.ts), read from `at`. */
  list: readonly Node[] | null;
  at: number;
  /** Styles of the element's own document: a same-origin frame's body is read through its own view. */
  styles: StyleSource;
  style: ElementStyle;
  block: Element;
  isBlock: boolean;
  link: boolean;
  /** The link is a self-link (dom/anchors.ts): a heading inside it is no link text. */
  selfLink: boolean;
  heading: number;
  context: SegmentContext;
  /** Nearest decisive name: the element if negative, null if positive or none. */
  flagged: Element | null;
  article: Element | null;
  floated: boolean;
}

/**
 * A collapsible box (isCollapsible) is walked after all when it holds this share of the page's text: it is then
 * a misused wrapper around the article.
 */
const COLLAPSE_SHARE = 0.5;

/** The segment walk's state, which its steps share. */
interface WalkState {
  readonly root: Element;
  readonly segments: Segment[];
  readonly runs: Runs;
  readonly hidden: Set<Element>;
  readonly lines: Set<Element>;
  /** The segment being filled, until a block boundary closes it. */
  current: Segment | null;
  /** The open segment's last line ended with a `<br>`: another one ends the segment. */
  brPending: boolean;
  /** A visible `<hr>` came after the last segment: the next one has `hrBefore`. */
  hrPending: boolean;
  /** The style source of each same-origin frame's document, made once. */
  readonly frameSources: Map<Document, StyleSource>;
  /** Pages repeat the same class strings on thousands of elements: tokenise each string once. */
  readonly verdicts: Map<string, NameVerdict>;
  /** Names read as no verdict (names/ COMMENT_NAMES on a page that is its comments), or null. */
  readonly ignoredNames: ReadonlySet<string> | null;
  /** The root's text length, read when a collapsible box first needs it (-1 until then). */
  bodyChars: number;
}

export function walkSegments(
  root: Element,
  styles: StyleSource,
  maxElements: number,
  ignoredNames: ReadonlySet<string> | null = null,
): Walk {
  const maxOtherNodes = NODES_PER_ELEMENT * maxElements;
  const walk: WalkState = {
    root,
    segments: [],
    runs: { node: [], size: [], color: [], chars: [], link: [] },
    hidden: new Set(),
    lines: new Set(),
    current: null,
    brPending: false,
    hrPending: false,
    frameSources: new Map(),
    verdicts: new Map(),
    ignoredNames,
    bodyChars: -1,
  };
  const { segments, hidden, lines } = walk;
  let elements = 0;
  let otherNodes = 0;
  let depth = 0;
  let cap: Walk['cap'] = null;

  const rootStyle = styles.read(root, null, hasAttributes(root));
  if (rootStyle.hidden) return { segments, hidden, lines, truncated: false, cap, depth };
  const rootList = flatChildren(root);
  const stack: Frame[] = [
    {
      el: root,
      next: rootList === null ? firstChildOf(root) : null,
      list: rootList,
      at: 0,
      styles,
      style: rootStyle,
      block: root,
      isBlock: true,
      link: false,
      selfLink: false,
      heading: 0,
      context: 'other',
      flagged: null,
      article: null,
      floated: false,
    },
  ];

  while (stack.length > 0) {
    const top = stack[stack.length - 1] as Frame;
    const node = top.list === null ? top.next : (top.list[top.at++] ?? null);
    if (node === null) {
      stack.pop();
      if (top.isBlock) closeSegment(walk);
      continue;
    }
    if (top.list === null) top.next = nextSiblingOf(node);

    const type = nodeTypeOf(node);
    if (type !== 1 && ++otherNodes > maxOtherNodes) {
      cap = 'elements';
      break;
    }
    if (type === 3) {
      addText(walk, node as Text, top);
      continue;
    }
    if (type !== 1) continue;

    if (++elements > maxElements) {
      cap = 'elements';
      break;
    }
    const frame = visitElement(walk, node as Element, top);
    if (frame === null) continue;
    stack.push(frame);
    if (stack.length > depth) depth = stack.length;
  }
  closeSegment(walk);
  return { segments, hidden, lines, truncated: cap !== null, cap, depth };
}

/** A text node: a run of the open segment (opened here if none is); whitespace alone is a space in it. */
function addText(walk: WalkState, node: Text, frame: Frame): void {
  const data = dataOf(node);
  const chars = visibleLength(data);
  if (chars === 0) {
    if (walk.current !== null) walk.current.raw += ' ';
    return;
  }
  walk.brPending = false;
  const current = walk.current ?? newSegment(frame, walk.hrPending, walk.runs);
  walk.current = current;
  current.raw += data;
  current.length += chars;
  addRun(walk.runs, node, fontSizeOf(frame.style), colorOf(frame.style), chars, frame.link);
  if (frame.link) current.linkChars += chars;
}

/**
 * An element under `parent`: skipped (into `hidden`), a break or a rule, one collapsed segment, or a box whose
 * children are walked next (the frame returned).
 */
function visitElement(walk: WalkState, el: Element, parent: Frame): Frame | null {
  const tag = localNameOf(el);
  // A same-origin frame's body is walked in its place, styled by its own document (dom/flat.ts).
  const frameDoc = tag === 'iframe' || tag === 'frame' ? readableFrame(el, parent) : null;
  if (
    frameDoc === null &&
    SKIP_TAGS.has(tag) &&
    !(tag === 'noscript' && renderedNoscript(el, parent)) &&
    !isPanelLabel(el, tag)
  ) {
    walk.hidden.add(el);
    return null;
  }
  if (tag === 'br') {
    lineBreak(walk);
    return null;
  }
  if (tag === 'hr') {
    // Not through styles.read: a 1-px rule is a zero-height box with overflow:hidden (Chromium's UA
    // style), which the visibility test takes for a hiding trick.
    closeSegment(walk);
    if (!hasAttribute(el, 'hidden')) walk.hrPending = true;
    return null;
  }
  // Most elements carry no attribute at all: one call answers for the attribute reads here and in read().
  const attributed = hasAttributes(el);
  const style = parent.styles.read(el, parent.style, attributed);
  if (style.hidden) {
    walk.hidden.add(el);
    return null;
  }
  const isBlock = !style.inline;
  if (isBlock) closeSegment(walk);
  if (isBlock && parent.context === 'pre') walk.lines.add(el);
  const verdict = boxVerdict(walk, el, tag, attributed);
  const level = headingLevel(tag);
  if (
    isBlock &&
    level === 0 &&
    isCollapsible(el, tag, verdict, attributed) &&
    collapse(walk, el, style, parent)
  )
    return null;

  let flagged = parent.flagged;
  // Names count on blocks only: the segment belongs to its block, and an inline box's name (a share count
  // opening a paragraph, readability-test-pages' mathjax formulas classed `CtxtMenu_Attached`) would
  // otherwise flag the whole paragraph its text starts.
  if (verdict !== 0 && isBlock) flagged = verdict < 0 ? el : null;
  const list = flatChildren(el, tag);
  const link = linkOf(el, tag, level, parent);
  return {
    el,
    next: list === null ? firstChildOf(el) : null,
    list,
    at: 0,
    styles: frameDoc === null ? parent.styles : frameStyles(walk, frameDoc),
    style,
    block: isBlock ? el : parent.block,
    isBlock,
    link: link.link,
    selfLink: link.selfLink,
    heading: level || parent.heading,
    context: CONTEXT_TAGS[tag] ?? parent.context,
    flagged,
    article: tag === 'article' ? el : parent.article,
    floated: parent.floated || (isBlock && floatedOf(style)),
  };
}

/**
 * Whether text under `el` is link text. A heading's anchor, the self-link in or around a heading (MDN's
 * `<h2><a href="#syntax">`, Sphinx's "¶"), is not: it names the section rather than leading away, and read as a
 * link it made a docs page's headings look like a link list (left out of the run, or pruned as one).
 */
function linkOf(el: Element, tag: string, level: number, parent: Frame): Pick<Frame, 'link' | 'selfLink'> {
  if (level > 0 && parent.link && parent.selfLink) return { link: false, selfLink: false };
  if (parent.link || tag !== 'a' || !hasAttribute(el, 'href')) return parent;
  const self = isSelfLink(el);
  if (self && parent.heading > 0) return { link: false, selfLink: false };
  return { link: true, selfLink: self };
}

/** Ends the open segment at the walk's last run; it is kept if it holds any visible text. */
function closeSegment(walk: WalkState): void {
  walk.brPending = false;
  const seg = walk.current;
  if (seg === null) return;
  walk.current = null;
  seg.to = walk.runs.node.length;
  if (seg.length === 0) return;
  seg.index = walk.segments.length;
  walk.segments.push(seg);
  walk.hrPending = false;
}

/** A `<br>`: a line break in the open segment, and a second one in a row closes it. */
function lineBreak(walk: WalkState): void {
  // <br><br> ends a paragraph in markup that has no <p>.
  if (walk.brPending) closeSegment(walk);
  else if (walk.current !== null) {
    walk.current.raw += '\n';
    walk.brPending = true;
  }
}

/** What the tag, landmark markup or class and id names say of a box: -2 (strong boilerplate) to 1 (content). */
function boxVerdict(walk: WalkState, el: Element, tag: string, attributed: boolean): NameVerdict {
  if (BOILERPLATE_TAGS.has(tag)) return -1;
  if (ARTICLE_TAGS.has(tag)) return 1;
  if (!attributed) return 0;
  if (isArticleLandmark(el)) return 1;
  return namesOf(walk, el);
}

/**
 * The verdict of the element's class and id names together. Class and id apart: classes repeat, ids don't, so a
 * combined key missed the cache on every id. The id attribute, not `el.id`: a form with an input named "id"
 * clobbers that property.
 */
function namesOf(walk: WalkState, el: Element): NameVerdict {
  const byClass = verdictOf(walk, attributeOf(el, 'class') ?? '');
  const id = attributeOf(el, 'id') ?? '';
  const byId = idVerdict(walk, el, id);
  // Strong only unmixed across the two as within each (names/): `id="comment-title"
  // class="user-post-title"` is a heading to keep (pixnet's comments heading).
  if (byClass === -2) return byId === 1 ? -1 : -2;
  if (byClass < 0) return byClass;
  if (byId === -2) return byClass === 1 ? -1 : -2;
  return byId !== 0 ? byId : byClass;
}

/** nameVerdict of an id, 0 for a heading's anchor (HEADING_SLUG, SLUG). */
function idVerdict(walk: WalkState, el: Element, id: string): NameVerdict {
  if (HEADING_SLUG.test(id)) return 0;
  const verdict = verdictOf(walk, id);
  if (verdict !== 0 && SLUG.test(id) && linksToSlug(el, id)) return 0;
  if (verdict !== 0 && WORD_SLUG.test(id) && glyphLinksTo(el, id)) return 0;
  return verdict;
}

/** Whether the box's first link to `id` (WORD_SLUG, so safe in a selector) is a heading's glyph anchor. */
function glyphLinksTo(el: Element, id: string): boolean {
  const link = querySelectorIn(el, `a[href="#${id}"]`);
  return link !== null && isGlyphAnchor(link);
}

/**
 * Whether a box whose id is a slug (SLUG: letters, digits and hyphens only, so safe in a selector) holds a link
 * to it, or to it less its first word: Django's docs name a section `s-widgets` and its heading's permalink
 * `#widgets`, and "widgets" is a sidebar word (modern-dev: a forms guide lost its "Widgets" section).
 */
function linksToSlug(el: Element, id: string): boolean {
  if (querySelectorIn(el, `a[href="#${id}"]`) !== null) return true;
  const rest = id.slice(id.indexOf('-') + 1);
  return querySelectorIn(el, `a[href="#${rest}"]`) !== null;
}

/** nameVerdict of a class or id string, once per distinct string and walk. */
function verdictOf(walk: WalkState, names: string): NameVerdict {
  if (names === '') return 0;
  let verdict = walk.verdicts.get(names);
  if (verdict === undefined) {
    verdict = nameVerdict(names, walk.ignoredNames);
    walk.verdicts.set(names, verdict);
  }
  return verdict;
}

/**
 * A box walked as one segment instead of element by element (names/: COLLAPSED_TAGS, COLLAPSED_ROLES): a
 * footer, a box with a STRONG boilerplate name (comments, sidebar, menu, related…) and no article markup
 * inside (ARTICLE_MARKUP), a navigation box, or a box that says it is one picture. Page footers are 11% of a
 * news page's elements on 60 trafilatura-dev pages, strong-named boxes 32% on 80, and every element walked
 * costs a computed-style read; scoring would give each of their segments −1 anyway (score/scored.ts: a strong
 * name holds on any box below half the page's text). Their text still counts as MSS cost, hidden text
 * included (textContent), which is why `aside` is walked: an inline gallery box mid-article (standard.co.uk)
 * would cost 3,000 characters of hidden slides and cut the article in two.
 */
function isCollapsible(el: Element, tag: string, verdict: NameVerdict, attributed: boolean): boolean {
  if (COLLAPSED_TAGS.has(tag)) return true;
  if (!attributed) return false;
  if (verdict === -2 && querySelectorIn(el, ARTICLE_MARKUP) === null) return true;
  return COLLAPSED_ROLES.has(attributeOf(el, 'role') ?? '');
}

/** One boilerplate segment for the box, unless it holds COLLAPSE_SHARE of the page's text; false then. */
function collapse(walk: WalkState, el: Element, style: ElementStyle, parent: Frame): boolean {
  const text = textContentOf(el) ?? '';
  // Raw lengths for the share (whitespace counts on both sides); visible characters for the cost.
  if (text.length > COLLAPSE_SHARE * pageChars(walk)) return false;
  const chars = visibleLength(text);
  // Never the article: one boilerplate segment stands for the whole box, its cost in the MSS kept.
  if (chars > 0)
    walk.segments.push(
      collapsedSegment(el, style, parent, chars, walk.hrPending, walk.segments.length, walk.runs),
    );
  walk.hrPending = false;
  walk.hidden.add(el);
  return true;
}

/** The root's text length, raw (whitespace included), read once. */
function pageChars(walk: WalkState): number {
  if (walk.bodyChars < 0) walk.bodyChars = (textContentOf(walk.root) ?? '').length;
  return walk.bodyChars;
}

/** A visible same-origin frame with a body, or null (then it is skipped like any embed). */
function readableFrame(el: Element, parent: Frame): Document | null {
  const body = frameBody(el);
  if (body === null) return null;
  // Ad slots and widgets are same-origin frames too (about:blank frames a script writes into): only a frame
  // with an article's worth of text (NewsFeed's C_Σ) is read in place, the rest stay opaque, as all frames
  // were before. A frameset has no text of its own: its frames are judged in turn.
  if (localNameOf(body) === 'body' && visibleLength(textContentOf(body) ?? '') < MIN_ARTICLE_CHARS)
    return null;
  // Tracking frames are 0×0 or 1×1; a frame's box is read only here, frames are few.
  if (parent.styles.styled) {
    const box = boundingRectOf(el);
    if (box.width <= 1 || box.height <= 1) return null;
  }
  return ownerDocumentOf(body);
}

/** The style source of a frame's document, made on its first frame. */
function frameStyles(walk: WalkState, doc: Document): StyleSource {
  let source = walk.frameSources.get(doc);
  if (source === undefined) {
    source = styleSource(doc);
    walk.frameSources.set(doc, source);
  }
  return source;
}

/**
 * A `<noscript>` the browser renders: in a page loaded with scripting off its content is parsed into elements
 * and shown (Discourse forums serve a whole thread that way, for crawlers: modern-dev's forum pages came out
 * empty with JavaScript off). With scripting on its content is one raw text node and nothing is shown; a box
 * is asked for as well, so elements a script put in one (never rendered there) are not read.
 */
function renderedNoscript(el: Element, frame: Frame): boolean {
  if (!frame.styles.styled) return false;
  const child = firstElementChildOf(el);
  if (child === null) return false;
  const box = boundingRectOf(child);
  return box.width > 0 || box.height > 0;
}

/** Markup that declares the article outranks a class name (names/ ARTICLE_ROLES, ARTICLE_ITEMPROP). */
function isArticleLandmark(el: Element): boolean {
  if (ARTICLE_ROLES.has(attributeOf(el, 'role') ?? '')) return true;
  return ARTICLE_ITEMPROP.test(attributeOf(el, 'itemprop') ?? '');
}

function addRun(
  runs: Runs,
  node: Text | null,
  size: number,
  color: string,
  chars: number,
  link: boolean,
): void {
  runs.node.push(node);
  runs.size.push(size);
  runs.color.push(color);
  runs.chars.push(chars);
  runs.link.push(link);
}

function collapsedSegment(
  el: Element,
  style: ElementStyle,
  parent: Frame,
  chars: number,
  hrBefore: boolean,
  index: number,
  runs: Runs,
): Segment {
  const from = runs.node.length;
  addRun(runs, null, fontSizeOf(style), colorOf(style), chars, true);
  return {
    index,
    block: el,
    raw: '',
    text: '',
    length: chars,
    linkChars: chars,
    runs,
    from,
    to: from + 1,
    heading: 0,
    context: 'other',
    flagged: el,
    article: parent.article,
    floated: parent.floated || floatedOf(style),
    hrBefore,
  };
}

/** A segment opened at the walk's next run; `close` sets where its runs end. */
function newSegment(frame: Frame, hrBefore: boolean, runs: Runs): Segment {
  return {
    index: -1,
    block: frame.block,
    raw: '',
    text: null,
    length: 0,
    linkChars: 0,
    runs,
    from: runs.node.length,
    to: runs.node.length,
    heading: frame.heading,
    context: frame.context,
    flagged: frame.flagged,
    article: frame.article,
    floated: frame.floated,
    hrBefore,
  };
}
