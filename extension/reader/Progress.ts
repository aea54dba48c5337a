/** How far through the article the reader is: a thin bar under the toolbar and the minutes left. */
import { h } from './dom.ts';

/**
 * Calls `onProgress` with the share of the scroll container scrolled (0–1), at most once a frame, from the frame
 * after the first paint (a ResizeObserver's first report) on. Returns the function that stops it.
 */
export function watchProgress(scroller: HTMLElement, onProgress: (progress: number) => void): () => void {
  let frame = 0;
  const measure = () => {
    frame = 0;
    const range = scroller.scrollHeight - scroller.clientHeight;
    onProgress(range <= 0 ? 1 : Math.min(1, Math.max(0, scroller.scrollTop / range)));
  };
  const onScroll = () => {
    if (frame === 0) frame = requestAnimationFrame(measure);
  };
  scroller.addEventListener('scroll', onScroll, { passive: true });
  // The article's height changes as images load and as the text size changes; observing also reports each
  // box once, after the first layout, which takes the first measure without forcing a layout before it.
  const resize = new ResizeObserver(onScroll);
  for (const child of Array.from(scroller.children)) resize.observe(child);
  return () => {
    scroller.removeEventListener('scroll', onScroll);
    resize.disconnect();
    if (frame !== 0) cancelAnimationFrame(frame);
  };
}

/** Minutes still to read, from the article's reading time and the share already scrolled past. */
export function minutesLeft(minutes: number, progress: number): number {
  return Math.max(0, Math.ceil(minutes * (1 - progress)));
}

/** The time left and the bar, and the function that shows a new progress in both. */
export function createProgress(minutes: number): { elements: HTMLElement[]; show(progress: number): void } {
  const timeLeft = h('span', { class: 'l-time-left', 'aria-live': 'off' });
  // A native <progress>: its value needs no style attribute (a page CSP may forbid those).
  const bar = h('progress', { class: 'l-progress', max: 100, 'aria-label': 'Reading progress' });
  // Written only when they change: a scroll reports every frame.
  let shown = -1;
  const show = (progress: number) => {
    const left = minutesLeft(minutes, progress);
    const text = left === 0 ? 'Finished' : `${left} min left`;
    if (timeLeft.textContent !== text) timeLeft.textContent = text;
    const percent = Math.round(progress * 100);
    if (percent !== shown) bar.value = shown = percent;
  };
  show(0);
  return { elements: [timeLeft, bar], show };
}
