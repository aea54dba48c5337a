import { comparable } from '../dom/chars.ts';
import { wordSet } from '../dom/words.ts';
import { MATHML_NS } from './math.ts';
import { OUTPUT_BLOCKS } from './tags.ts';

/**
 * Clean-up passes over the copied article (the small output tree, never the page): paragraphs split at
 * `<br><br>`, empty elements dropped, stray rules and caption-only figures removed, the heading that repeats
 * the title dropped (the reader shows the title itself), whitespace trimmed at line starts and ends.
 * All loops are flat: the output can be as deep as the page's allowed elements.
 */

export function tidy(container: Element, automatic: Set<Element>, title: string | undefined): void {
  splitAtDoubleBreaks(container, automatic);
  trimAndPrune(container);
  dropStrayRules(container);
  settleFigures(container);
  unwrapLoneParagraphs(automatic);
  if (title) dropTitleHeading(container, title);
}

function significant(node: Node): boolean {
  return (
    node.nodeType === 1 || ((node.nodeType === 3 || node.nodeType === 4) && /\S/.test(node.nodeValue ?? ''))
  );
}

function isTag(node: Node | null, tag: string): boolean {
  return node !== null && node.nodeType === 1 && (node as Element).localName === tag;
}

/** Old markup separates paragraphs with `<br><br>` (the segment walk treats it as a boundary too). */
function splitAtDoubleBreaks(container: Element, automatic: Set<Element>): void {
  const paragraphs = new Set<Element>();
  for (const br of Array.from(container.getElementsByTagName('br'))) {
    const parent = br.parentElement;
    if (parent === null || parent.localName !== 'p' || paragraphs.has(parent)) continue;
    let next = br.nextSibling;
    while (next !== null && !significant(next)) next = next.nextSibling;
    if (isTag(next, 'br')) paragraphs.add(parent);
  }
  for (const p of paragraphs) {
    const groups: Node[][] = [[]];
    let breaks: Node[] = [];
    for (let c = p.firstChild; c !== null; c = c.nextSibling) {
      if (isTag(c, 'br')) {
        breaks.push(c);
        continue;
      }
      if (breaks.length > 0 && !significant(c)) {
        breaks.push(c);
        continue;
      }
      const current = groups[groups.length - 1] as Node[];
      if (breaks.filter((b) => isTag(b, 'br')).length >= 2) groups.push([c]);
      else current.push(...breaks, c);
      breaks = [];
    }
    let after: Element = p;
    for (const group of groups.slice(1)) {
      const next = p.cloneNode(false) as Element;
      for (const n of group) next.appendChild(n);
      after.after(next);
      if (automatic.has(p)) automatic.add(next);
      after = next;
    }
    // The breaks left at the end of the first paragraph go in trimAndPrune.
  }
}

/** A rule at the start or end of the article, or right after another rule, separates nothing. */
function dropStrayRules(container: Element): void {
  let previous: Node | null = null;
  for (let c = container.firstChild; c !== null; ) {
    const next: ChildNode | null = c.nextSibling;
    if (significant(c)) {
      if (isTag(c, 'hr') && (previous === null || isTag(previous, 'hr'))) c.remove();
      else previous = c;
    }
    c = next;
  }
  if (previous !== null && isTag(previous, 'hr')) (previous as Element).remove();
}

/**
 * A figure whose image was dropped (a video, an iframe embed) would leave its caption alone, describing
 * nothing: drop it. A figure used for a quote or a code listing keeps its content, unwrapped.
 */
function settleFigures(container: Element): void {
  for (const figure of Array.from(container.getElementsByTagName('figure'))) {
    if (figure.getElementsByTagName('img').length > 0) continue;
    if (figure.getElementsByTagNameNS(MATHML_NS, 'math').length > 0) continue;
    let other = false;
    for (let c = figure.firstChild; c !== null && !other; c = c.nextSibling) {
      other = significant(c) && !isTag(c, 'figcaption');
    }
    if (!other) {
      figure.remove();
      continue;
    }
    const doc = figure.ownerDocument;
    for (const caption of Array.from(figure.children).filter((c) => c.localName === 'figcaption')) {
      const p = doc.createElement('p');
      while (caption.firstChild) p.appendChild(caption.firstChild);
      caption.replaceWith(p);
    }
    figure.replaceWith(...Array.from(figure.childNodes));
  }
}

/** Cells and items that held one `<div>` of text got an automatic `<p>`; alone, it only adds margins. */
const ITEM_TAGS = wordSet('li dd dt td th figcaption caption');

function unwrapLoneParagraphs(automatic: Set<Element>): void {
  for (const p of automatic) {
    const parent = p.parentElement;
    if (p.localName !== 'p' || parent === null || !ITEM_TAGS.has(parent.localName)) continue;
    let alone = true;
    for (let c = parent.firstChild; c !== null && alone; c = c.nextSibling) {
      if (c !== p && significant(c)) alone = false;
    }
    if (alone) p.replaceWith(...Array.from(p.childNodes));
  }
}

