/**
 * The reader's elements, made without a framework: what the first paint shows is built once and the little that
 * changes is set where it changes (Reader.ts), so the script every click injects carries no virtual DOM:
 * Preact and its hooks load with the panels (panels.tsx), which the first paint doesn't need.
 *
 * Elements are made through the Document prototype's createElementNS (src/dom/access.ts): a page's named
 * elements can't stand in for the method, and in the XHTML namespace an XML or SVG document still gets HTML
 * elements (its own createElement would make elements of no namespace, which no style applies to).
 */
import { createElementNSIn } from '../../src/dom/access.ts';

const XHTML_NS = 'http://www.w3.org/1999/xhtml';
const SVG_NS = 'http://www.w3.org/2000/svg';

/** Children left out: null, undefined, false and the empty string (what `cond && child` gives when false). */
export type Child = Node | string | null | undefined | false;

/**
 * Attributes by name (null, undefined and false leave one out, true sets it empty) and listeners by `on` and
 * the event's name (`onclick`). ARIA states are strings: `aria-expanded="false"` says something.
 */
export type Props = Readonly<
  Record<string, string | number | boolean | null | undefined | ((event: never) => void)>
>;

function make(namespace: string, tag: string, props: Props, children: Child[]): Element {
  const element = createElementNSIn(document, namespace, tag);
  for (const [name, value] of Object.entries(props)) {
    if (typeof value === 'function') element.addEventListener(name.slice(2), value as EventListener);
    else if (value !== null && value !== undefined && value !== false)
      element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) if (child) element.append(child);
  return element;
}

/** An HTML element with these attributes, listeners and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  return make(XHTML_NS, tag, props, children) as HTMLElementTagNameMap[K];
}

/**
 * Sets an attribute only when its value changes, as Preact's diff did: to the DOM the same value set again is
 * still a change (a mutation record, and the style invalidation of every rule that reads the attribute; the
 * root's data-theme is read by rules over the whole article).
 */
export function setAttribute(element: Element, name: string, value: string): void {
  if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

/** An SVG element (the toolbar's icons). */
export function svg(tag: string, props: Props = {}, ...children: Child[]): SVGElement {
  return make(SVG_NS, tag, props, children) as SVGElement;
}
