/**
 * A component shown on its own, outside the reader's tree: a tool's bar, the outline, the picker's surface, the
 * "Why this text" view (the tools' chunks render them with their own Preact). It renders into a wrapper with no
 * box of its own (`l-mount`, reader.css), which the tool puts where it goes and takes out again.
 */
import { type ComponentChild, render } from 'preact';
import { createElementNSIn } from '../../src/dom/access.ts';

const XHTML_NS = 'http://www.w3.org/1999/xhtml';

export interface View {
  /** What the tool inserts and removes. */
  element: HTMLElement;
  /** Renders the view again, as `child` now says. */
  update(child: ComponentChild): void;
}

export function viewOf(child: ComponentChild): View {
  // Through the Document prototype: in an XML or SVG document too, an HTML element.
  const element = createElementNSIn(document, XHTML_NS, 'div') as HTMLElement;
  element.className = 'l-mount';
  render(child, element);
  return { element, update: (next) => render(next, element) };
}
