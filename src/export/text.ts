/**
 * Plain text from the clean article DOM (the output of src/clean/). One function serves both `article.text`
 * and toText(), so the two can never disagree.
 *
 * Layout: blocks separated by one blank line; list items and table rows each on their own line (no blank
 * line between them); list items prefixed `- ` or `N. `, nested lists indented two spaces per level; table
 * cells separated by a tab (pastes into a spreadsheet as columns); `<br>` is a line break; `<pre>` keeps its
 * whitespace; elsewhere runs of whitespace become one space. Never more than one blank line in a row.
 */

import { collapseHtmlSpace, outOfLine, withoutSoftHyphens } from '../dom/text.ts';
import { wordSet } from '../dom/words.ts';

/** Blocks that stand apart from their neighbours by a blank line. */
const PARAGRAPH_BLOCKS = wordSet(
  'p h1 h2 h3 h4 h5 h6 ul ol dl blockquote pre figure figcaption table hr details summary div ' +
    'section article main header footer aside address',
);

/** Blocks that take a line of their own but no blank line around them. */
const LINE_BLOCKS = new Set(['li', 'dd', 'tr', 'caption']);

type Break = 0 | 1 | 2;

interface ListState {
  ordered: boolean;
  next: number;
  step: 1 | -1;
}

interface Frame {
  el: Element;
  next: ChildNode | null;
  /** Break requested after the element ends. */
  after: Break;
  pre: boolean;
  /** Inside a table cell: blocks become spaces so a row stays on one line. */
  cell: boolean;
  list: ListState | null;
  /** Inside a list item: paragraphs there are lines of the item, not blank-line blocks. */
  inItem: boolean;
  depth: number;
}

/** The text walk's state, which its steps share. */
interface TextWalk {
  readonly out: TextBuffer;
  /** Line breaks owed before the next content: 1 ends the line, 2 leaves a blank line. */
  pending: Break;
  /** A space is owed before the next word (none at the start of a line). */
  space: boolean;
  /** Right after a list marker: the item's first block must not push its text to the next line. */
  marked: boolean;
}

export function textOf(root: ParentNode): string {
  const walk: TextWalk = { out: new TextBuffer(), pending: 0, space: false, marked: false };
  const stack: Frame[] = [];
  const start = root.firstChild;
  const base: Frame = {
    el: root as Element,
    next: start,
    after: 0,
    pre: false,
    cell: false,
    list: null,
    inItem: false,
    depth: 0,
  };
  stack.push(base);

  while (stack.length > 0) {
    const top = stack[stack.length - 1] as Frame;
    const node = top.next;
    if (node === null) {
      stack.pop();
      if (top !== base) close(walk, top);
      continue;
    }
    top.next = node.nextSibling;
    if (node.nodeType === 3 || node.nodeType === 4) {
      write(walk, withoutSoftHyphens((node as Text).data), top.pre);
      continue;
    }
    if (node.nodeType !== 1) continue;
    const frame = open(walk, node as Element, top);
    if (frame !== null) stack.push(frame);
  }
  return walk.out
    .toString()
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\n+|\s+$/g, '');
}

function atLineStart(walk: TextWalk): boolean {
  return walk.out.empty() || walk.out.endsWith('\n');
}

/** Writes the pending line break(s) before new content; none at the very start. */
function flush(walk: TextWalk): void {
  if (walk.pending === 0) return;
  walk.out.trimEnd(LINE_SPACE);
  if (!walk.out.empty()) {
    const have = walk.out.trailingNewlines();
    if (walk.pending > have) walk.out.append('\n'.repeat(walk.pending - have));
  }
  walk.pending = 0;
  walk.space = false;
}

/** Asks for `n` line breaks before the next content (the larger request wins); none right after a marker. */
function request(walk: TextWalk, n: Break): void {
  if (!walk.marked && n > walk.pending) walk.pending = n;
}

/** A text node's text: as it is inside `<pre>`, else with its whitespace collapsed to single spaces. */
function write(walk: TextWalk, text: string, pre: boolean): void {
  const { out } = walk;
  if (pre) {
    if (text === '') return;
    flush(walk);
    if (walk.space && !atLineStart(walk)) out.append(' ');
    walk.space = false;
    walk.marked = false;
    out.append(text);
    return;
  }
  const collapsed = collapseHtmlSpace(text);
  if (collapsed === '') return;
  if (collapsed[0] === ' ') walk.space = true;
  const words = collapsed.trim();
  if (words === '') {
    // Only no-break spaces: still a gap between the words around it.
    walk.space = true;
    return;
  }
  flush(walk);
  if (walk.space && !atLineStart(walk)) out.append(' ');
  out.append(words);
  walk.marked = false;
  walk.space = collapsed.endsWith(' ');
}