/** The reader shows the title itself: the article's own copy of it goes (the first h1/h2 that matches). */
function dropTitleHeading(container: Element, title: string): void {
  const key = comparable(title);
  if (key === '') return;
  // Without spaces too: a heading set in lines (`WEEKEND<br>CODING<br>AGENT`) has no space in its text.
  const joined = key.replaceAll(' ', '');
  for (const h of Array.from(container.querySelectorAll('h1, h2'))) {
    const text = comparable(h.textContent ?? '');
    if (sameComparable(text, key) || sameComparable(text.replaceAll(' ', ''), joined)) {
      h.remove();
      return;
    }
  }
}

/**
 * Equal after normalisation, or one contains the other and they overlap by ≥ 80% (a heading with a
 * kicker, a title with the site name the cleaner missed).
 */
export function sameTitle(heading: string, title: string): boolean {
  return sameComparable(comparable(heading), comparable(title));
}

/** sameTitle of two texts already made comparable. */
function sameComparable(a: string, b: string): boolean {
  if (a === '' || b === '') return false;
  if (a === b) return true;
  const short = a.length <= b.length ? a : b;
  const long = short === a ? b : a;
  return long.includes(short) && short.length / long.length >= 0.8;
}

interface WsFrame {
  el: Element;
  next: ChildNode | null;
  block: boolean;
  /** Holds text, an image or a formula: kept. */
  full: boolean;
  /** Holds a space that separates words around it (`word<a> </a>word`). */
  space: boolean;
}

/**
 * One flat walk that trims spaces at the start and end of every line (block starts and ends, around
 * `<br>`), merges spaces across inline boundaries, drops `<br>` that start or end a line, and removes
 * elements left with no text, image or formula (table cells stay, to keep rows aligned). `<pre>` is left
 * exactly as it is.
 */
function trimAndPrune(container: Element): void {
  let lastText: Text | null = null;
  let lineStart = true;
  let trailingBreak: Element | null = null;

  const endLine = (): void => {
    if (lastText !== null) {
      lastText.data = lastText.data.replace(/ +$/, '');
      if (lastText.data === '') lastText.remove();
    }
    lastText = null;
    if (trailingBreak !== null) trailingBreak.remove();
    trailingBreak = null;
    lineStart = true;
  };

  const root: WsFrame = { el: container, next: container.firstChild, block: true, full: false, space: false };
  const stack: WsFrame[] = [root];
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as WsFrame;
    const node = top.next;
    if (node === null) {
      stack.pop();
      if (top !== root) leave(top, stack[stack.length - 1] as WsFrame);
      continue;
    }
    top.next = node.nextSibling;
    if (node.nodeType === 3 || node.nodeType === 4) {
      const t = node as Text;
      let data = t.data;
      if (lineStart) data = data.replace(/^ +/, '');
      else if (data.startsWith(' ') && (lastText?.data.endsWith(' ') ?? false))
        data = data.replace(/^ +/, '');
      if (data === '') {
        t.remove();
        continue;
      }
      if (data !== t.data) t.data = data;
      lastText = t;
      lineStart = false;
      trailingBreak = null;
      if (/\S/.test(data)) top.full = true;
      else top.space = true;
      continue;
    }
    if (node.nodeType !== 1) {
      (node as ChildNode).remove();
      continue;
    }
    const el = node as Element;
    const tag = el.localName;
    if (el.namespaceURI === MATHML_NS || tag === 'img') {
      lastText = null;
      lineStart = false;
      trailingBreak = null;
      top.full = true;
      continue;
    }
    if (tag === 'pre') {
      endLine();
      if (/\S/.test(el.textContent ?? '')) top.full = true;
      else el.remove();
      continue;
    }
    if (tag === 'hr') {
      endLine();
      continue;
    }
    if (tag === 'br') {
      if (lineStart) {
        el.remove();
        continue;
      }
      if (lastText !== null) {
        lastText.data = lastText.data.replace(/ +$/, '');
        if (lastText.data === '') lastText.remove();
      }
      lastText = null;
      trailingBreak = el;
      lineStart = true;
      continue;
    }
    const block = OUTPUT_BLOCKS.has(tag);
    if (block) endLine();
    stack.push({ el, next: el.firstChild, block, full: false, space: false });
  }
  endLine();

  function leave(frame: WsFrame, parent: WsFrame): void {
    if (frame.block) endLine();
    const tag = frame.el.localName;
    if (frame.full) {
      parent.full = true;
      return;
    }
    if (tag === 'td' || tag === 'th') return;
    if (!frame.block && frame.space && !lineStart) {
      // An empty link or emphasis between two words still separates them.
      const space = frame.el.ownerDocument.createTextNode(' ');
      frame.el.replaceWith(space);
      lastText = space;
      parent.space = true;
      return;
    }
    frame.el.remove();
  }
}
