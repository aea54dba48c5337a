/**
 * Following the text as it is read: the sentence being read is scrolled into view when it leaves it, until the
 * person scrolls it out of view themselves (to read back, or ahead). Then the reader stops following, and
 * follows again when they ask ("Back to reading position") or when the sentence being read is back in view,
 * scrolled there by them or reached by the voice. Only a scroll of ours is not theirs.
 */
import { defaultViewOf, ownerDocumentOf } from '../../src/dom/access.ts';
import { viewUnder } from './blocks.ts';

export interface Follower {
  /** The sentence being read now: scrolled to if followed and out of view. */
  reveal(range: Range): void;
  /** Scrolls to the sentence being read and follows it again. */
  back(): void;
  following(): boolean;
  stop(): void;
}

/** How far down the view a sentence scrolled to lands: a third, so what follows it is in view too. */
const LANDING = 1 / 3;
/** A scroll of ours that never reports its end (already there, or no scrollend in this browser) ends by then. */
const OWN_SCROLL_MS = 1500;

/**
 * Follows in `scroller`, whose visible part starts under the sticky `bar`; `onChange` hears whether it is
 * following each time that changes.
 */
export function createFollower(
  scroller: HTMLElement,
  bar: () => HTMLElement | null,
  onChange: (following: boolean) => void,
): Follower {
  let following = true;
  let current: Range | null = null;
  let ownScroll = false;
  let ownScrollTimer = 0;
  const doc = ownerDocumentOf(scroller);
  const view = doc === null ? null : defaultViewOf(doc);

  const set = (next: boolean) => {
    if (next === following) return;
    following = next;
    onChange(next);
  };

  const band = () => viewUnder(scroller, bar());

  const inView = (range: Range): boolean => {
    const { top, bottom } = band();
    const box = range.getBoundingClientRect();
    return box.bottom > top && box.top < bottom;
  };

  const wholeInView = (range: Range): boolean => {
    const { top, bottom } = band();
    const box = range.getBoundingClientRect();
    return box.top >= top && box.bottom <= bottom;
  };

  const scrollTo = (range: Range) => {
    const { top, bottom } = band();
    const box = range.getBoundingClientRect();
    const target = scroller.scrollTop + box.top - top - (bottom - top) * LANDING;
    const reduce = view?.matchMedia('(prefers-reduced-motion: reduce)').matches ?? true;
    ownScroll = true;
    view?.clearTimeout(ownScrollTimer);
    ownScrollTimer = view?.setTimeout(endOwnScroll, OWN_SCROLL_MS) ?? 0;
    scroller.scrollTo({ top: Math.max(0, target), behavior: reduce ? 'instant' : 'smooth' });
  };

  const endOwnScroll = () => {
    ownScroll = false;
    view?.clearTimeout(ownScrollTimer);
  };

  // Any scroll that is not ours is the person's: a wheel, a key, the scroll bar, a find in the page, a Tab.
  const onScroll = () => {
    if (ownScroll || !current) return;
    set(inView(current));
  };
  // The end of a scroll of ours, or of the person's that took over from it: where the sentence is now says.
  const onScrollEnd = () => {
    endOwnScroll();
    onScroll();
  };
  scroller.addEventListener('scroll', onScroll, { passive: true });
  scroller.addEventListener('scrollend', onScrollEnd);

  return {
    reveal(range) {
      current = range;
      if (!following) {
        // The voice has reached the part the person is looking at: follow from there.
        if (inView(range)) set(true);
        return;
      }
      if (!wholeInView(range)) scrollTo(range);
    },
    back() {
      set(true);
      if (current) scrollTo(current);
    },
    following: () => following,
    stop() {
      endOwnScroll();
      scroller.removeEventListener('scroll', onScroll);
      scroller.removeEventListener('scrollend', onScrollEnd);
    },
  };
}
