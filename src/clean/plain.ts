import { collapseHtmlSpace, outOfLine, withoutSoftHyphens } from '../dom/text.ts';

/**
 * The clean body's words in reading order, a blank line between blocks: what the extractor measures of the
 * article (its length against the floors, its words and reading time, the excerpt's first paragraph, the
 * popup's first lines). The text a person copies or saves is laid out by export/text.ts (list markers, table
 * cells, `<pre>`), which the content script loads only when a copy or a file asks: this walk is a tenth of
 * its size, and the first paint needs no more (docs/performance.md, "Decisions that hold the time down").
 *
 * Runs on the copy in the inert document (clean/), never on the page; the copy's depth is capped
 * (dom/limits.ts) and every node is visited once.
 */
export function plainText(root: Element): string {
  const out: string[] = [];
  let node: Node | null = root.firstChild;
  while (node !== null) {
    if (node.nodeType === 3 || node.nodeType === 4) {
      out.push(collapseHtmlSpace(withoutSoftHyphens((node as Text).data)));
    } else if (node.nodeType === 1 && !outOfLine((node as Element).localName)) {
      const tag = (node as Element).localName;
      if (tag === 'br') out.push('\n');
      else if (BLOCKS.has(tag)) out.push('\n\n');
      if (node.firstChild !== null) {
        node = node.firstChild;
        continue;
      }
    }
    // On to the next sibling, closing the blocks left on the way up.
    while (node !== null && node !== root && node.nextSibling === null) {
      node = node.parentNode;
      if (node !== null && node !== root && BLOCKS.has((node as Element).localName)) out.push('\n\n');
    }
    node = node === null || node === root ? null : node.nextSibling;
  }
  return out
    .join('')
    .replace(/[ \t]*\n[ \t]*/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Boxes that stand apart from their neighbours: a blank line before and after. */
const BLOCKS = new Set(
  'p h1 h2 h3 h4 h5 h6 ul ol li dl dt dd blockquote pre figure figcaption table caption tr hr details summary div section article main header footer aside address'.split(
    ' ',
  ),
);
