/**
 * The tag tables of the clean article DOM: what is copied, what is unwrapped (its
 * children kept), what is dropped with everything inside it. Lower-case local names.
 */

import { wordSet } from '../dom/words.ts';

/** Copied as elements, with only the attributes of attributes.ts. */
export const INLINE_TAGS: ReadonlySet<string> = wordSet(
  'a abbr b br cite code dfn em i img kbd mark q rp rt ruby s samp small strong sub sup time u var',
);

export const BLOCK_TAGS: ReadonlySet<string> = wordSet(
  'blockquote caption dd details dl dt figcaption figure h1 h2 h3 h4 h5 h6 hr li ol p pre summary ' +
    'table tbody td tfoot th thead tr ul',
);

/** Old or synonymous tags copied under their modern name. */
export const RENAME: ReadonlyMap<string, string> = new Map([
  ['strike', 's'],
  ['del', 's'],
  ['tt', 'code'],
  ['listing', 'pre'],
  ['xmp', 'pre'],
  ['plaintext', 'pre'],
  ['menu', 'ul'],
  ['dir', 'ul'],
  ['image', 'img'],
]);

/**
 * Never article content: dropped with their subtree, whatever the visibility stage said (it may not have
 * walked this far: its work cap). Media without a still image (video, audio) go too: the reader shows text.
 */
export const DROP_TAGS: ReadonlySet<string> = wordSet(
  'applet area audio base button canvas datalist dialog embed frame frameset head iframe input link ' +
    'map math-field meta meter nav noembed noframes noscript object optgroup option output param ' +
    'portal progress script select slot source style svg template textarea title track video wbr',
);

/**
 * Dropped like DROP_TAGS when they are what they look like (a newsletter signup, a search box), but unwrapped
 * when they hold the article: ASP.NET WebForms pages wrap the whole page in one `<form>`.
 */
export const FORM_TAGS: ReadonlySet<string> = new Set(['form', 'fieldset', 'label']);

/**
 * Unwrapped elements that are blocks by default: their inline content becomes a paragraph of its own, so
 * `<div>one</div><div>two</div>` doesn't read "onetwo".
 */
export const WRAPPER_BLOCKS: ReadonlySet<string> = wordSet(
  'address article aside body center div fieldset footer form header hgroup html legend main search ' +
    'section',
);

/** Output elements whose content is a line of text (for whitespace trimming and the empty-element pass). */
export const OUTPUT_BLOCKS: ReadonlySet<string> = new Set([...BLOCK_TAGS, 'div']);
