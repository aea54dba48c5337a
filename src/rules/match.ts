/**
 * Matching the selectors of a fix (grammar.ts) in a document, without querySelectorAll: one walk of its elements
 * in document order through dom/access.ts, bounded like every other walk, that answers every selector of a fix
 * at once. The walk keeps, for each element on its path, which leading boxes of each selector match there
 * (`at`) and there or above (`below`), so each element costs one step per box whatever the page's depth.
 * As querySelectorAll on the document: the document's own tree, not shadow roots, frames or templates.
 */
import {
  attributeOf,
  documentElementOf,
  firstElementChildOf,
  localNameOf,
  namespaceOf,
  nextElementSiblingOf,
} from '../dom/access.ts';
import type { Compound, Selector } from './grammar.ts';

/**
 * The most elements one walk reads: four times the segment walk's default element cap (extract.ts), as
 * dom/limits.ts bounds the upward walks, so a page the extractor reads whole is matched whole; past it a fix
 * finds less (a wrong answer on a huge page, never a hung tab).
 */
export const MAX_MATCH_VISITS = 100_000;

const HTML_NS = 'http://www.w3.org/1999/xhtml';
/** CSS's whitespace, which separates the words of a class attribute. */
const CLASS_SEPARATORS = /[ \t\n\f\r]+/;

/** What the walk knows of the element it is on, each read from the page at most once and only when asked. */
interface Facts {
  el: Element;
  name: string;
  namespace: string | null | undefined;
  id: string | null | undefined;
  classes: string[] | undefined;
  position: number;
}

/**
 * Each selector's matches in `doc`, in document order, at most `limits[i]` for selector i; `exceptPage` leaves
 * out `<html>` and `<body>` (and any element of those names), which no part of a fix may be.
 */
export function matchSelectors(
  doc: Document,
  selectors: readonly Selector[],
  limits: readonly number[],
  exceptPage = false,
): Element[][] {
  const found: Element[][] = selectors.map(() => []);
  const count = selectors.length;
  const first = documentElementOf(doc);
  if (count === 0 || first === null) return found;
  const open = selectors.map((_, s) => (limits[s] ?? 0) > 0);
  let opened = open.filter(Boolean).length;
  const positions = selectors.some((selector) => selector.compounds.some((c) => c.positions.length > 0));
  // levels[d]: the masks of the element at depth d on the walk's path, `at` for selector s at s, `below` at count + s.
  const levels: Int32Array[] = [];
  const none = new Int32Array(2 * count);
  // seen[d]: how many children of each type the element at depth d has had so far (for :nth-of-type).
  const seen: Map<string, number>[] = [];
  const path: Element[] = [];
  const facts: Facts = {
    el: first,
    name: '',
    namespace: undefined,
    id: undefined,
    classes: undefined,
    position: 1,
  };
  let el: Element | null = first;
  let depth = 0;
  for (let visits = 0; el !== null && opened > 0 && visits < MAX_MATCH_VISITS; visits++) {
    facts.el = el;
    facts.name = localNameOf(el);
    facts.namespace = facts.id = facts.classes = undefined;
    if (positions && depth > 0) {
      facts.namespace = namespaceOf(el);
      const type = `${facts.namespace} ${facts.name}`;
      const siblings = seen[depth - 1] as Map<string, number>;
      facts.position = (siblings.get(type) ?? 0) + 1;
      siblings.set(type, facts.position);
    } else facts.position = 1;
    const parent = depth > 0 ? (levels[depth - 1] as Int32Array) : none;
    let level = levels[depth];
    if (level === undefined) {
      level = new Int32Array(2 * count);
      levels[depth] = level;
    }
    const page = exceptPage && (facts.name === 'html' || facts.name === 'body');
    for (let s = 0; s < count; s++) {
      const at = open[s]
        ? stepMask(selectors[s] as Selector, parent[s] ?? 0, parent[count + s] ?? 0, facts)
        : 0;
      level[s] = at;
      level[count + s] = (parent[count + s] ?? 0) | at;
      const compounds = (selectors[s] as Selector).compounds.length;
      if (page || (at & (1 << (compounds - 1))) === 0) continue;
      const list = found[s] as Element[];
      list.push(el);
      if (list.length >= (limits[s] ?? 0)) {
        open[s] = false;
        opened--;
      }
    }
    const child = firstElementChildOf(el);
    if (child !== null) {
      path[depth] = el;
      if (positions) seen[depth] = new Map();
      depth++;
      el = child;
      continue;
    }
    // No children: the next sibling, else the next sibling of the nearest ancestor that has one.
    for (;;) {
      const next: Element | null = depth > 0 ? nextElementSiblingOf(el) : null;
      if (next !== null || depth === 0) {
        el = next;
        break;
      }
      depth--;
      el = path[depth] as Element;
    }
  }
  return found;
}

/**
 * Which leading boxes of `selector` match at this element (bit i: boxes 0…i, the last of them this element),
 * from its parent's masks: `parentAt` (ending at the parent) and `parentBelow` (ending at it or above).
 */
function stepMask(selector: Selector, parentAt: number, parentBelow: number, facts: Facts): number {
  let at = 0;
  const { compounds } = selector;
  for (let i = 0; i < compounds.length; i++) {
    const compound = compounds[i] as Compound;
    const before = i === 0 ? 1 : (compound.within === 'child' ? parentAt : parentBelow) & (1 << (i - 1));
    if (before !== 0 && compoundMatches(compound, facts)) at |= 1 << i;
  }
  return at;
}

/** Whether one box (`div.story#main:nth-of-type(2)`) matches the element. */
function compoundMatches(compound: Compound, facts: Facts): boolean {
  if (compound.tag !== null) {
    // As Chromium in an HTML document: an HTML element's (lower-case) tag without regard to the selector's case
    // (grammar.ts writes it in lower case), another's (SVG's linearGradient) without regard to either's.
    const tag = compound.tag;
    if (tag !== facts.name) {
      if (facts.name.length !== tag.length || facts.name.toLowerCase() !== tag) return false;
      if (facts.namespace === undefined) facts.namespace = namespaceOf(facts.el);
      if (facts.namespace === HTML_NS) return false;
    }
  }
  if (compound.positions.some((n) => n !== facts.position)) return false;
  if (compound.ids.length > 0) {
    if (facts.id === undefined) facts.id = attributeOf(facts.el, 'id');
    if (compound.ids.some((id) => id !== facts.id)) return false;
  }
  if (compound.classes.length > 0) {
    facts.classes ??= (attributeOf(facts.el, 'class') ?? '').split(CLASS_SEPARATORS);
    const classes = facts.classes;
    if (compound.classes.some((name) => !classes.includes(name))) return false;
  }
  return true;
}
