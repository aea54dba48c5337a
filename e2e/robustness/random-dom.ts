/**
 * Random pages for the fuzz spec, generated in Node with fast-check and serialised to HTML: block and inline
 * elements from the tags news pages use, text of real words, links, headings, lists, tables, nesting, hidden
 * elements (by style and by attribute), restyled runs, and the active content a sanitizer must remove
 * (handlers, script URLs, inline styles, scripts, frames, forms), and web components with an open shadow root
 * (declarative: `<template shadowrootmode="open">`). Set into a page with `setHTMLUnsafe` (which parses the
 * declarative shadow roots; scripts inserted that way never run).
 */
import fc from 'fast-check';

const WORDS = [
  'ferry',
  'harbour',
  'island',
  'council',
  'budget',
  'bridge',
  'winter',
  'petition',
  'residents',
  'service',
  'crossing',
  'evening',
  'weather',
  'captain',
  'ticket',
  'season',
  'morning',
  'village',
  'school',
  'market',
  'the',
  'and',
  'was',
  'will',
  'said',
  'after',
  'before',
  'during',
  'über',
  'café',
  'naïve',
  'rénové',
];

export type RandomNode =
  | { kind: 'text'; words: string[] }
  | {
      kind: 'element';
      tag: string;
      hide: Hide | null;
      look: string | null;
      danger: Danger | null;
      children: RandomNode[];
    };

type Hide = 'display' | 'visibility' | 'hidden' | 'aria' | 'opacity' | 'offscreen' | 'clip';
type Danger = 'onclick' | 'javascript' | 'vbscript' | 'data-html' | 'style' | 'srcdoc';

const BLOCKS = [
  'div',
  'p',
  'section',
  'article',
  'aside',
  'header',
  'blockquote',
  'h1',
  'h2',
  'h3',
  'pre',
  'figure',
];
const INLINES = ['span', 'a', 'em', 'strong', 'b', 'i', 'code', 'small', 'sub', 'mark'];
/** `x-card` is a web component: an open declarative shadow root, light children slotted into it. */
const STRUCTURES = ['ul', 'ol', 'table', 'dl', 'x-card'];
/** Never content, and what a sanitizer must keep out; their text is hidden from innerText or never rendered. */
const ACTIVE = ['script', 'style', 'iframe', 'form', 'object', 'noscript', 'template', 'button', 'textarea'];

const HIDES: Record<Hide, string> = {
  display: ' style="display:none"',
  visibility: ' style="visibility:hidden"',
  hidden: ' hidden',
  aria: ' aria-hidden="true"',
  opacity: ' style="opacity:0"',
  offscreen: ' style="position:absolute;left:-9999px"',
  clip: ' style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)"',
};

const LOOKS = [
  'font-size:12px',
  'font-size:28px',
  'color:#888',
  'font-weight:bold',
  'float:right;width:30%',
  'display:contents',
  'display:inline-block',
  'display:block',
  'text-transform:uppercase',
];
/** Empty elements: line breaks, rules, images. */
const LEAVES = ['br', 'hr', 'img'];

const DANGERS: Record<Danger, string> = {
  onclick: ' onclick="alert(1)" onmouseover="alert(2)"',
  javascript: ' href="javascript:alert(1)"',
  vbscript: ' href=" vbscript:msgbox(1)"',
  'data-html': ' href="data:text/html,<script>alert(1)</script>"',
  style: ' style="background:url(https://tracker.test/x.png)"',
  srcdoc: ' srcdoc="<script>alert(1)</script>"',
};

const text: fc.Arbitrary<RandomNode> = fc
  .array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 40 })
  .map((words) => ({ kind: 'text', words }));

const element = (tags: string[], children: fc.Arbitrary<RandomNode[]>): fc.Arbitrary<RandomNode> =>
  fc.record({
    kind: fc.constant('element' as const),
    tag: fc.constantFrom(...tags),
    // Mostly plain: a page is mostly visible, ordinary text.
    hide: fc.option(fc.constantFrom(...(Object.keys(HIDES) as Hide[])), { freq: 6, nil: null }),
    look: fc.option(fc.constantFrom(...LOOKS), { freq: 4, nil: null }),
    danger: fc.option(fc.constantFrom(...(Object.keys(DANGERS) as Danger[])), { freq: 8, nil: null }),
    children,
  });

