import { nextSiblingOf, nodeTypeOf } from '../dom/access.ts';
import { type Chosen, chosenText, dropTentative } from './copy-chosen.ts';
import { visitElement } from './copy-elements.ts';
import { closeAutomatic } from './copy-place.ts';
import { copyText, endPreLine } from './copy-text.ts';

/**
 * The copy walk of ALGORITHMS.md step 9: one pass over the page subtree, in document order, with an
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
  baseUrl: string;
  /**
   * The most page nodes the walk reads: extract.ts gives the segment walk's own budget. The copy reads part of
   * what that walk read (hidden and skipped subtrees are left out by both), so this binds only where the walk
   * was capped too (diagnostics.capped says so); otherwise it is the bound that ends the walk even if a read
   * went wrong.
   */
  maxNodes: number;
}

export interface Copied {
  container: Element;
  /** See CopyWalk.sources. */
  sources: WeakMap<Element, Element>;
  /** Paragraphs (and list items) the copy created around loose inline content; tidy.ts may unwrap lone ones. */
  automatic: Set<Element>;
}

/**
 * What the output parent accepts. `flow`: blocks and inline content; `list`/`dl`: items (loose content is
 * wrapped in an automatic `<li>`/`<dd>`); `table`/`row`: table parts only (loose content is dropped, as the
 * HTML parser would move it out of the table); `phrasing`: inline content only (blocks are unwrapped,
 * separated by a space); `pre`: inline content with whitespace kept (blocks end with a newline).
 */
export type Mode = 'flow' | 'list' | 'dl' | 'table' | 'row' | 'phrasing' | 'pre';

/** Where the walk writes, and what surrounds that place in the page. */
export interface Place {
  out: Element;
  mode: Mode;
  /** flow only: loose inline content goes into an automatic `<p>`. */
  autoP: boolean;
  /** Inside a copied link: a nested `<a>` is unwrapped. */
  link: boolean;
  /** Inside an accepted (or tentatively accepted) figure: its images need no test of their own. */
  media: boolean;
  /** Figcaption text of an accepted figure is kept even when the run didn't choose it. */
  caption: boolean;
  /** Inside an element named as boilerplate (ad, promo, related…) that holds no chosen text. */
  boiler: boolean;
  /** The page box whose children are copied here: the source of an automatic paragraph made for them. */
  from: Element;
  /**
   * `dir`/`lang` of an unwrapped block (`<div dir="rtl">`), handed to the blocks made from its content, so a
   * right-to-left passage in a left-to-right article keeps its direction.
   */
  inherit: Element | null;
}

/** What to do when an element's children are done. */
export type Exit = 'none' | 'close-paragraph' | 'space' | 'newline';

/** A page element whose children the walk is copying. */
export interface Frame {
  /** The next DOM child, when `list` is null (the flat tree is the DOM here). */
  next: Node | null;
  /** The children the element renders instead (shadow root, slot, frame body; dom/flat.ts). */
  list: readonly Node[] | null;
  index: number;
  place: Place;
  exit: Exit;
  /** The output element the exit acts on. */
  at: Element;
}

/** The copy walk's state, which its steps share. */
export interface CopyWalk {
  /** The inert document the copy is written into. */
  readonly doc: Document;
  readonly baseUrl: string;
  readonly isHidden: (el: Element) => boolean;
  /** Where the walk stands against the chosen text; null when all visible text under the root is chosen. */
  readonly chosen: Chosen | null;
  readonly container: Element;
  readonly automatic: Set<Element>;
  /** The page element each copied block came from (Extracted.sources). */
  readonly sources: WeakMap<Element, Element>;
  /** The automatic paragraph (or item) open in an output element, until a block closes it. */
  readonly openAuto: Map<Element, Element>;
  /** Output elements owed a space before their next inline content (a block unwrapped inside phrasing). */
  readonly spaceBefore: Set<Element>;
  /** The text written last: a block ending inside `<pre>` adds a newline unless that text ended one. */
  lastText: string;
  /** The open frames, innermost last: its length is the output depth. */
  readonly stack: Frame[];
}

export function copyContent(input: CopyInput, doc: Document): Copied {
  const { root, keep, isHidden, baseUrl, maxNodes } = input;
  const container = doc.createElement('div');
  const walk: CopyWalk = {
    doc,
    baseUrl,
    isHidden,
    chosen: keep === null ? null : chosenText(keep, root),
    container,
    automatic: new Set(),
    sources: new WeakMap(),
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
    if (frame !== null) stack.push(frame);
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
  }
}
