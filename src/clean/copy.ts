import { nextSiblingOf, nodeTypeOf } from '../dom/access.ts';
import { chosenText, dropTentative } from './copy-chosen.ts';
import { visitElement } from './copy-elements.ts';
import { closeAutomatic } from './copy-place.ts';
import { copyText, endCodeLine, endPreLine } from './copy-text.ts';
import type { CopyWalk, Frame, Place } from './copy-types.ts';

/**
 * The copy walk: one pass over the page subtree, in document order, with an
 * explicit stack (pages nest 5,000 deep), writing into an inert document. Elements on the allow-list are
 * re-created with allow-listed attributes; other elements are unwrapped (children kept) or dropped with
 * their subtree. The page is only read, and only through dom/access.ts (a form control named `nextSibling`
 * must not end the walk early); the copy is written directly, into a document no page markup names.
 *
 * The steps live beside this file: copy-elements.ts (what each element becomes), copy-text.ts (text and
 * breaks), copy-media.ts (images and formulas), copy-place.ts (where output may go: automatic paragraphs,
 * which blocks fit where), copy-chosen.ts (the chosen text: what belongs to the article around it).
 */

export interface CopyInput {
  root: Element;
  keep: ReadonlySet<Text> | null;
  isHidden: (el: Element) => boolean;
  /** Boxes inside `<pre>` laid out as lines: each ends a line of the copy (segments/ Walk.lines). */
  lines?: ReadonlySet<Element>;
  baseUrl: string;
  /**
   * The most page nodes the walk reads: extract.ts gives the segment walk's own budget. The copy reads part of
   * what that walk read (hidden and skipped subtrees are left out by both), so this binds only where the walk
   * was capped too (diagnostics.capped says so); otherwise it is the bound that ends the walk even if a read
   * went wrong.
   */
  maxNodes: number;
  /** See BuildInput.labels. */
  labels?: ReadonlyMap<Element, string>;
}

export interface Copied {
  container: Element;
  /** See CopyWalk.sources. */
  sources: WeakMap<Element, Element>;
  /** Paragraphs (and list items) the copy created around loose inline content; tidy.ts may unwrap lone ones. */
  automatic: Set<Element>;
}

export function copyContent(input: CopyInput, doc: Document): Copied {
  const { root, keep, isHidden, baseUrl, maxNodes } = input;
  const lines = input.lines ?? new Set<Element>();
  const container = doc.createElement('div');
  const walk: CopyWalk = {
    doc,
    baseUrl,
    isHidden,
    lines,
    chosen: keep === null ? null : chosenText(keep, root),
    container,
    automatic: new Set(),
    sources: new WeakMap(),
    labels: input.labels ?? null,
    openAuto: new Map(),
    spaceBefore: new Set(),
    lastText: '',
    stack: [],
  };
  const base: Place = {
    out: container,
    mode: 'flow',
    autoP: true,
    link: false,
    media: false,
    caption: false,
    heading: false,
    boiler: false,
    from: root,
    inherit: null,
  };
  const first = visitElement(walk, root, base);
  if (first !== null) walk.stack.push(first);
  copyNodes(walk, maxNodes);
  if (walk.chosen !== null && walk.chosen.seen === 0) dropTentative(walk.chosen);
  return { container, automatic: walk.automatic, sources: walk.sources };
}

/** Reads the page node by node in rendering order: copies text, visits elements, until the stack empties. */
function copyNodes(walk: CopyWalk, maxNodes: number): void {
  const { stack, chosen } = walk;
  // Nodes read; past maxNodes every open frame is closed in turn (its exit still applies) and the walk ends.
  let nodes = 0;
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as Frame;
    const node = top.list === null ? top.next : (top.list[top.index++] ?? null);
    if (node === null || nodes++ >= maxNodes) {
      stack.pop();
      leave(walk, top);
      continue;
    }
    if (top.list === null) top.next = nextSiblingOf(node);
    const type = nodeTypeOf(node);
    if (type === 3 || type === 4) {
      copyText(walk, node as Text, top.place);
      continue;
    }
    if (type !== 1) continue;
    if (chosen?.passedLast && !chosen.trailing) {
      // Past the last chosen text and the media right after it: the rest of the walk is not the article.
      top.next = null;
      top.list = null;
      continue;
    }
    const frame = visitElement(walk, node as Element, top.place);
    if (frame === null) continue;
    // A code line laid out as a block is a line of the copy, as on the screen, an empty one too.
    if (frame.exit === 'none' && frame.place.mode === 'pre' && walk.lines.has(node as Element)) {
      frame.exit = 'line';
      walk.lastText = '';
    }
    stack.push(frame);
  }
}

/** An element's children are done: its frame's exit closes a paragraph, owes a space or ends a line. */
function leave(walk: CopyWalk, frame: Frame): void {
  switch (frame.exit) {
    case 'close-paragraph':
      closeAutomatic(walk, frame.at);
      break;
    case 'space':
      walk.spaceBefore.add(frame.at);
      break;
    case 'newline':
      endPreLine(walk, frame.at);
      break;
    case 'line':
      endCodeLine(walk, frame.at);
      break;
  }
}
