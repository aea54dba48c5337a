/**
 * Where the reader is in its article, kept across a new reading of the page (an edit's start, each removal, its
 * end), and the scroll that brings a block to a place on the screen. Part of the tools chunk.
 *
 * The article's blocks are laid out at their real height only as they near the screen (reader.css,
 * content-visibility): a scroll offset means another place in a new reader, and a block far down is first
 * placed by estimates, hundreds of pixels off. So a place is an element and its distance from the reader's
 * top, and bringing it there is repeated over the next frames while the blocks before it take their height.
 */
import { articleElements } from '../reader/added.ts';
import type { ReaderParts } from '../reader/types.ts';

/**
 * An element of the article (its index among the article's elements, which stay the same in every reading of
 * the page with the same fix: editor.ts pairs them with the page's) and how far below the reader's bars it
 * starts.
 */
export interface Place {
  element: number;
  top: number;
}

/** Frames a scroll keeps bringing its block to its place while the blocks before it settle. */
const SETTLE_FRAMES = 6;

/**
 * Where the reader's text shows from: below the bars that stay at its top (the toolbar, the Edit mode's bar),
 * in viewport pixels.
 */
function textTop(parts: ReaderParts): number {
  let top = parts.scroller.getBoundingClientRect().top;
  for (const el of [...Array.from(parts.scroller.children), ...Array.from(parts.main.children)]) {
    if (getComputedStyle(el).position === 'sticky') top = Math.max(top, el.getBoundingClientRect().bottom);
  }
  return top;
}

/**
 * Where the reader is: the first element of the article that starts below the bars at the reader's top (the
 * first line a person reads there), as deep as the line of text, so the Edit mode's wider blocks still find the
 * same words; and how far below those bars it starts.
 */
export function placeOf(parts: ReaderParts): Place | null {
  // At the top, the reader opens at the top: its header, then the text.
  if (parts.scroller.scrollTop === 0) return null;
  const line = textTop(parts);
  const all = articleElements(parts.content);
  let found: Element | null = null;
  let place: Place | null = null;
  for (let i = 0; i < all.length; i++) {
    const el = all[i] as Element;
    // Out of the element found: the deepest of it is found.
    if (found !== null && !found.contains(el)) break;
    const box = el.getBoundingClientRect();
    if (box.height > 0 && box.top >= line) {
      found = el;
      place = { element: i, top: box.top - line };
    }
  }
  return place;
}

/**
 * Scrolls `element` to `top()` px below the reader's top, and again in each of the next frames it moved away
 * from there (`top` is asked each time: a sticky bar stands lower once stuck than in the flow). Returns the
 * function that stops it.
 */
export function scrollToPlace(scroller: HTMLElement, element: Element, top: () => number): () => void {
  let frame = 0;
  const bring = (frames: number) => {
    const off = element.getBoundingClientRect().top - scroller.getBoundingClientRect().top - top();
    if (Math.abs(off) > 1) scroller.scrollTo({ top: scroller.scrollTop + off, behavior: 'instant' });
    // Again in the next frames, even once in place: the blocks before it that just came near the screen take
    // their real height a frame later, and move it.
    if (frames > 0) frame = requestAnimationFrame(() => bring(frames - 1));
  };
  bring(SETTLE_FRAMES);
  return () => cancelAnimationFrame(frame);
}

/**
 * Brings the reader back to `place` (its element, or the last one if the article is shorter now), as far below
 * this reader's bars as it was below the other's.
 */
export function goToPlace(parts: ReaderParts, place: Place | null): void {
  if (place === null) return;
  const all = articleElements(parts.content);
  const element = all[Math.min(place.element, all.length - 1)];
  if (element === undefined) return;
  const { scroller } = parts;
  scrollToPlace(scroller, element, () => textTop(parts) - scroller.getBoundingClientRect().top + place.top);
}
