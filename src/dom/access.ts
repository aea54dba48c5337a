/**
 * Reading the page's DOM where the page cannot redirect the read (DOM clobbering).
 *
 * A page shadows node properties with markup alone, in its main world and in a content script's isolated
 * world alike: a form's named controls (and its `img` descendants, by `name` or `id`) win over every
 * property of the form, prototype ones included (HTML's `[LegacyOverrideBuiltIns]`), so inside
 * `<form><input name="parentNode">…</form>` `form.parentNode` is the input, and `form.localName`,
 * `form.getAttribute`, `form.nextSibling`… can each be a control. A document is shadowed the same way by named
 * `img`, `form`, `embed`, `object` and `iframe` elements: `<img name="URL">` makes `document.URL` an element,
 * `name="body"` hides the body, `name="createElement"` makes the method an element. Walks that read such
 * properties directly loop (`parentNode` pointing back down), skip the rest of the page (`nextSibling`) or
 * throw (a method that is an element); every ASP.NET WebForms page puts its whole body in one such form.
 *
 * So the extractor reads the live page only through the functions below: each getter and method is taken
 * once, at module load, from the prototype that defines it (`Node.prototype`, `Element.prototype`,
 * `Document.prototype`…), where no named property can reach, and called with the node as `this` through
 * `Function.prototype.call` bound once, so a page that later replaces `Function.prototype.call` in its main
 * world cannot redirect these calls either. Any element may be a form (the walk can't know without reading
 * `localName`, itself shadowable), so every read of a page node goes through here, not only reads of forms.
 * What we create ourselves (the inert copy document, DOMPurify's output) holds no page ids or names and is
 * read directly; so are a window's own properties (`getComputedStyle`, `frameElement`, `document`, the
 * interface objects): a window's named elements sit on its prototype chain, behind its own properties.
 *
 * Without a DOM (the Vitest tier imports modules that import this one) nothing is there to take: the
 * functions are still defined and throw a TypeError only if called.
 */

const call = Function.prototype.call;

/** `fn.call(self, ...args)`, with `call` taken now: later changes to Function.prototype.call don't reach it. */
function uncurry<T, A extends unknown[], R>(fn: (this: T, ...args: A) => R): (self: T, ...args: A) => R {
  return call.bind(fn) as unknown as (self: T, ...args: A) => R;
}

/** The prototype of a global interface (`Node`, `Element`…), or undefined where it doesn't exist (Node.js). */
function prototypeOf(name: string): object | undefined {
  // Interface objects are own properties of the global, which no named element can shadow.
  const ctor = (globalThis as Record<string, unknown>)[name];
  return typeof ctor === 'function' ? (ctor.prototype as object) : undefined;
}

function unavailable(name: string): () => never {
  return () => {
    throw new TypeError(`${name}: no DOM in this environment`);
  };
}

function getter<T, R>(proto: object | undefined, name: string): (self: T) => R {
  const get = proto === undefined ? undefined : Object.getOwnPropertyDescriptor(proto, name)?.get;
  return get === undefined ? unavailable(name) : uncurry(get as (this: T) => R);
}

function setter<T, V>(proto: object | undefined, name: string): (self: T, value: V) => void {
  const set = proto === undefined ? undefined : Object.getOwnPropertyDescriptor(proto, name)?.set;
  return set === undefined ? unavailable(name) : uncurry(set as (this: T, value: V) => void);
}

function method<T, A extends unknown[], R>(
  proto: object | undefined,
  name: string,
): (self: T, ...args: A) => R {
  const value: unknown =
    proto === undefined ? undefined : Object.getOwnPropertyDescriptor(proto, name)?.value;
  return typeof value === 'function' ? uncurry(value as (this: T, ...args: A) => R) : unavailable(name);
}

const NODE = prototypeOf('Node');
const ELEMENT = prototypeOf('Element');
const CHARACTER_DATA = prototypeOf('CharacterData');
const TEXT = prototypeOf('Text');
const DOCUMENT = prototypeOf('Document');
const SHADOW_ROOT = prototypeOf('ShadowRoot');
const DOM_IMPLEMENTATION = prototypeOf('DOMImplementation');
const IFRAME = prototypeOf('HTMLIFrameElement');
const FRAME = prototypeOf('HTMLFrameElement');
const SLOT = prototypeOf('HTMLSlotElement');
const FONT_FACE_SET = prototypeOf('FontFaceSet') ?? fontSetPrototype();

