/**
 * Plain text from the clean article DOM (the output of src/build/). One function serves both `article.text`
 * and toText(), so the two can never disagree.
 *
 * Layout: blocks separated by one blank line; list items and table rows each on their own line (no blank
 * line between them); list items prefixed `- ` or `N. `, nested lists indented two spaces per level; table
 * cells separated by a tab (pastes into a spreadsheet as columns); `<br>` is a line break; `<pre>` keeps its
 * whitespace; elsewhere runs of whitespace become one space. Never more than one blank line in a row.
 */

import { collapseHtmlSpace } from '../dom/text.ts';

/** Blocks that stand apart from their neighbours by a blank line. */
const PARAGRAPH_BLOCKS = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'dl',
  'blockquote',
  'pre',
  'figure',
  'figcaption',
  'table',
  'hr',
  'details',
  'summary',
  'div',
  'section',
  'article',
  'main',
  'header',
  'footer',
  'aside',
  'address',
]);

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

export function textOf(root: ParentNode): string {
  const out = new TextBuffer();
  let pending: Break = 0;
  let space = false;
  /** Right after a list marker: the item's first block must not push its text to the next line. */
  let marked = false;

  const atLineStart = (): boolean => out.empty() || out.endsWith('\n');

  /** Writes the pending line break(s) before new content; none at the very start. */
  const flush = (): void => {
    if (pending === 0) return;
    out.trimEnd(LINE_SPACE);
    if (!out.empty()) {
      const have = out.trailingNewlines();
      if (pending > have) out.append('\n'.repeat(pending - have));
    }
    pending = 0;
    space = false;
  };

  const request = (n: Break): void => {
    if (!marked && n > pending) pending = n;
  };

  const write = (text: string, pre: boolean): void => {
    if (pre) {
      if (text === '') return;
      flush();
      if (space && !atLineStart()) out.append(' ');
      space = false;
      marked = false;
      out.append(text);
      return;
    }
    const collapsed = collapseHtmlSpace(text);
    if (collapsed === '') return;
    if (collapsed[0] === ' ') space = true;
    const words = collapsed.trim();
    if (words === '') {
      // Only no-break spaces: still a gap between the words around it.
      space = true;
      return;
    }
    flush();
    if (space && !atLineStart()) out.append(' ');
    out.append(words);
    marked = false;
    space = collapsed.endsWith(' ');
  };

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
      if (top !== base) close(top);
      continue;
    }
    top.next = node.nextSibling;
    if (node.nodeType === 3 || node.nodeType === 4) {
      write((node as Text).data, top.pre);
      continue;
    }
    if (node.nodeType !== 1) continue;
    open(node as Element, top);
  }
  return out
    .toString()
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\n+|\s+$/g, '');

  function open(el: Element, parent: Frame): void {
    const tag = el.localName.toLowerCase();
    if (tag === 'br') {
      if (parent.cell) {
        space = true;
        return;
      }
      // A line break adds to whatever break is pending: <br><br> is a blank line.
      marked = false;
      out.trimEnd(LINE_SPACE);
      if (pending > 0) pending = Math.min(2, pending + 1) as Break;
      else if (!out.empty()) out.append('\n');
      space = false;
      return;
    }
    // Never shown: scripts, and MathML annotations (a formula's TeX source beside its rendering).
    if (tag === 'script' || tag === 'style' || tag === 'template' || tag.startsWith('annotation')) return;
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
      if (tag === 'td' || tag === 'th') cellStart(el);
      else if (PARAGRAPH_BLOCKS.has(tag) || LINE_BLOCKS.has(tag)) space = true;
      stack.push(frame);
      return;
    }
    if (tag === 'ul' || tag === 'ol') {
      const nested = parent.list !== null || parent.inItem;
      request(nested ? 1 : 2);
      frame.after = nested ? 1 : 2;
      frame.list = listState(el, tag === 'ol');
      frame.depth = nested ? parent.depth + 1 : 0;
    } else if (tag === 'li') {
      request(1);
      frame.after = 1;
      frame.depth = parent.depth;
      flush();
      out.append(`${'  '.repeat(parent.depth)}${marker(parent.list, el)}`);
      space = false;
      marked = true;
    } else if (tag === 'tr') {
      request(1);
      frame.after = 1;
    } else if (tag === 'td' || tag === 'th') {
      frame.cell = true;
      cellStart(el);
    } else if (tag === 'dt') {
      // A term opens a group: blank line before it unless it follows another term.
      request(previousElementTag(el) === 'dt' ? 1 : 2);
      frame.after = 1;
    } else if (tag === 'dd') {
      request(1);
      frame.after = 1;
    } else if (LINE_BLOCKS.has(tag)) {
      request(1);
      frame.after = 1;
    } else if (PARAGRAPH_BLOCKS.has(tag) || (tag === 'math' && el.getAttribute('display') === 'block')) {
      // Inside a list item, paragraphs keep the item together: a line break, not a blank line.
      const n: Break = parent.inItem ? 1 : 2;
      request(n);
      frame.after = n;
    }
    if (frame.pre && tag === 'pre') space = false;
    stack.push(frame);
  }

  function close(frame: Frame): void {
    const tag = frame.el.localName.toLowerCase();
    if (tag === 'pre') out.trimEnd(ALL_SPACE);
    if (frame.after > 0) request(frame.after);
  }

  function cellStart(el: Element): void {
    if (el.previousElementSibling !== null) {
      out.trimEnd(SPACES);
      out.append('\t');
    } else flush();
    space = false;
  }
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
