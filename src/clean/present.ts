/**
 * The article's body as the reader inserts it. The copy walk built the body as nodes in an inert document
 * (index.ts); the reader takes a copy of those nodes, never a string it would parse again, so no
 * serialise→reparse step (where mutation XSS lives) sits between the copy and the person. DOMPurify guards the
 * places that do parse a string (the exporters); here an independent check holds the nodes to the same
 * allow-list (allowed.ts), so a hole in the copy walk still can't carry a script, a handler or a dangerous URL
 * into the overlay. DOMPurify would be a fifth of the script the reader command injects; this check is a few
 * dozen lines over the tables the sanitizer is configured from.
 *
 * Images: with images off there is no `<img>` in the copy at all, so nothing is requested (hiding them with CSS
 * would still fetch them). With images on, each loads lazily (only near the visible part of the article) and
 * sends no referrer. Both are set while the copy is still in the inert document: an `<img>` starts loading as
 * soon as it is created in a document with a browsing context, with whatever attributes it has then.
 */
import { createFragmentIn, importNodeInto } from '../dom/access.ts';
import {
  ALLOWED_TAGS,
  ALLOWED_URI,
  DATA_IMAGE,
  HTML_NS,
  isAllowedAttribute,
  URL_ATTRIBUTES,
} from './allowed.ts';
import { MATHML_NS } from './math.ts';

export interface PresentOptions {
  /** Show the article's images; false leaves them out, unrequested. */
  images: boolean;
}

/** An http(s) image (a `data:` one is held to its types by isAllowedAttribute). */
const IMAGE_SOURCE = /^https?:\/\//i;

function allowedUrl(el: Element, name: string, value: string): boolean {
  const url = value.trim();
  if (name === 'href') return ALLOWED_URI.test(url);
  return el.localName === 'img' && (IMAGE_SOURCE.test(url) || DATA_IMAGE.test(url));
}

/**
 * Keeps only what the allow-list lets through: other elements give way to their children, attributes go. An
 * image is made to load lazily and without a referrer.
 */
function enforce(el: Element): void {
  const namespace = el.namespaceURI;
  if ((namespace !== HTML_NS && namespace !== MATHML_NS) || !ALLOWED_TAGS.has(el.localName)) {
    el.replaceWith(...Array.from(el.childNodes));
    return;
  }
  for (const { name, value } of Array.from(el.attributes)) {
    const keep =
      isAllowedAttribute(el, name, value) && (!URL_ATTRIBUTES.has(name) || allowedUrl(el, name, value));
    if (!keep) el.removeAttribute(name);
  }
  if (el.localName === 'img') {
    el.setAttribute('loading', 'lazy');
    el.setAttribute('decoding', 'async');
    el.setAttribute('referrerpolicy', 'no-referrer');
  }
}

/** Bodies already checked and given their image attributes (each is checked once, however often shown). */
const prepared = new WeakSet<Element>();

/** Checks `body` against the allow-list, in place, once. */
function prepare(body: Element): void {
  if (prepared.has(body)) return;
  // Every element of our own copy: finite by construction (the copy walk is capped), read as a static list.
  for (const el of Array.from(body.querySelectorAll('*'))) enforce(el);
  prepared.add(body);
}

/**
 * The article's body for `doc`, the document of the shadow root the reader shows it in: `body` is the copy
 * walk's container, in its inert document (the Extracted's `body`, prepared in place: it is ours, and the
 * Article's `content` was written before). With images off, a copy without them is moved in instead.
 */
export function presentBody(body: Element, doc: Document, options: PresentOptions): DocumentFragment {
  prepare(body);
  const out = createFragmentIn(doc);
  if (options.images) {
    // Through the prototype: the page may have named an element `importNode`.
    out.append(...Array.from(importNodeInto(doc, body, true).childNodes));
  } else {
    const copy = body.cloneNode(true) as Element;
    for (const img of Array.from(copy.querySelectorAll('img'))) img.remove();
    // Appending adopts the nodes into `doc`; no <img> is left among them to start loading.
    out.append(...Array.from(copy.childNodes));
  }
  return out;
}