/**
 * FontFaceSet's prototype where it is no global (Chromium 150 has none): that of this document's `fonts`, read
 * through Document's own getter.
 */
function fontSetPrototype(): object | undefined {
  const get = DOCUMENT === undefined ? undefined : Object.getOwnPropertyDescriptor(DOCUMENT, 'fonts')?.get;
  if (get === undefined || typeof document === 'undefined') return undefined;
  return Object.getPrototypeOf(get.call(document)) as object;
}

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const DOCUMENT_NODE = 9;
const HTML_NS = 'http://www.w3.org/1999/xhtml';

// ── Node ─────────────────────────────────────────────────────────────────────────────────────────────────

export const nodeTypeOf: (node: Node) => number = getter(NODE, 'nodeType');
export const parentOf: (node: Node) => ParentNode | null = getter(NODE, 'parentNode');
export const parentElementOf: (node: Node) => Element | null = getter(NODE, 'parentElement');
export const firstChildOf: (node: Node) => ChildNode | null = getter(NODE, 'firstChild');
export const nextSiblingOf: (node: Node) => ChildNode | null = getter(NODE, 'nextSibling');
export const childNodesOf: (node: Node) => NodeListOf<ChildNode> = getter(NODE, 'childNodes');
export const ownerDocumentOf: (node: Node) => Document | null = getter(NODE, 'ownerDocument');
/** `textContent`: every text under an element, hidden text included; null for a document. */
export const textContentOf: (node: Node) => string | null = getter(NODE, 'textContent');
/** The node's base URL (a document's `<base href>`, else its URL). */
export const baseUriOf: (node: Node) => string = getter(NODE, 'baseURI');
/** `ancestor.contains(node)`: inclusive, and stops at shadow-root and frame edges (dom/flat.ts goes past). */
export const containsNode: (ancestor: Node, node: Node | null) => boolean = method(NODE, 'contains');
export const rootNodeOf: (node: Node) => Node = method(NODE, 'getRootNode');
/** Whether the node is in a document (or a shadow tree that is). */
export const isConnectedOf: (node: Node) => boolean = getter(NODE, 'isConnected');
export const documentPosition: (node: Node, other: Node) => number = method(NODE, 'compareDocumentPosition');

// ── Element ──────────────────────────────────────────────────────────────────────────────────────────────

export const localNameOf: (el: Element) => string = getter(ELEMENT, 'localName');
export const namespaceOf: (el: Element) => string | null = getter(ELEMENT, 'namespaceURI');
export const attributeOf: (el: Element, name: string) => string | null = method(ELEMENT, 'getAttribute');
export const hasAttribute: (el: Element, name: string) => boolean = method(ELEMENT, 'hasAttribute');
/** The element's first class name, '' for none: what kind of box it is (a record's, a page builder's widget's). */
export function firstClassOf(el: Element): string {
  return (attributeOf(el, 'class') ?? '').trim().split(/\s+/, 1)[0] ?? '';
}
/** The element's tag and first class ("div.section"): boxes of one kind share it (records, sections, a post's boxes). */
export function boxShapeOf(el: Element): string {
  return `${localNameOf(el)}.${firstClassOf(el)}`;
}
/** Whether the element has any attribute at all (most elements of a page have none). */
export const hasAttributes: (el: Element) => boolean = method(ELEMENT, 'hasAttributes');
export const attributesOf: (el: Element) => NamedNodeMap = getter(ELEMENT, 'attributes');
export const shadowRootOf: (el: Element) => ShadowRoot | null = getter(ELEMENT, 'shadowRoot');
export const firstElementChildOf: (el: Element) => Element | null = getter(ELEMENT, 'firstElementChild');
export const nextElementSiblingOf: (el: Element) => Element | null = getter(ELEMENT, 'nextElementSibling');
export const previousElementSiblingOf: (el: Element) => Element | null = getter(
  ELEMENT,
  'previousElementSibling',
);
export const closestOf: (el: Element, selectors: string) => Element | null = method(ELEMENT, 'closest');
/** `el.matches(selectors)`: throws a SyntaxError for selectors the browser doesn't know. */
export const matchesOf: (el: Element, selectors: string) => boolean = method(ELEMENT, 'matches');
export const boundingRectOf: (el: Element) => DOMRect = method(ELEMENT, 'getBoundingClientRect');
export const scrollWidthOf: (el: Element) => number = getter(ELEMENT, 'scrollWidth');
export const elementsByTagNameNS: (el: Element, ns: string, name: string) => HTMLCollectionOf<Element> =
  method(ELEMENT, 'getElementsByTagNameNS');

