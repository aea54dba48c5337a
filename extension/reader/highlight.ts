/**
 * The code highlighter, a chunk of its own (extension/content/code.ts; the reader harness bundles it): the
 * common grammars of highlight.js through lowlight, whose tree of tokens becomes spans made one by one. No HTML
 * string is ever parsed: the code is the page's text, and `<img onerror>` in it must stay text.
 *
 * Only a block that names its language is coloured (code.ts): highlight.js's guess (highlightAuto) mislabels
 * short snippets, and plain code says nothing wrong.
 */
import type { ElementContent, RootContent } from 'hast';
import { common, createLowlight } from 'lowlight';
import { createElementNSIn, createFragmentIn } from '../../src/dom/access.ts';
import { TOKENS } from './added.ts';
import codeCss from './code.css?inline';
import type { Highlighter } from './types.ts';

const XHTML_NS = 'http://www.w3.org/1999/xhtml';

const lowlight = createLowlight(common);

/**
 * Longer code shows plain: highlight.js runs over a block in one task, and 20,000 characters of Python or
 * JavaScript take it about 10 ms (Node, on the build machines) before the spans are made.
 */
const MAX_HIGHLIGHTED = 20_000;

/** The grammars' scope classes (`hljs-keyword`, `hljs-title function_`), the only words code.css styles. */
const TOKEN_CLASS = /^(?:hljs-[a-z_]{1,30}|[a-z]{1,30}_{1,3})$/;

function classesOf(node: { properties: Record<string, unknown> }): string {
  const names = node.properties.className;
  if (!Array.isArray(names)) return '';
  return names.filter((name): name is string => typeof name === 'string' && TOKEN_CLASS.test(name)).join(' ');
}

/** The tokens as our nodes: text as text, each scope a span with its classes. */
function appendTokens(
  doc: Document,
  parent: ParentNode,
  nodes: readonly (RootContent | ElementContent)[],
): void {
  for (const node of nodes) {
    if (node.type === 'text') parent.append(node.value);
    else if (node.type === 'element') {
      const span = createElementNSIn(doc, XHTML_NS, 'span');
      const classes = classesOf(node);
      if (classes !== '') span.className = classes;
      appendTokens(doc, span, node.children);
      parent.append(span);
    }
  }
}

/** Colours `code` (plain text, of our copy) as `language`; false, leaving it as it was, when it can't. */
function highlight(code: HTMLElement, language: string): boolean {
  const text = code.textContent ?? '';
  if (text.length > MAX_HIGHLIGHTED || !lowlight.registered(language)) return false;
  const doc = code.ownerDocument;
  const tokens = createFragmentIn(doc);
  try {
    appendTokens(doc, tokens, lowlight.highlight(language, text).children);
  } catch {
    return false;
  }
  // The tokens must spell the code exactly, or the person would read (and copy) another text.
  if (tokens.textContent !== text) return false;
  code.replaceChildren(tokens);
  code.setAttribute(TOKENS, '');
  return true;
}

export const highlighter: Highlighter = { highlight, css: codeCss };
