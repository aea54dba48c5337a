/**
 * The marks over the sentence and the word being read: boxes of ours drawn over the text's line boxes, in a
 * layer after the article, so the article's nodes are never touched (no class, no wrapper element: a copy, a
 * selection and the tools see them as they were).
 *
 * Not the CSS Custom Highlight API: its registry (`CSS.highlights`) is the document's, shared with the page's
 * scripts, and a Range registered there hands the page a node inside the reader's closed shadow root, and so
 * the root itself, to read and rewrite (docs/security.md, rule 1).
 */
import { createElementIn, ownerDocumentOf } from '../../src/dom/access.ts';
import { type Box, lineBoxes } from './sentences.ts';

export type MarkKind = 'sentence' | 'word';

export interface Marks {
  /** Marks `range` as the sentence or the word being read; null takes that mark away. */
  show(kind: MarkKind, range: Range | null): void;
  /** Takes the layer out. */
  remove(): void;
}

/** A layer of marks placed after `article` (in its column), drawn again whenever the column's layout moves. */
export function createMarks(article: Element): Marks {
  const doc = ownerDocumentOf(article) as Document;
  const layer = createElementIn(doc, 'div');
  layer.className = 'l-speech-marks';
  layer.setAttribute('aria-hidden', 'true');
  article.after(layer);
  const ranges: Record<MarkKind, Range | null> = { sentence: null, word: null };
  const boxes: Record<MarkKind, HTMLElement[]> = { sentence: [], word: [] };

  const draw = (kind: MarkKind) => {
    for (const box of boxes[kind]) box.remove();
    boxes[kind] = [];
    const range = ranges[kind];
    if (!range) return;
    const origin = layer.getBoundingClientRect();
    for (const line of lineBoxes(Array.from(range.getClientRects()))) {
      const box = createElementIn(doc, 'div');
      // not shown: class names
      box.className = `l-mark l-mark-${kind}`;
      place(box, line, origin);
      layer.append(box);
      boxes[kind].push(box);
    }
  };
  const drawAll = () => {
    draw('sentence');
    draw('word');
  };
  // Text size, width, spacing, images loading and a tool's bar all move the lines under the marks.
  const observer = new ResizeObserver(drawAll);
  observer.observe(article);
  if (article.parentElement) observer.observe(article.parentElement);

  return {
    show(kind, range) {
      ranges[kind] = range;
      draw(kind);
    },
    remove() {
      observer.disconnect();
      layer.remove();
    },
  };
}

/** Through the CSSOM, which a page's CSP doesn't govern (a style attribute it may forbid). */
function place(box: HTMLElement, line: Box, origin: DOMRect): void {
  box.style.setProperty('left', `${line.left - origin.left}px`);
  box.style.setProperty('top', `${line.top - origin.top}px`);
  box.style.setProperty('width', `${line.right - line.left}px`);
  box.style.setProperty('height', `${line.bottom - line.top}px`);
}
