/** Tag tables shared by the stages. Lower-case local names. */
import { attributeOf, textContentOf } from './access.ts';
import { wordSet } from './words.ts';

/** Never part of an article, skipped with their subtree. */
export const SKIP_TAGS: ReadonlySet<string> = wordSet(
  'script style noscript template iframe object embed canvas input button select textarea option ' +
    'datalist nav dialog svg math-field head title link meta',
);

/**
 * A button that opens and closes a panel (`aria-expanded`) with a line of text is the panel's label: an FAQ's
 * question, an accordion's "Details". Unlike SKIP_TAGS' other buttons it is read as text, with the panel it
 * opens (visibility/ reads a closed accordion's panel).
 */
export function isPanelLabel(el: Element, tag: string): boolean {
  if (tag !== 'button' || attributeOf(el, 'aria-expanded') === null) return false;
  const chars = (textContentOf(el) ?? '').trim().length;
  return chars > 0 && chars < PANEL_LABEL_CHARS;
}

/** A panel's label is a question or a heading, not a paragraph. */
export const PANEL_LABEL_CHARS = 200;

/**
 * Elements that are blocks by default. Used only when a document has no computed styles (DOMParser,
 * detached documents): then `display` is unknown and the HTML defaults stand in for it.
 */
export const DEFAULT_BLOCK_TAGS: ReadonlySet<string> = wordSet(
  'address article aside blockquote body center dd details dialog dir div dl dt fieldset figcaption ' +
    'figure footer form h1 h2 h3 h4 h5 h6 header hgroup hr html li main menu nav ol p pre section ' +
    'summary table tbody td tfoot th thead tr ul caption',
);

/** The block context a segment's text sits in; article text lives mostly in `p`. */
export type SegmentContext = 'p' | 'li' | 'td' | 'pre' | 'math' | 'blockquote' | 'figcaption' | 'other';

export const CONTEXT_TAGS: Readonly<Record<string, SegmentContext>> = {
  p: 'p',
  li: 'li',
  dd: 'li',
  dt: 'li',
  td: 'td',
  th: 'td',
  pre: 'pre',
  math: 'math',
  blockquote: 'blockquote',
  figcaption: 'figcaption',
  caption: 'figcaption',
};

export function headingLevel(tag: string): number {
  return tag.length === 2 && tag[0] === 'h' && tag[1] !== undefined && tag[1] >= '1' && tag[1] <= '6'
    ? Number(tag[1])
    : 0;
}
