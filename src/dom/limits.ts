import { firstElementChildOf, nextElementSiblingOf } from './access.ts';

/**
 * Work caps shared by the walks, so that a huge or hostile page costs bounded time and memory.
 *
 * MAX_OUTPUT_DEPTH: Chromium's HTML parser nests elements no deeper than 512
 * (`kMaximumHTMLParserDOMTreeDepth`, third_party/blink/renderer/core/html/parser/html_construction_site.cc):
 * deeper markup is parsed as siblings. The article's HTML is parsed again by every consumer (the overlay,
 * the Markdown exporter), so output deeper than that would change shape on the way; the copy unwraps elements
 * past this depth instead, and keeps their text. No real article nests that deep (the dev corpora's deepest
 * page is far shallower), only generated or hostile pages.
 */
export const MAX_OUTPUT_DEPTH = 512;

/**
 * MAX_ANCESTORS, MAX_SIBLINGS: how many steps an upward walk (a parent chain: flat.ts, the run's common
 * ancestor, the copy's holders, footnote targets) or a sideways scan outside the budgeted walks (a picture's
 * sources, a table's rows and cells, a formula's children) may take from one node. Reads go through
 * dom/access.ts, so a chain ends at the document and a row of siblings at its last child; the bound is there so
 * that a bug, or a read a page still managed to redirect, costs a wrong answer instead of a hung tab. It is
 * four times the segment walk's default element cap (25,000, extract.ts), the 100,000 other nodes that walk
 * budgets: the walk never reads deeper than its element cap, so no chain it can reach is longer (a caller that
 * raises `maxElements` past 100,000 can get a walk that stops short: a wrong answer, never a hang), and the
 * robustness specs' deepest pages (5,000 levels built by script) stay far inside it.
 */
export const MAX_ANCESTORS = 100_000;
export const MAX_SIBLINGS = 100_000;

/**
 * An article's worth of text: NewsFeed's C_Σ, 350 visible characters. Here, not in fallback/, so
 * that the segment walk (a same-origin frame is read in place only with this much text) and the fallback
 * share it without an import back from a later stage.
 */
export const MIN_ARTICLE_CHARS = 350;

/** The element children of `el`, read through dom/access.ts, at most MAX_SIBLINGS of them. */
export function* elementChildren(el: Element): Generator<Element> {
  let c = firstElementChildOf(el);
  for (let steps = 0; c !== null && steps < MAX_SIBLINGS; steps++) {
    yield c;
    c = nextElementSiblingOf(c);
  }
}
