/**
 * The outline: the article's headings as a list of sections, beside the text on a wide window and
 * above it on a narrow one; a section chosen scrolls the reader to it and gives its heading the focus, and the
 * section being read is marked as the reader scrolls. Part of the tools chunk (tools.ts); on while the person
 * keeps it on, for every reader shown in the page.
 */
import { outlineView } from '../reader/Outline.tsx';
import { scrollToPlace } from './place.ts';
import type { ToolHost } from './tool-host.ts';

/** Headings the outline lists: the article's own, below its title (the header's h1). */
const SECTIONS = 'h2, h3, h4';
/** How far below the top of the reader a heading still counts as the section being read (the toolbar's height). */
const READ_LINE_PX = 80;

let shown: { remove(): void } | null = null;

export function showOutline(host: ToolHost): void {
  shown?.remove();
  const parts = host.parts();
  if (parts === null) return;
  const { main, content, scroller } = parts;
  const headings = Array.from(content.querySelectorAll<HTMLElement>(SECTIONS));
  /**
   * The section chosen in the outline: marked until the person scrolls on. Near the article's end its heading
   * can't come up to the read line, and the last heading in view would be marked instead.
   */
  let chosen: number | null = null;
  let stopSettling = () => {};
  const view = outlineView(
    headings.map((heading) => ({
      text: heading.textContent?.trim() ?? '',
      level: Number(heading.localName[1]),
    })),
    (index) => {
      const heading = headings[index];
      if (!heading) return;
      stopSettling();
      chosen = index;
      view.mark(index);
      stopSettling = scrollToPlace(scroller, heading, () => READ_LINE_PX - 8);
      heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
    },
  );
  let frame = 0;
  const mark = () => {
    frame = 0;
    if (chosen !== null) {
      view.mark(chosen);
      return;
    }
    const box = scroller.getBoundingClientRect();
    // Scrolled to the end, the last sections can't reach the top: the last one in view is the one being read.
    const atEnd = scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 2;
    const line = atEnd ? box.bottom : box.top + READ_LINE_PX;
    let current = -1;
    headings.forEach((heading, index) => {
      if (heading.getBoundingClientRect().top <= line) current = index;
    });
    view.mark(current);
  };
  const onScroll = () => {
    if (frame === 0) frame = requestAnimationFrame(mark);
  };
  // The person scrolls on (the wheel, a touch, a key, the scrollbar): the mark follows the text again.
  const onPersonScrolls = (event: Event) => {
    if (!event.isTrusted || chosen === null) return;
    chosen = null;
    stopSettling();
    onScroll();
  };
  const PERSON_SCROLLS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
  for (const type of PERSON_SCROLLS) scroller.addEventListener(type, onPersonScrolls, { passive: true });
  scroller.addEventListener('scroll', onScroll, { passive: true });
  main.prepend(view.element);
  mark();
  shown = {
    remove() {
      scroller.removeEventListener('scroll', onScroll);
      for (const type of PERSON_SCROLLS) scroller.removeEventListener(type, onPersonScrolls);
      stopSettling();
      if (frame !== 0) cancelAnimationFrame(frame);
      view.element.remove();
      shown = null;
    },
  };
}

export function hideOutline(): void {
  shown?.remove();
}
