/** How far through the article the reader is: a thin bar under the toolbar and the minutes left. */

import { t, tCount } from '../shared/i18n.ts';
import type { ReaderState } from './state.ts';
import type { Store } from './store.ts';
import { useStore } from './store.ts';

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

/** The minutes left and the bar; each renders only when what it shows changes (a scroll reports every frame). */
export function Progress({ store, minutes }: { store: Store<ReaderState>; minutes: number }) {
  return (
    <>
      <TimeLeft store={store} minutes={minutes} />
      <ProgressBar store={store} />
    </>
  );
}

function TimeLeft({ store, minutes }: { store: Store<ReaderState>; minutes: number }) {
  const left = useStore(store, (state) => minutesLeft(minutes, state.progress));
  return (
    <span class="l-time-left" aria-live="off">
      {left === 0 ? t('finished') : tCount('minutesLeft', left)}
    </span>
  );
}

function ProgressBar({ store }: { store: Store<ReaderState> }) {
  const percent = useStore(store, (state) => Math.round(state.progress * 100));
  // A native <progress>: its value needs no style attribute (a page CSP may forbid those).
  return <progress class="l-progress" max={100} value={percent} aria-label={t('readingProgress')} />;
}
