/**
 * The article's blocks as read aloud: which ones, and which one is at the top of the view. In the reader
 * itself, not with read aloud's panels: the key that starts reading from the top of the view must find that
 * block before read aloud's bar shows (and moves the view's top edge down by its height).
 */

const BLOCKS = 'h1, h2, h3, h4, h5, h6, p, li, figcaption, dt, dd, blockquote, pre, th, td';
/** Header lines a listener doesn't need read out: the site's name, the byline and date, "6 min read · …". */
const UNSPOKEN = '.l-site, .l-byline, .l-stats';

/**
 * The leaf blocks of the article, in reading order: a block holding other blocks is read through them, and one
 * that isn't shown (a figure's caption with images off) is not read.
 */
export function readableBlocks(article: Element): HTMLElement[] {
  return [...article.querySelectorAll<HTMLElement>(BLOCKS)].filter(
    (block) =>
      block.querySelector(BLOCKS) === null &&
      !block.matches(UNSPOKEN) &&
      (block.textContent ?? '').trim() !== '' &&
      block.getClientRects().length > 0,
  );
}

/**
 * The index of the block at the top of the view, which shows from `top` to `bottom` (client coordinates): the
 * first whose top edge is in view, or the one the top edge cuts when the next starts below the view.
 */
export function blockAtTop(blocks: readonly Element[], top: number, bottom: number): number {
  const cut = blocks.findIndex((block) => block.getBoundingClientRect().bottom > top);
  if (cut < 0) return 0;
  const start = blocks[cut]?.getBoundingClientRect().top ?? top;
  const next = blocks[cut + 1]?.getBoundingClientRect().top;
  return start < top && next !== undefined && next < bottom ? cut + 1 : cut;
}

/** The visible part of `scroller` under the sticky `bar`, in client coordinates. */
export function viewUnder(scroller: Element, bar: Element | null): { top: number; bottom: number } {
  const box = scroller.getBoundingClientRect();
  return { top: Math.max(box.top, bar?.getBoundingClientRect().bottom ?? box.top), bottom: box.bottom };
}