const elementSlot: (el: Element) => HTMLSlotElement | null = getter(ELEMENT, 'assignedSlot');
const textSlot: (text: Text) => HTMLSlotElement | null = getter(TEXT, 'assignedSlot');

/** The slot an element or text node is assigned to (in its parent's shadow tree), else null. */
export function assignedSlotOf(node: Node): HTMLSlotElement | null {
  const type = nodeTypeOf(node);
  if (type === ELEMENT_NODE) return elementSlot(node as Element);
  return type === TEXT_NODE ? textSlot(node as Text) : null;
}

// ── Character data ───────────────────────────────────────────────────────────────────────────────────────

/** A text node's (or comment's, CDATA section's) characters. */
export const dataOf: (node: CharacterData) => string = getter(CHARACTER_DATA, 'data');

// ── Elements and documents alike (the methods are defined on each prototype apart) ─────────────────────

const elementQuery: (el: Element, selectors: string) => Element | null = method(ELEMENT, 'querySelector');
const documentQuery: (doc: Document, selectors: string) => Element | null = method(DOCUMENT, 'querySelector');
const elementQueryAll: (el: Element, selectors: string) => NodeListOf<Element> = method(
  ELEMENT,
  'querySelectorAll',
);
const documentQueryAll: (doc: Document, selectors: string) => NodeListOf<Element> = method(
  DOCUMENT,
  'querySelectorAll',
);
const elementTagged: (el: Element, name: string) => HTMLCollectionOf<Element> = method(
  ELEMENT,
  'getElementsByTagName',
);
const documentTagged: (doc: Document, name: string) => HTMLCollectionOf<Element> = method(
  DOCUMENT,
  'getElementsByTagName',
);

export function querySelectorIn(root: Element | Document, selectors: string): Element | null {
  return nodeTypeOf(root) === DOCUMENT_NODE
    ? documentQuery(root as Document, selectors)
    : elementQuery(root as Element, selectors);
}

export function querySelectorAllIn(root: Element | Document, selectors: string): NodeListOf<Element> {
  return nodeTypeOf(root) === DOCUMENT_NODE
    ? documentQueryAll(root as Document, selectors)
    : elementQueryAll(root as Element, selectors);
}

export function elementsByTagName(root: Element | Document, name: string): HTMLCollectionOf<Element> {
  return nodeTypeOf(root) === DOCUMENT_NODE
    ? documentTagged(root as Document, name)
    : elementTagged(root as Element, name);
}

// ── Document ─────────────────────────────────────────────────────────────────────────────────────────────

export const urlOf: (doc: Document) => string = getter(DOCUMENT, 'URL');
/** `document.title`: the `<title>` text, whitespace collapsed. */
export const titleOf: (doc: Document) => string = getter(DOCUMENT, 'title');
/** The `<body>` (or `<frameset>`), or null. */
export const bodyOf: (doc: Document) => HTMLElement | null = getter(DOCUMENT, 'body');
export const documentElementOf: (doc: Document) => HTMLElement | null = getter(DOCUMENT, 'documentElement');
/** The document's window, null for one without a browsing context (DOMParser, createHTMLDocument). */
export const defaultViewOf: (doc: Document) => (Window & typeof globalThis) | null = getter(
  DOCUMENT,
  'defaultView',
);
export const contentTypeOf: (doc: Document) => string = getter(DOCUMENT, 'contentType');
export const implementationOf: (doc: Document) => DOMImplementation = getter(DOCUMENT, 'implementation');
export const createElementIn: (doc: Document, tag: string) => HTMLElement = method(DOCUMENT, 'createElement');
export const createElementNSIn: (doc: Document, namespace: string, tag: string) => Element = method(
  DOCUMENT,
  'createElementNS',
);
export const createRangeIn: (doc: Document) => Range = method(DOCUMENT, 'createRange');
export const createTreeWalkerIn: (doc: Document, root: Node, whatToShow?: number) => TreeWalker = method(
  DOCUMENT,
  'createTreeWalker',
);
/** The document's selection (Firefox's reaches into shadow trees; Chromium gives a shadow root its own). */
export const selectionOf: (doc: Document) => Selection | null = method(DOCUMENT, 'getSelection');
/** The focused element of the document (of a shadow root: `activeElement` is its own there), or null. */
export const activeElementOf: (doc: Document) => Element | null = getter(DOCUMENT, 'activeElement');
export const adoptedSheetsOf: (doc: Document) => readonly CSSStyleSheet[] = getter(
  DOCUMENT,
  'adoptedStyleSheets',
);
export const setAdoptedSheets: (doc: Document, sheets: readonly CSSStyleSheet[]) => void = setter(
  DOCUMENT,
  'adoptedStyleSheets',
);
/** The document's font faces: its `@font-face` rules' and those its scripts added (FontFace objects). */
export const fontsOf: (doc: Document) => FontFaceSet = getter(DOCUMENT, 'fonts');
/** How many faces the set holds: the page's `@font-face` rules and the FontFaces it added. */
export const fontCountOf: (fonts: FontFaceSet) => number = getter(FONT_FACE_SET, 'size');
/** Each face of the set in turn: in Firefox's content scripts, the set's own iterator is not iterable. */
export const forEachFont: (fonts: FontFaceSet, each: (font: FontFace) => void) => void = method(
  FONT_FACE_SET,
  'forEach',
);
/** Adds a FontFace the reader made to the document's faces (its shadow root draws with the document's). */
export const addFont: (fonts: FontFaceSet, font: FontFace) => FontFaceSet = method(FONT_FACE_SET, 'add');
export const deleteFont: (fonts: FontFaceSet, font: FontFace) => boolean = method(FONT_FACE_SET, 'delete');
export const createFragmentIn: (doc: Document) => DocumentFragment = method(
  DOCUMENT,
  'createDocumentFragment',
);
/** A copy of `node` made for `doc` (the reader's nodes, for the page document its shadow root lives in). */
export const importNodeInto: <T extends Node>(doc: Document, node: T, deep: boolean) => T = method(
  DOCUMENT,
  'importNode',
);

