/**
 * The shapes the copy walk's steps share (copy.ts and the copy-*.ts beside it): its state, its frames, where
 * it writes, and where it stands against the chosen text. Types only, imported by every step, importing none.
 */

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
  /** Inside a heading: a self-link there is the heading's anchor (dom/anchors.ts), not a link to keep. */
  heading: boolean;
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
export type Exit = 'none' | 'close-paragraph' | 'space' | 'newline' | 'line';

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
  /** Boxes inside `<pre>` laid out as lines (CopyInput.lines). */
  readonly lines: ReadonlySet<Element>;
  /** Where the walk stands against the chosen text; null when all visible text under the root is chosen. */
  readonly chosen: Chosen | null;
  readonly container: Element;
  readonly automatic: Set<Element>;
  /** The page element each copied block came from (Extracted.sources). */
  readonly sources: WeakMap<Element, Element>;
  /** Page elements whose copy opens with a line of ours (a thread's "Accepted answer"): BuildInput.labels. */
  readonly labels: ReadonlyMap<Element, string> | null;
  /** The automatic paragraph (or item) open in an output element, until a block closes it. */
  readonly openAuto: Map<Element, Element>;
  /** Output elements owed a space before their next inline content (a block unwrapped inside phrasing). */
  readonly spaceBefore: Set<Element>;
  /** The text written last: a block ending inside `<pre>` adds a newline unless that text ended one. */
  lastText: string;
  /** The open frames, innermost last: its length is the output depth. */
  readonly stack: Frame[];
}

/** Where the walk stands against the chosen text (copy-chosen.ts keeps it up to date). */
export interface Chosen {
  readonly keep: ReadonlySet<Text>;
  /** Every element from a chosen text node up to the root: the elements that hold article text. */
  readonly holders: Set<Node>;
  /** The chosen text node that comes last in rendering order. */
  readonly last: Text | null;
  /** Chosen text nodes copied so far. */
  seen: number;
  passedLast: boolean;
  /** After the last chosen text, until other text appears: a closing figure still belongs to the article. */
  trailing: boolean;
  /** Media seen before the first chosen text: kept only if no other text comes between them and it. */
  tentative: Node[];
}
