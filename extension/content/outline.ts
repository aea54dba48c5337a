/**
 * The outline: the article's headings as a list of sections, beside the text on a wide window and
 * above it on a narrow one; a section chosen scrolls the reader to it and gives its heading the focus, and the
 * section being read is marked as the reader scrolls. Part of the tools chunk (tools.ts); on while the person
 * keeps it on, for every reader shown in the page.
 */
import { outlineView } from '../reader/Outline.ts';
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
  const view = outlineView(
    headings.map((heading) => ({
      text: heading.textContent?.trim() ?? '',
      level: Number(heading.localName[1]),
    })),
    (index) => {
      const heading = headings[index];
      if (!heading) return;
      const top = heading.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
      scroller.scrollTo({ top: scroller.scrollTop + top - READ_LINE_PX + 8, behavior: 'instant' });
      heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
    },
  );
  let frame = 0;
  const mark = () => {
    frame = 0;
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
  scroller.addEventListener('scroll', onScroll, { passive: true });
  main.prepend(view.element);
  mark();
  shown = {
    remove() {
      scroller.removeEventListener('scroll', onScroll);
      if (frame !== 0) cancelAnimationFrame(frame);
      view.element.remove();
      shown = null;
    },
  };
}

export function hideOutline(): void {
  shown?.remove();
}
