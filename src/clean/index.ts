import {
  contentTypeOf,
  createElementIn,
  createHtmlDocument,
  implementationOf,
  ownerDocumentOf,
} from '../dom/access.ts';
import { copyContent } from './copy.ts';
import { plainText } from './plain.ts';
import { tidy } from './tidy.ts';

/**
 * Builds the clean article: copies the structure of the chosen part of the page,
 * never the page itself, into an inert document, then serialises it.
 */

export interface BuildInput {
  /** Subtree to copy from (common ancestor of the chosen segments, or the articleBody element). */
  root: Element;
  /** When non-null: only these text nodes are article text; null: every visible text node under root. */
  keep: ReadonlySet<Text> | null;
  /** The visibility stage's verdict (computed style, cached); hidden subtrees are skipped entirely. */
  isHidden: (el: Element) => boolean;
  /** Boxes inside `<pre>` the page lays out as lines (segments/ Walk.lines): each ends a line of the copy. */
  lines?: ReadonlySet<Element>;
  /** For absolute href/src. */
  baseUrl: string;
  /** The most page nodes the copy may read (see CopyInput). */
  maxNodes: number;
  /** A leading heading (h1/h2) whose text matches the title is dropped: the reader shows the title itself. */
  title?: string;
  /**
   * Page elements holding chosen text whose copy opens with a paragraph of ours in bold: a thread's accepted
   * answer, which a Q&A page marks with an icon the copy can't carry (choose/records.ts).
   */
  labels?: ReadonlyMap<Element, string>;
}

export interface BuiltContent {
  html: string;
  /** The body's words, a blank line between blocks (plain.ts): what the floors and the word count measure. */
  text: string;
  /** Absolute src of the kept images, in order. */
  images: string[];
  /** The copy itself: `html` as nodes of an inert document, for a caller that inserts them (present.ts). */
  body: Element | null;
  /** The page element each block of `body` was copied from (Extracted.sources). */
  sources: WeakMap<Element, Element>;
}

const empty = (): BuiltContent => ({ html: '', text: '', images: [], body: null, sources: new WeakMap() });

export function buildContent(input: BuildInput): BuiltContent {
  try {
    const doc = inertDocument(input.root);
    if (doc === null) return empty();
    const { container, automatic, sources } = copyContent(input, doc);
    tidy(container, automatic, input.title);
    const images: string[] = [];
    for (const img of Array.from(container.getElementsByTagName('img'))) {
      const src = img.getAttribute('src');
      if (src) images.push(src);
    }
    // DOMPurify runs where the HTML reaches a person as a string (the copies, a saved file), not here: in a
    // fresh tab every extraction would pay milliseconds for it, and a string is only dangerous once something
    // parses it live.
    return { html: container.innerHTML, text: plainText(container), images, body: container, sources };
  } catch {
    // Odd input (a node from a torn-down frame, a document without an implementation) costs the article, not the page.
    return empty();
  }
}

/**
 * A document with no browsing context: nothing created in it loads (images, fonts) or runs (handlers). A
 * `<template>`'s content lives in such a document, which the page's document makes once and keeps (HTML's
 * "appropriate template contents owner document"), so each extraction does not build a document of its own
 * (createHTMLDocument is a noticeable part of an extraction in V8's baseline tier). Made from the root's own
 * document so it works in frames and in documents of other realms; where that document is not an HTML one
 * (an XHTML or XML page), a new HTML document. The page's document is read through dom/access.ts
 * (`<img name="createElement">` names an element there). The inert one has no tree of its own (template
 * contents live in fragments), and even a page that gives it one can't name its methods (Chromium 156: a
 * document without a browsing context exposes no named elements), so the copy writes into it directly.
 */
function inertDocument(root: Element): Document | null {
  const owner = ownerDocumentOf(root) ?? (typeof document === 'undefined' ? null : document);
  if (owner === null) return null;
  try {
    const inert = (createElementIn(owner, 'template') as Partial<HTMLTemplateElement>).content?.ownerDocument;
    // An XHTML page's template document is an XML one: its elements would have no namespace and
    // serialise as XML.
    if (inert && inert !== owner && contentTypeOf(inert) === 'text/html') return inert;
  } catch {
    // fall through to a document of its own
  }
  try {
    return createHtmlDocument(implementationOf(owner), '');
  } catch {
    return typeof document === 'undefined' ? null : createHtmlDocument(implementationOf(document), '');
  }
}
