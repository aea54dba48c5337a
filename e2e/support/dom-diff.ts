/**
 * Comparing and formatting article HTML. Both functions run INSIDE the page (pass them to page.evaluate), so
 * they parse with the browser's own HTML parser; they must not reference anything outside their bodies.
 */

/**
 * Tags put on their own line, with their block children indented, in a formatted expected.html. Cells are left
 * out so that a table row stays on one line.
 */
const BLOCK_TAGS = [
  'address',
  'article',
  'aside',
  'blockquote',
  'caption',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'tfoot',
  'thead',
  'tr',
  'ul',
];

/**
 * The first difference between two HTML fragments, as `path: what differs` (path like `section[0] > p[3] >
 * a[0]`, each index counting siblings with the same tag), or null when they match. Compared: tag names, every
 * attribute, and text with whitespace collapsed; whitespace-only text and comments are ignored, so the
 * one-block-per-line formatting of expected.html doesn't count.
 */
export function firstDifference(args: { actual: string; expected: string }): string | null {
  const parse = (html: string): DocumentFragment => {
    const template = document.createElement('template');
    template.innerHTML = html;
    return template.content;
  };
  const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
  const significant = (parent: Node): Node[] =>
    Array.from(parent.childNodes).filter(
      (node) =>
        node.nodeType === Node.ELEMENT_NODE ||
        (node.nodeType === Node.TEXT_NODE && squash(node.textContent ?? '')),
    );
  const nodeName = (node: Node | undefined): string => {
    if (!node) return 'nothing';
    if (node.nodeType === Node.TEXT_NODE) return `text "${squash(node.textContent ?? '').slice(0, 80)}"`;
    return `<${(node as Element).localName}>`;
  };
  const attributes = (element: Element) =>
    Array.from(element.attributes)
      .map((attribute) => `${attribute.name}="${attribute.value}"`)
      .sort()
      .join(' ');

  const walk = (actual: Node, expected: Node, path: string): string | null => {
    const a = significant(actual);
    const e = significant(expected);
    const seen = new Map<string, number>();
    for (let i = 0; i < Math.max(a.length, e.length); i++) {
      const x = a[i];
      const y = e[i];
      const named = y ?? x;
      const key = named?.nodeType === Node.ELEMENT_NODE ? (named as Element).localName : '#text';
      const index = seen.get(key) ?? 0;
      seen.set(key, index + 1);
      const here = `${path}${path ? ' > ' : ''}${key}[${index}]`;
      if (!x || !y || x.nodeType !== y.nodeType) {
        return `${here}: expected ${nodeName(y)}, got ${nodeName(x)}`;
      }
      if (y.nodeType === Node.TEXT_NODE) {
        const got = squash(x.textContent ?? '');
        const want = squash(y.textContent ?? '');
        if (got !== want) return `${here}: expected text "${want}", got "${got}"`;
        continue;
      }
      const ex = x as Element;
      const ey = y as Element;
      if (ex.localName !== ey.localName) return `${here}: expected ${nodeName(y)}, got ${nodeName(x)}`;
      if (attributes(ex) !== attributes(ey)) {
        return `${here}: expected attributes [${attributes(ey)}], got [${attributes(ex)}]`;
      }
      const inner = walk(ex, ey, here);
      if (inner) return inner;
    }
    return null;
  };
  return walk(parse(args.actual), parse(args.expected), '');
}

/**
 * Article HTML formatted for review: one block element per line, block children indented; an element holding
 * text or inline content stays whole on its line (so `pre` and inline markup are never reflowed).
 */
export function formatHtml(args: { html: string; blockTags: string[] }): string {
  const blocks = new Set(args.blockTags);
  const template = document.createElement('template');
  template.innerHTML = args.html;
  const lines: string[] = [];
  const isBlock = (node: Node) =>
    node.nodeType === Node.ELEMENT_NODE && blocks.has((node as Element).localName);
  const isBlank = (node: Node) =>
    node.nodeType === Node.COMMENT_NODE ||
    (node.nodeType === Node.TEXT_NODE && !/\S/.test(node.textContent ?? ''));
  const emit = (node: Node, depth: number) => {
    const pad = '  '.repeat(depth);
    if (node.nodeType !== Node.ELEMENT_NODE) {
      const text = (node.textContent ?? '').trim();
      if (text) lines.push(pad + text.replace(/&/g, '&amp;').replace(/</g, '&lt;'));
      return;
    }
    const element = node as Element;
    const children = Array.from(element.childNodes).filter((child) => !isBlank(child));
    const nests = element.localName !== 'pre' && children.length > 0 && children.every(isBlock);
    if (!nests) {
      lines.push(pad + element.outerHTML);
      return;
    }
    const shell = element.cloneNode(false) as Element;
    const [open, close] = shell.outerHTML.split(/(?=<\/[^>]+>$)/);
    lines.push(pad + open);
    for (const child of children) emit(child, depth + 1);
    lines.push(pad + (close ?? ''));
  };
  for (const child of Array.from(template.content.childNodes)) {
    if (!isBlank(child)) emit(child, 0);
  }
  return `${lines.join('\n')}\n`;
}

export const FORMAT_BLOCK_TAGS = BLOCK_TAGS;