/** A random page body: up to 8 top-level nodes, trees up to 6 levels deep. */
export const randomBody: fc.Arbitrary<RandomNode[]> = fc
  .letrec<{ node: RandomNode; nodes: RandomNode[] }>((tie) => ({
    node: fc.oneof(
      { maxDepth: 6, depthIdentifier: 'tree' },
      { arbitrary: text, weight: 4 },
      { arbitrary: element(BLOCKS, tie('nodes')), weight: 3 },
      { arbitrary: element(INLINES, tie('nodes')), weight: 3 },
      { arbitrary: element(STRUCTURES, tie('nodes')), weight: 1 },
      { arbitrary: element(ACTIVE, fc.array(text, { maxLength: 1 })), weight: 1 },
      { arbitrary: element(LEAVES, fc.constant([])), weight: 1 },
    ),
    nodes: fc.array(tie('node'), { maxLength: 5, depthIdentifier: 'tree' }),
  }))
  .nodes.map((nodes) => nodes.slice(0, 8));

/** HTML for the nodes. Text is padded with spaces, so words never join across element edges. */
export function toHtml(nodes: readonly RandomNode[]): string {
  return nodes.map(nodeHtml).join('');
}

function nodeHtml(node: RandomNode): string {
  if (node.kind === 'text') return ` ${node.words.join(' ')} `;
  const { tag, hide, look, danger } = node;
  let attrs = hide === null ? '' : HIDES[hide];
  if (look !== null && !attrs.includes('style=')) attrs += ` style="${look}"`;
  if (danger !== null && !(danger === 'style' && attrs.includes('style='))) attrs += DANGERS[danger];
  if (tag === 'a' && !attrs.includes('href=')) attrs += ` href="/story/${node.children.length}"`;
  const inner = structure(tag, node.children);
  if (tag === 'iframe') return `<iframe${attrs}></iframe>`;
  if (tag === 'img')
    return `<img${attrs} src="/photo.jpg" alt="photo caption words" width="400" height="300">`;
  if (tag === 'br' || tag === 'hr') return `<${tag}${attrs}>`;
  return `<${tag}${attrs}>${inner}</${tag}>`;
}

/** Lists hold items, tables rows of cells, definition lists terms and definitions: each child in its own. */
function structure(tag: string, children: readonly RandomNode[]): string {
  switch (tag) {
    case 'ul':
    case 'ol':
      return children.map((c) => `<li>${nodeHtml(c)}</li>`).join('');
    case 'table':
      return `<tbody>${children.map((c, i) => `<tr><td>${nodeHtml(c)}</td><td> row ${'x'.repeat(i + 1)} </td></tr>`).join('')}</tbody>`;
    case 'dl':
      return children.map((c) => `<dt> term </dt><dd>${nodeHtml(c)}</dd>`).join('');
    case 'x-card': {
      // Odd children render inside the shadow tree, even ones are light DOM shown where the slot is.
      const shadow = children.filter((_, i) => i % 2 === 1);
      const light = children.filter((_, i) => i % 2 === 0);
      return `<template shadowrootmode="open"> ${toHtml(shadow.slice(0, 1))} <slot> fallback </slot> ${toHtml(shadow.slice(1))} </template>${toHtml(light)}`;
    }
    default:
      return toHtml(children);
  }
}

/** Lower-cased word tokens (letters and digits), as the bench tokenises. */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * Whether the words of `needle` occur in `haystack` in order (not necessarily contiguous); else which word is
 * missing. A haystack word may hold several needle words in a row, or one after a word the reader left out:
 * Chromium's innerText joins the words on both sides of an empty `visibility:hidden` block
 * (" ferry <div style="visibility:hidden"></div> ferry " reads "ferryferry"), which the reader rightly shows
 * as two words (found by the fuzz spec, seeds 20261123 and 2).
 */
export function missingFromSubsequence(
  needle: readonly string[],
  haystack: readonly string[],
): string | null {
  let at = 0;
  let rest = haystack[0] ?? '';
  for (let i = 0; i < needle.length; i++) {
    const word = needle[i] as string;
    let found = rest.indexOf(word);
    while (found < 0) {
      if (++at >= haystack.length) {
        return `word ${i} "${word}" (${needle.slice(Math.max(0, i - 5), i + 1).join(' ')})`;
      }
      rest = haystack[at] as string;
      found = rest.indexOf(word);
    }
    rest = rest.slice(found + word.length);
  }
  return null;
}
