import type { Config, DOMPurify, UponSanitizeAttributeHookEvent, WindowLike } from 'dompurify';
import { createFragmentIn, createHtmlDocument, defaultViewOf, implementationOf } from '../dom/access.ts';
import {
  ALL_ATTRIBUTES,
  ALLOWED_TAGS,
  ALLOWED_URI,
  HTML_NS,
  isAllowedAttribute,
  URL_ATTRIBUTES,
} from './allowed.ts';
import { MATHML_NS } from './math.ts';
import { createDOMPurify } from './purify.ts';

/**
 * The last step before article HTML *as a string* reaches a person: in the exporters (the copies, a saved
 * file), and wherever an Article's `content` is shown without the nodes the copy built (the reader's harness,
 * outside tools). The reader in the extension inserts those nodes themselves, after present.ts's check against
 * the same allow-list: no string is parsed on that path at all. DOMPurify (cure53, the maintained sanitizer
 * the browsers' own Sanitizer API was modelled on) is configured to the allow-list the copy walk applies
 * (allowed.ts), so a hole in our hand-written walk still can't carry a script, a
 * handler, a dangerous URL, an embed, a form, SVG or CSS to the clipboard or a saved file.
 *
 * Where it parses: DOMPurify parses strings with the DOMParser of the window it was made for, an inert
 * document (nothing loads or runs). `sanitizeHtml` serialises its result, which the consumer parses again;
 * `sanitizeFragment` returns the sanitized nodes themselves, so what is inserted is exactly the tree
 * DOMPurify checked: no serialise→reparse step, where mutation XSS lives.
 *
 * The page may clobber its document (`<img name="createElement">`, `name="implementation"`): DOMPurify reads
 * `document.createElement`, `.implementation`, `.importNode`, `.createNodeIterator`… of the window it is given,
 * once when made and again in every sanitize. So it is never given the page's document: each instance gets a
 * window-like object whose document is a new, empty one of our own, and whose constructors (DOMParser,
 * Element, Node…) are the window's own properties, which named elements can't shadow. It is made at the first
 * sanitize, not at load (purify.ts keeps DOMPurify's own load-time instance from touching the page).
 */

const BASE: Config = {
  ALLOWED_TAGS: [...ALLOWED_TAGS],
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
  if (!isAllowedAttribute(node, event.attrName, event.attrValue)) event.keepAttr = false;
}

// One instance per window (the page's, a frame's): DOMPurify parses with the DOMParser of its window.
const instances = new WeakMap<object, DOMPurify>();

function purifier(view: WindowLike | null | undefined): DOMPurify | null {
  const target = view ?? (typeof window === 'undefined' ? null : window);
  if (!target) return null;
  let purify = instances.get(target);
  if (purify === undefined) {
    const clean = cleanWindow(target);
    if (clean === null) return null;
    purify = createDOMPurify(clean);
    purify.addHook('uponSanitizeAttribute', perElement);
    instances.set(target, purify);
  }
  return purify.isSupported ? purify : null;
}

/**
 * What DOMPurify 3.4.18 reads of a window (`createDOMPurify` and `sanitize`): its `document`, once, and the
 * constructors `Element`, `Node`, `NodeFilter`, `HTMLTemplateElement`, `DOMParser` (and `trustedTypes`, left
 * out: no policy, see BASE). The type also names `DocumentFragment`, `NamedNodeMap` and `HTMLFormElement`,
 * which older versions read; they are given too. The document is an empty HTML document made for the purpose
 * (no page markup names anything in it); the constructors are the window's own properties. Null where no
 * document can be made (the instance would not be supported anyway).
 */
function cleanWindow(view: WindowLike): WindowLike | null {
  // A window's `document` is unforgeable (no named element replaces it); a window-like object's is its own.
  const source = view.document;
  if (!source) return null;
  let document: Document;
  try {
    document = createHtmlDocument(implementationOf(source), '');
  } catch {
    return null;
  }
  return {
    document,
    DocumentFragment: view.DocumentFragment,
    HTMLTemplateElement: view.HTMLTemplateElement,
    Node: view.Node,
    Element: view.Element,
    NodeFilter: view.NodeFilter,
    NamedNodeMap: view.NamedNodeMap,
    HTMLFormElement: view.HTMLFormElement,
    DOMParser: view.DOMParser,
  };
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
 *
 * The nodes stay in the inert document DOMPurify parsed them into until they are inserted (which adopts them):
 * imported or adopted into `doc` here, a page document with a browsing context, every `<img>` among them
 * would start loading (HTML: being adopted is one of an `img` element's "relevant mutations"), and the
 * exporters read these nodes without ever showing them.
 */
export function sanitizeFragment(html: string, doc: Document): DocumentFragment {
  // The document's window through the prototype: `<img name="defaultView">` names an element there.
  const purify = purifier(defaultViewOf(doc));
  if (html === '' || purify === null) return createFragmentIn(doc);
  return purify.sanitize(html, FRAGMENT);
}
