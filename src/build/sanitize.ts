import createDOMPurify, {
  type Config,
  type DOMPurify,
  type UponSanitizeAttributeHookEvent,
  type WindowLike,
} from 'dompurify';
import { MATH_ATTRIBUTES, MATHML_NS } from './math.ts';
import { BLOCK_TAGS, INLINE_TAGS } from './tags.ts';

/**
 * The last step before article HTML reaches a person: right before the reader inserts it, and in the exporters
 * (the copies, a saved file). DOMPurify (cure53, the maintained sanitizer browsers' own Sanitizer API was modelled on) configured to the
 * same allow-list the copy walk applies (tags.ts, attributes.ts, math.ts), so a hole in our hand-written
 * walk still can't carry a script, a handler, a dangerous URL, an embed, a form, SVG or CSS to the reader,
 * the clipboard or a saved file.
 *
 * Where it parses: DOMPurify parses strings with the DOMParser of the window it was made for, an inert
 * document (nothing loads or runs). `sanitizeHtml` serialises its result, which the consumer parses again;
 * `sanitizeFragment` returns the sanitized nodes themselves, so what the reader inserts is exactly the tree
 * DOMPurify checked: no serialise→reparse step is left between the sanitizer and the overlay, which is where
 * mutation XSS lives.
 */

const HTML_NS = 'http://www.w3.org/1999/xhtml';

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
const DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp|avif|svg\+xml)[;,]/i;
/** Links the reader may follow: the copy makes every href absolute http(s) or mailto; `#` is an in-article jump. */
const ALLOWED_URI = /^(?:https?:|mailto:|#)/i;

const URL_ATTRIBUTES = new Set(['href', 'src']);
const ALL_ATTRIBUTES = [
  ...new Set([
    ...ANY_HTML,
    ...[...HTML_ATTRIBUTES.values()].flatMap((names) => [...names]),
    ...MATH_ATTRIBUTES,
  ]),
];

const BASE: Config = {
  ALLOWED_TAGS: [...INLINE_TAGS, ...BLOCK_TAGS, ...MATH_TAGS],
  ALLOWED_ATTR: ALL_ATTRIBUTES,
  // DOMPurify tests every attribute not marked URI-safe against ALLOWED_URI_REGEXP; ours are plain values
  // (numbers, language tags, MathML lengths), so only href and src meet the strict URL test.
  ADD_URI_SAFE_ATTR: ALL_ATTRIBUTES.filter((name) => !URL_ATTRIBUTES.has(name)),
  ALLOWED_URI_REGEXP: ALLOWED_URI,
  // No SVG: the copy drops it (tags.ts), and it is where most namespace-confusion tricks live.
  ALLOWED_NAMESPACES: [HTML_NS, MATHML_NS],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  ALLOW_SELF_CLOSE_IN_ATTR: false,
  SAFE_FOR_XML: true,
  SANITIZE_DOM: true,
  // Not prefixed with `user-content-`: fragment links (`#fn1`) must still find their target.
  SANITIZE_NAMED_PROPS: false,
  WHOLE_DOCUMENT: false,
  KEEP_CONTENT: true,
  // No Trusted Types policy: we hand out strings and nodes, never TrustedHTML. DOMPurify's default policy made
  // every extraction return null on pages with JavaScript off (the CLI, the benchmark: its callbacks "are no
  // longer runnable" there), and would ask pages whose CSP names their allowed policies for one called
  // "dompurify".
  TRUSTED_TYPES_POLICY: null,
};
const FRAGMENT: Config & { RETURN_DOM_FRAGMENT: true } = { ...BASE, RETURN_DOM_FRAGMENT: true };

/** DOMPurify's allow-lists are global; attributes.ts allows each attribute on some elements only. */
function perElement(node: Element, event: UponSanitizeAttributeHookEvent): void {
  const name = event.attrName;
  const value = event.attrValue;
  const tag = node.localName;
  let allowed: boolean;
  if (node.namespaceURI === MATHML_NS) allowed = MATH_ATTRIBUTES.has(name);
  else allowed = ANY_HTML.has(name) || HTML_ATTRIBUTES.get(tag)?.has(name) === true;
  if (allowed && name === 'class') allowed = CODE_CLASS.test(value);
  // DOMPurify lets any `data:` through in img src; ours may only be an image.
  if (allowed && name === 'src' && /^\s*data:/i.test(value)) allowed = DATA_IMAGE.test(value.trim());
  if (!allowed) event.keepAttr = false;
}

// One instance per window (the page's, a frame's): DOMPurify parses with the DOMParser of its window.
const instances = new WeakMap<object, DOMPurify>();

function purifier(view: WindowLike | null | undefined): DOMPurify | null {
  const target = view ?? (typeof window === 'undefined' ? null : window);
  if (!target) return null;
  let purify = instances.get(target);
  if (purify === undefined) {
    purify = createDOMPurify(target);
    purify.addHook('uponSanitizeAttribute', perElement);
    instances.set(target, purify);
  }
  return purify.isSupported ? purify : null;
}

/**
 * Article HTML through the strict sanitizer, as HTML. `view` is the window whose parser is used (default:
 * the global one). Without a usable window nothing can be checked, so nothing is returned: never unchecked HTML.
 */
export function sanitizeHtml(html: string, view?: WindowLike | null): string {
  if (html === '') return '';
  const purify = purifier(view);
  return purify === null ? '' : purify.sanitize(html, BASE);
}

/**
 * Article HTML through the same sanitizer, as nodes ready to insert into `doc` (the reader's shadow root's
 * document), parsed by that document's window. Empty when the document has no window to parse with.
 */
export function sanitizeFragment(html: string, doc: Document): DocumentFragment {
  const purify = purifier(doc.defaultView);
  if (html === '' || purify === null) return doc.createDocumentFragment();
  return purify.sanitize(html, FRAGMENT);
}
