import { attributeOf, boundingRectOf, closestOf, localNameOf, parentElementOf } from '../dom/access.ts';
import type { Segment } from '../segments/index.ts';

export interface Box {
  left: number;
  width: number;
}

/**
 * Luo's geometry post-processing (docs/extraction.md): article text shares one column. Reads every
 * segment's block box in one pass after the walk (layout is clean: nothing was written, so no thrash).
 */
export function readBoxes(segments: readonly Segment[]): Map<Element, Box> {
  const boxes = new Map<Element, Box>();
  for (const seg of segments) {
    if (boxes.has(seg.block)) continue;
    const r = boundingRectOf(seg.block);
    boxes.set(seg.block, { left: r.left, width: r.width });
  }
  return boxes;
}

/** Segments narrower than this share of the column are side furniture when they float (pull quotes, boxes). */
const NARROW_SHARE = 0.6;
/** Sub-pixel and padding jitter between paragraphs of one column. */
const EDGE_SLACK = 12;

/**
 * The dominant column: the (left, width) carrying the most characters of body-looking segments. Returns the
 * indices of segments that do not line up: boxes outside the column, and narrow floated boxes inside it.
 */
export function misaligned(
  segments: readonly Segment[],
  positive: ReadonlySet<number>,
  boxes: ReadonlyMap<Element, Box>,
): Set<number> {
  const votes = new Map<string, { box: Box; chars: number }>();
  for (const seg of segments) {
    if (!positive.has(seg.index)) continue;
    const box = boxes.get(seg.block);
    if (!box || box.width === 0) continue;
    const key = `${Math.round(box.left / 8)}:${Math.round(box.width / 8)}`;
    const v = votes.get(key) ?? { box, chars: 0 };
    v.chars += seg.length;
    votes.set(key, v);
  }
  let column: Box | null = null;
  let most = 0;
  for (const v of votes.values()) {
    if (v.chars > most) {
      most = v.chars;
      column = v.box;
    }
  }
  const out = new Set<number>();
  if (column === null) return out;
  const colLeft = column.left - EDGE_SLACK;
  const colRight = column.left + column.width + EDGE_SLACK;
  const isOutside = (box: Box): boolean => box.left + box.width <= colLeft || box.left >= colRight;
  // A table's cells sit side by side by design: a row with a cell in the column is all in it
  // (readability-test-pages' wikipedia-4 lost every film's title, a <th> left of its description).
  const rows = new Set<Element>();
  for (const seg of segments) {
    const box = boxes.get(seg.block);
    if (seg.context === 'td' && box && box.width > 0 && !isOutside(box)) {
      const row = closestOf(seg.block, 'tr');
      if (row) rows.add(row);
    }
  }
  const beside = gridCards(segments, boxes, isOutside);
  for (const seg of segments) {
    const box = boxes.get(seg.block);
    if (!box || box.width === 0) continue;
    const inRow = rows.size > 0 && seg.context === 'td' && rows.has(closestOf(seg.block, 'tr') as Element);
    const outside = isOutside(box) && !inRow && !beside(seg.block);
    const narrowFloat = seg.floated && box.width < NARROW_SHARE * column.width;
    if (outside || (narrowFloat && seg.context !== 'figcaption')) out.add(seg.index);
  }
  return out;
}

/** How far above a segment's block its card in a grid is looked for (card → heading or paragraph). */
const CARD_DEPTH = 4;

/**
 * A grid's cards sit side by side by design, as a table's cells do: a card outside the column whose parent
 * also holds, in the column, a card of its shape (same tag, class and width) is part of the same grid. A
 * landing page's feature grid lost its second and third columns (fixtures/open/service-feature-cards); a
 * sidebar is not the main column's shape (its class or width differs). The card must itself lie outside the
 * column: a forum post's author cell sits beside its text inside a post of the posts' shape.
 *
 * Returns whether a block outside the column lies in such a card.
 */
function gridCards(
  segments: readonly Segment[],
  blockBoxes: ReadonlyMap<Element, Box>,
  isOutside: (box: Box) => boolean,
): (block: Element) => boolean {
  const boxes = new Map<Element, Box>();
  const boxOf = (el: Element): Box => {
    let box = boxes.get(el);
    if (box === undefined) {
      const r = boundingRectOf(el);
      box = { left: r.left, width: r.width };
      boxes.set(el, box);
    }
    return box;
  };
  const shapeOf = (el: Element): string =>
    `${localNameOf(el)}.${attributeOf(el, 'class') ?? ''}.${Math.round(boxOf(el).width / 8)}`;
  /** Calls `found` with the block and its ancestors, each with its parent, until it says so. */
  const climb = (block: Element, found: (el: Element, parent: Element) => boolean): boolean => {
    let el = block;
    for (let depth = 0; depth < CARD_DEPTH; depth++) {
      const parent = parentElementOf(el);
      if (parent === null) return false;
      if (found(el, parent)) return true;
      el = parent;
    }
    return false;
  };
  // Per parent, the shapes of its children that hold text in the column: read only once a block is outside.
  let inColumn: Map<Element, Set<string>> | null = null;
  const noteInColumn = (): Map<Element, Set<string>> => {
    const shapes = new Map<Element, Set<string>>();
    for (const seg of segments) {
      const box = blockBoxes.get(seg.block);
      if (!box || box.width === 0 || isOutside(box)) continue;
      climb(seg.block, (el, parent) => {
        const set = shapes.get(parent) ?? new Set<string>();
        set.add(shapeOf(el));
        shapes.set(parent, set);
        return false;
      });
    }
    return shapes;
  };
  return (block) => {
    inColumn ??= noteInColumn();
    const shapes = inColumn;
    return climb(
      block,
      (el, parent) => isOutside(boxOf(el)) && shapes.get(parent)?.has(shapeOf(el)) === true,
    );
  };
}
