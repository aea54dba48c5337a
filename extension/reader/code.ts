/**
 * The article's code blocks as the reader shows them: a Copy code button on each, a tab stop and a name on one
 * that scrolls sideways (so a keyboard can scroll it), and its tokens coloured after the reader has shown, by the
 * highlighter (highlight.ts), loaded then and only for an article that has a block naming its language. The
 * nodes are the reader's own copy (src/clean/present.ts); what is added is marked (added.ts).
 */
import { createElementNSIn } from '../../src/dom/access.ts';
import { t } from '../shared/i18n.ts';
import { ADDED } from './added.ts';
import type { Highlighter } from './types.ts';

const XHTML_NS = 'http://www.w3.org/1999/xhtml';

/** The one class the copy walk writes on a `<pre>` or its `<code>` (src/clean/allowed.ts, CODE_CLASS). */
const LANGUAGE_CLASS = /(?:^|\s)language-([a-z0-9_+#.-]{1,30})(?:\s|$)/;

export interface CodeOptions {
  /** Puts a block's code on the clipboard; absent where nothing copies (no button then). */
  copy?: (text: string) => void;
  /** The highlighter, loaded on first need; absent where there is none (the code stays plain). */
  highlighter?: () => Promise<Highlighter>;
}

interface CodeBlock {
  pre: HTMLElement;
  /** What the highlighter colours: the `<pre>`'s one `<code>`, else the `<pre>` itself. */
  code: HTMLElement;
  language: string | null;
}

/**
 * A `<pre>` holding one `<code>` and nothing else but white space, or naming a language: code, not a poem or a
 * drawing in characters. A `<pre>` inside another is part of that one.
 */
function codeBlockOf(pre: HTMLElement): CodeBlock | null {
  if (pre.parentElement?.closest('pre')) return null;
  const only = pre.childElementCount === 1 ? pre.firstElementChild : null;
  const code =
    only?.localName === 'code' && (pre.textContent ?? '').trim() === (only.textContent ?? '').trim()
      ? (only as HTMLElement)
      : null;
  const language =
    LANGUAGE_CLASS.exec(code?.className ?? '')?.[1] ?? LANGUAGE_CLASS.exec(pre.className)?.[1] ?? null;
  if (code === null && language === null) return null;
  return { pre, code: code ?? pre, language };
}

/** Only plain text can be coloured: markup the page put in its code (a link, a mark) is kept as it is. */
const isPlainText = (el: Element): boolean => el.childElementCount === 0;

/** Wraps the block in a frame of the reader's that holds the Copy code button beside the `<pre>`. */
function addCopyButton(block: CodeBlock, copy: (text: string) => void): void {
  const doc = block.pre.ownerDocument;
  const frame = createElementNSIn(doc, XHTML_NS, 'div') as HTMLElement;
  frame.className = 'l-code';
  frame.setAttribute(ADDED, '');
  const button = createElementNSIn(doc, XHTML_NS, 'button') as HTMLButtonElement;
  button.type = 'button';
  button.className = 'l-code-copy';
  button.setAttribute(ADDED, '');
  // Its visible word is drawn by the stylesheet from data-label, so no text of the button is in the body a
  // selection copies.
  button.dataset.label = t('rowCopy');
  button.setAttribute('aria-label', t('copyCode'));
  button.title = t('copyCode');
  // The code as it reads, tokens or not (they spell the same text); nothing of the frame or the button.
  button.addEventListener('click', () => copy(block.code.textContent ?? ''));
  block.pre.replaceWith(frame);
  frame.append(block.pre, button);
}

/**
 * A `<pre>` that scrolls sideways is a tab stop, named, so a keyboard can reach and scroll it (WCAG 2.1.1; axe's
 * scrollable-region-focusable); one that fits is not, to keep Tab's path short.
 */
function markScrolling(pre: HTMLElement, language: string | null): void {
  const scrolls = pre.scrollWidth > pre.clientWidth + 1;
  if (scrolls === pre.hasAttribute('tabindex')) return;
  if (scrolls) {
    pre.tabIndex = 0;
    pre.setAttribute('role', 'group');
    pre.setAttribute('aria-label', language === null ? t('codeBlock') : t('codeBlockIn', language));
  } else {
    for (const name of ['tabindex', 'role', 'aria-label']) pre.removeAttribute(name);
  }
}

/** How long the browser may wait for an idle moment before the next block is coloured anyway. */
const IDLE_TIMEOUT_MS = 1000;

/**
 * Colours the blocks in reading order once the reader has shown, each in an idle moment of its own (a block is
 * at most 10–20 ms: highlight.ts), loading the highlighter first. Not as blocks near the screen: the
 * reader is laid out before its dialog shows, and Firefox's IntersectionObserver, having seen the scroll
 * container with no height then, never reported a block near it afterwards.
 */
function highlightWhenIdle(blocks: readonly CodeBlock[], load: () => Promise<Highlighter>): () => void {
  let stopped = false;
  let idle = 0;
  const colour = (highlighter: Highlighter, next: number) => {
    const block = blocks[next];
    if (stopped || block === undefined) return;
    if (block.code.isConnected && block.language !== null) highlighter.highlight(block.code, block.language);
    idle = requestIdleCallback(() => colour(highlighter, next + 1), { timeout: IDLE_TIMEOUT_MS });
  };
  idle = requestIdleCallback(
    () =>
      load().then(
        (highlighter) => colour(highlighter, 0),
        // The code stays plain: a chunk that failed to load leaves the reader as it was.
        () => undefined,
      ),
    { timeout: IDLE_TIMEOUT_MS },
  );
  return () => {
    stopped = true;
    cancelIdleCallback(idle);
  };
}

/**
 * Gives the code blocks of `content` (the body just put in) their button, tab stop and colours. Returns the
 * function that stops watching them.
 */
export function showCodeBlocks(content: HTMLElement, options: CodeOptions): () => void {
  // The body is our copy, its size capped by the copy walk: read as a static list.
  const pres = Array.from(content.querySelectorAll<HTMLElement>('pre'));
  if (pres.length === 0) return () => undefined;
  const blocks = pres.map(codeBlockOf).filter((block) => block !== null);
  const { copy, highlighter } = options;
  if (copy) for (const block of blocks) addCopyButton(block, copy);
  const languageOf = new Map(blocks.map((block) => [block.pre, block.language]));
  const resizes = new ResizeObserver((entries) => {
    for (const entry of entries) {
      const pre = entry.target as HTMLElement;
      markScrolling(pre, languageOf.get(pre) ?? null);
    }
  });
  for (const pre of pres) resizes.observe(pre);
  const colourable = blocks.filter((block) => block.language !== null && isPlainText(block.code));
  const stopHighlighting =
    highlighter && colourable.length > 0 ? highlightWhenIdle(colourable, highlighter) : () => undefined;
  return () => {
    resizes.disconnect();
    stopHighlighting();
  };
}
