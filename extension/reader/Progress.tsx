/** How far through the article the reader is: a thin bar under the toolbar and the minutes left. */
import type { RefObject } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/** The share of the scroll container scrolled (0–1), updated at most once a frame. */
export function useProgress(scroller: RefObject<HTMLElement | null>): number {
  const [progress, setProgress] = useState(0);
  useEffect(() => {
    const element = scroller.current;
    if (element === null) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const range = element.scrollHeight - element.clientHeight;
      setProgress(range <= 0 ? 1 : Math.min(1, Math.max(0, element.scrollTop / range)));
    };
    const onScroll = () => {
      if (frame === 0) frame = requestAnimationFrame(measure);
    };
    measure();
    element.addEventListener('scroll', onScroll, { passive: true });
    // The article's height changes as images load and as the text size changes.
    const resize = new ResizeObserver(onScroll);
    for (const child of Array.from(element.children)) resize.observe(child);
    return () => {
      element.removeEventListener('scroll', onScroll);
      resize.disconnect();
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, [scroller]);
  return progress;
}

/** Minutes still to read, from the article's reading time and the share already scrolled past. */
export function minutesLeft(minutes: number, progress: number): number {
  return Math.max(0, Math.ceil(minutes * (1 - progress)));
}

export function Progress({ progress, minutes }: { progress: number; minutes: number }) {
  const left = minutesLeft(minutes, progress);
  const percent = Math.round(progress * 100);
  return (
    <>
      <span class="lectern-time-left" aria-live="off">
        {left === 0 ? 'Finished' : `${left} min left`}
      </span>
      {/* A native <progress>: its value needs no style attribute (a page CSP may forbid those). */}
      <progress class="lectern-progress" max={100} value={percent} aria-label="Reading progress" />
    </>
  );
}