/**
 * The document's fullscreen element, null when none is. An element inside a shadow tree is retargeted to the
 * tree's host in the document.
 */
export const fullscreenElementOf: (doc: Document) => Element | null = getter(DOCUMENT, 'fullscreenElement');
/** Leaves fullscreen; the promise settles once the browser has (it needs no user activation). */
export const exitFullscreenIn: (doc: Document) => Promise<void> = method(DOCUMENT, 'exitFullscreen');
/**
 * The topmost element under a point of the viewport that hit testing reaches: one in a shadow tree is retargeted
 * to the tree's host, and inert elements (the page under a modal dialog) and `pointer-events: none` are passed
 * through.
 */
export const elementFromPointIn: (doc: Document, x: number, y: number) => Element | null = method(
  DOCUMENT,
  'elementFromPoint',
);

/** A new, empty HTML document without a browsing context: nothing in it loads or runs, and no page names it. */
export const createHtmlDocument: (implementation: DOMImplementation, title: string) => Document = method(
  DOM_IMPLEMENTATION,
  'createHTMLDocument',
);

// ── Shadow roots, frames, slots ──────────────────────────────────────────────────────────────────────────

const shadowHost: (root: ShadowRoot) => Element = getter(SHADOW_ROOT, 'host');

/** The host of a shadow root; null for any other document fragment (its `host` getter does not apply). */
export function hostOf(fragment: DocumentFragment): Element | null {
  try {
    return shadowHost(fragment as ShadowRoot);
  } catch {
    return null;
  }
}

const iframeDocument: (frame: HTMLIFrameElement) => Document | null = getter(IFRAME, 'contentDocument');
const frameDocument: (frame: HTMLFrameElement) => Document | null = getter(FRAME, 'contentDocument');

/**
 * The document of an HTML `<iframe>` or `<frame>`, null when it is cross-origin or not loaded, or when the
 * element is no HTML frame (an `iframe` in another namespace).
 */
export function frameDocumentOf(el: Element): Document | null {
  if (namespaceOf(el) !== HTML_NS) return null;
  const tag = localNameOf(el);
  if (tag === 'iframe') return iframeDocument(el as HTMLIFrameElement);
  return tag === 'frame' ? frameDocument(el as HTMLFrameElement) : null;
}

const slotNodes: (slot: HTMLSlotElement) => Node[] = method(SLOT, 'assignedNodes');

/** The nodes assigned to an HTML `<slot>`; empty for a slot outside a shadow tree, or one nothing is assigned to. */
export function assignedNodesOf(slot: Element): Node[] {
  return namespaceOf(slot) === HTML_NS ? slotNodes(slot as HTMLSlotElement) : [];
}