/** An element starts: the breaks it asks for, its list marker; the frame for its children, or null. */
function open(walk: TextWalk, el: Element, parent: Frame): Frame | null {
  const tag = el.localName.toLowerCase();
  if (tag === 'br') {
    lineBreak(walk, parent);
    return null;
  }
  if (outOfLine(tag)) return null;
  const frame: Frame = {
    el,
    next: el.firstChild,
    after: 0,
    pre: parent.pre || tag === 'pre',
    cell: parent.cell,
    list: null,
    inItem: parent.inItem || tag === 'li',
    depth: parent.depth,
  };
  if (parent.cell) {
    if (tag === 'td' || tag === 'th') cellStart(walk, el);
    else if (PARAGRAPH_BLOCKS.has(tag) || LINE_BLOCKS.has(tag)) walk.space = true;
    return frame;
  }
  if (tag === 'ul' || tag === 'ol') {
    const nested = parent.list !== null || parent.inItem;
    request(walk, nested ? 1 : 2);
    frame.after = nested ? 1 : 2;
    frame.list = listState(el, tag === 'ol');
    frame.depth = nested ? parent.depth + 1 : 0;
  } else if (tag === 'li') {
    // An item with no text (a logo strip's images) would be a bare marker: plain text has nothing to show.
    if (!/\S/.test(el.textContent ?? '')) return null;
    request(walk, 1);
    frame.after = 1;
    frame.depth = parent.depth;
    listItemStart(walk, el, parent);
  } else if (tag === 'tr') {
    request(walk, 1);
    frame.after = 1;
  } else if (tag === 'td' || tag === 'th') {
    frame.cell = true;
    cellStart(walk, el);
  } else if (tag === 'dt') {
    // A term opens a group: blank line before it unless it follows another term.
    request(walk, previousElementTag(el) === 'dt' ? 1 : 2);
    frame.after = 1;
  } else if (tag === 'dd') {
    request(walk, 1);
    frame.after = 1;
  } else if (LINE_BLOCKS.has(tag)) {
    request(walk, 1);
    frame.after = 1;
  } else if (PARAGRAPH_BLOCKS.has(tag) || (tag === 'math' && el.getAttribute('display') === 'block')) {
    // Inside a list item, paragraphs keep the item together: a line break, not a blank line.
    const n: Break = parent.inItem ? 1 : 2;
    request(walk, n);
    frame.after = n;
  }
  if (frame.pre && tag === 'pre') walk.space = false;
  return frame;
}

/** An element ends: `<pre>` drops its trailing whitespace, and the breaks it asked for after it are owed. */
function close(walk: TextWalk, frame: Frame): void {
  const tag = frame.el.localName.toLowerCase();
  if (tag === 'pre') walk.out.trimEnd(ALL_SPACE);
  if (frame.after > 0) request(walk, frame.after);
}

/** A `<br>`: a space inside a table cell, else a line break. */
function lineBreak(walk: TextWalk, parent: Frame): void {
  if (parent.cell) {
    walk.space = true;
    return;
  }
  // A line break adds to whatever break is pending: <br><br> is a blank line.
  walk.marked = false;
  walk.out.trimEnd(LINE_SPACE);
  if (walk.pending > 0) walk.pending = Math.min(2, walk.pending + 1) as Break;
  else if (!walk.out.empty()) walk.out.append('\n');
  walk.space = false;
}

/** A list item's line: indented for its list's depth, with its marker (`- ` or `N. `). */
function listItemStart(walk: TextWalk, li: Element, parent: Frame): void {
  flush(walk);
  walk.out.append(`${'  '.repeat(parent.depth)}${marker(parent.list, li)}`);
  walk.space = false;
  walk.marked = true;
}

/** A table cell: a tab after the row's previous cell; the first cell starts the row's line. */
function cellStart(walk: TextWalk, el: Element): void {
  if (el.previousElementSibling !== null) {
    walk.out.trimEnd(SPACES);
    walk.out.append('\t');
  } else flush(walk);
  walk.space = false;
}

const SPACES = / +$/;
const LINE_SPACE = /[ \t]+$/;
const ALL_SPACE = /\s+$/;

/**
 * The output as a list of chunks. A growing string would be a rope that V8 flattens on every endsWith or
 * slice, making the walk quadratic; chunks keep each look at the end of the output O(1).
 */
class TextBuffer {
  private readonly parts: string[] = [];

  append(text: string): void {
    if (text !== '') this.parts.push(text);
  }

  empty(): boolean {
    return this.parts.length === 0;
  }

  endsWith(text: string): boolean {
    return this.parts[this.parts.length - 1]?.endsWith(text) ?? false;
  }

  /** Strips a trailing pattern (anchored with `$`), across chunks. */
  trimEnd(pattern: RegExp): void {
    while (this.parts.length > 0) {
      const last = this.parts[this.parts.length - 1] as string;
      const trimmed = last.replace(pattern, '');
      if (trimmed === '') this.parts.pop();
      else {
        this.parts[this.parts.length - 1] = trimmed;
        return;
      }
    }
  }

  /** Newlines at the very end, counting up to two. */
  trailingNewlines(): number {
    let n = 0;
    for (let i = this.parts.length - 1; i >= 0 && n < 2; i--) {
      const part = this.parts[i] as string;
      for (let j = part.length - 1; j >= 0 && n < 2; j--) {
        if (part[j] !== '\n') return n;
        n++;
      }
    }
    return n;
  }

  toString(): string {
    return this.parts.join('');
  }
}

function listState(el: Element, ordered: boolean): ListState {
  const reversed = ordered && el.hasAttribute('reversed');
  let first = 1;
  const startAttr = el.getAttribute('start');
  if (ordered && startAttr !== null && /^-?\d+$/.test(startAttr.trim())) first = Number(startAttr.trim());
  else if (reversed) {
    first = 0;
    for (let c = el.firstElementChild; c !== null; c = c.nextElementSibling) {
      if (c.localName.toLowerCase() === 'li') first++;
    }
  }
  return { ordered, next: first, step: reversed ? -1 : 1 };
}

function marker(list: ListState | null, li: Element): string {
  if (list === null || !list.ordered) return '- ';
  const value = li.getAttribute('value');
  if (value !== null && /^-?\d+$/.test(value.trim())) list.next = Number(value.trim());
  const n = list.next;
  list.next += list.step;
  return `${n}. `;
}

function previousElementTag(el: Element): string {
  return el.previousElementSibling?.localName.toLowerCase() ?? '';
}
