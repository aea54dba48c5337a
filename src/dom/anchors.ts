/**
 * A heading's anchor: the link a docs generator puts in or around a heading so a reader can copy the address of
 * its section (a pilcrow, a "#", an icon, or the heading's own text linking to its `#fragment`). It points at
 * the page itself, so it is not navigation, and a glyph-only one is no text of the heading.
 */
import {
  attributeOf,
  baseUriOf,
  dataOf,
  firstChildOf,
  hasAttribute,
  localNameOf,
  nextSiblingOf,
  nodeTypeOf,
  ownerDocumentOf,
  parentOf,
  textContentOf,
  urlOf,
} from './access.ts';
import { lettersAndDigits } from './chars.ts';
import { MAX_SIBLINGS } from './limits.ts';
import { outOfLine } from './text.ts';
import { isSamePage, parseUrl } from './url.ts';

/**
 * `href` leads to a named place on the page at `page`: `#usage`, or the page's own address with a fragment. Not
 * `#` alone (a button a script answers) nor a route of a single-page app (`#/settings`, `#!/inbox`), which go
 * elsewhere.
 */
export function isSelfHref(href: string, base: string, page: string): boolean {
  const value = href.trim();
  if (value.startsWith('#')) return isPlaceFragment(value);
  const target = parseUrl(value, base);
  const here = parseUrl(page, page);
  if (target === null || here === null || !isPlaceFragment(target.hash)) return false;
  return isSamePage(target, [here]);
}

function isPlaceFragment(hash: string): boolean {
  return hash.length > 1 && hash[1] !== '/' && hash[1] !== '!';
}

/** A link element whose `href` leads to a place on its own page (isSelfHref). */
export function isSelfLink(a: Element): boolean {
  const href = attributeOf(a, 'href');
  if (href === null) return false;
  if (href.trim().startsWith('#')) return isPlaceFragment(href.trim());
  const doc = ownerDocumentOf(a);
  return doc !== null && isSelfHref(href, baseUriOf(a), urlOf(doc));
}

/** Text with no letter or digit: a pilcrow, "#", "§", "🔗", a zero-width space, nothing. */
export function isGlyphText(text: string): boolean {
  return lettersAndDigits(text) === '';
}

/** Nodes a heading's text is read from, at most: a heading is a line, not a page. */
const MAX_HEADING_NODES = 2000;

/**
 * A heading's text without its glyph anchors (a self-link holding no letter or digit: Sphinx's "¶", a "#"):
 * "Configuring the cache", not "Configuring the cache¶". Other links' text stays ("C#" is a heading's word).
 * Nor what the heading holds out of its line: a `hidden` box (a docs site's bookmark menu set inside its `h1`, its
 * "Stay organized with collections" read as part of the title), a script, a template, a ruby's readings.
 */
export function headingText(heading: Element): string {
  let text = '';
  let node: Node | null = firstChildOf(heading);
  for (let steps = 0; node !== null && steps < MAX_HEADING_NODES; steps++) {
    const type = nodeTypeOf(node);
    if (type === 3 || type === 4) text += dataOf(node as CharacterData);
    const el = type === 1 ? (node as Element) : null;
    const tag = el === null ? '' : localNameOf(el);
    // A heading set in lines (`WEEKEND<br>CODING<br>AGENT`) reads with spaces between them.
    if (tag === 'br') text += ' ';
    const skip =
      el !== null && ((tag === 'a' && isGlyphAnchor(el)) || outOfLine(tag) || hasAttribute(el, 'hidden'));
    const child = el !== null && !skip ? firstChildOf(el) : null;
    node = child ?? nextInHeading(node, heading);
  }
  return text;
}

/** The node after `node`'s subtree inside `heading`, or null past its end. */
function nextInHeading(node: Node, heading: Element): Node | null {
  let n: Node | null = node;
  for (let steps = 0; n !== null && n !== heading && steps < MAX_SIBLINGS; steps++) {
    const next = nextSiblingOf(n as ChildNode);
    if (next !== null) return next;
    n = parentOf(n) as Node | null;
  }
  return null;
}

/** A self-link holding no letter or digit: the glyph a docs page sets beside a heading to link to it. */
export function isGlyphAnchor(a: Element): boolean {
  return isSelfLink(a) && isGlyphText(textContentOf(a) ?? '');
}
