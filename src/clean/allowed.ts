/**
 * What the clean article may hold, written once for both checks that guard it where it reaches a person:
 * DOMPurify's configuration (sanitize.ts: where a string is parsed, in the exporters) and the reader's check of
 * the nodes it inserts (present.ts: where no string is parsed at all). The copy walk writes only these
 * (tags.ts, attributes.ts, math.ts, urls.ts, images.ts); both checks hold it to that independently, so a hole
 * in the walk can't carry a script, a handler, a dangerous URL, an embed, a form, SVG or CSS through.
 */
import { MATH_ATTRIBUTES, MATHML_NS } from './math.ts';
import { BLOCK_TAGS, INLINE_TAGS } from './tags.ts';

export const HTML_NS = 'http://www.w3.org/1999/xhtml';

/**
 * MathML elements kept: DOMPurify's own safe MathML list, plus `semantics` and `annotation`, which math.ts
 * keeps so a KaTeX formula keeps its TeX source (browsers render only the first child of `semantics`; an
 * `annotation` holds text only, unlike `annotation-xml`, which math.ts and this list both drop).
 */
const MATH_TAGS = [
  'math',
  'annotation',
  'menclose',
  'merror',
  'mfenced',
  'mfrac',
  'mi',
  'mlabeledtr',
  'mmultiscripts',
  'mn',
  'mo',
  'mover',
  'mpadded',
  'mphantom',
  'mprescripts',
  'mroot',
  'mrow',
  'ms',
  'mspace',
  'msqrt',
  'mstyle',
  'msub',
  'msubsup',
  'msup',
  'mtable',
  'mtd',
  'mtext',
  'mtr',
  'munder',
  'munderover',
  'semantics',
];

/** Attributes attributes.ts copies, by element; `dir`, `lang` (and `id`, below) go on any HTML element. */
const HTML_ATTRIBUTES: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['a', new Set(['href'])],
  ['img', new Set(['src', 'alt', 'width', 'height'])],
  ['td', new Set(['colspan', 'rowspan'])],
  ['th', new Set(['colspan', 'rowspan', 'scope'])],
  ['ol', new Set(['start', 'reversed'])],
  ['li', new Set(['value'])],
  ['time', new Set(['datetime'])],
  ['abbr', new Set(['title'])],
  ['details', new Set(['open'])],
  ['pre', new Set(['class'])],
  ['code', new Set(['class'])],
]);
/**
 * The copy writes no `id` today, but the reader scrolls in-article fragment links to their target
 * (extension/reader/links.ts), so an id in `content` is kept. It can't clobber: in the overlay it sits in a
 * shadow tree, outside the document's and window's named properties, and SANITIZE_DOM drops any id that
 * names a property of `document` or of a form (`getElementById`, `attributes`) for other consumers.
 */
const ANY_HTML = new Set(['dir', 'lang', 'id']);

/** The one class the copy writes (attributes.ts `codeLanguage`): a highlighter's language name. */
const CODE_CLASS = /^language-[a-z0-9_+#.-]{1,30}$/;
/** images.ts keeps inlined images of these types only; an `<img>` runs no script, even for SVG. */
export const DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp|avif|svg\+xml)[;,]/i;
/** Links the reader may follow: the copy makes every href absolute http(s) or mailto; `#` is an in-article jump. */
export const ALLOWED_URI = /^(?:https?:|mailto:|#)/i;

export const URL_ATTRIBUTES = new Set(['href', 'src']);
export const ALL_ATTRIBUTES = [
  ...new Set([
    ...ANY_HTML,
    ...[...HTML_ATTRIBUTES.values()].flatMap((names) => [...names]),
    ...MATH_ATTRIBUTES,
  ]),
];

/** Every element the article may hold, HTML and MathML (local names). */
export const ALLOWED_TAGS: ReadonlySet<string> = new Set([...INLINE_TAGS, ...BLOCK_TAGS, ...MATH_TAGS]);

/** Whether `name="value"` may stay on `el` (per element, as attributes.ts writes them). */
export function isAllowedAttribute(el: Element, name: string, value: string): boolean {
  let allowed: boolean;
  if (el.namespaceURI === MATHML_NS) allowed = MATH_ATTRIBUTES.has(name);
  else allowed = ANY_HTML.has(name) || HTML_ATTRIBUTES.get(el.localName)?.has(name) === true;
  if (allowed && name === 'class') allowed = CODE_CLASS.test(value);
  // Any `data:` would pass an http(s)-or-data test; in img src ours may only be an image.
  if (allowed && name === 'src' && /^\s*data:/i.test(value)) allowed = DATA_IMAGE.test(value.trim());
  return allowed;
}
