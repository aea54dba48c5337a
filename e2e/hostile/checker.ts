/**
 * What must never reach the reader: the checker runs INSIDE the page, so it must not reference anything
 * outside its body. It reads either the overlay's live article (pass it to `overlay.evaluate` of
 * e2e/support/overlay.ts, which calls it with the overlay's closed shadow root) or an HTML string parsed into an
 * inert <template> (pass it to `page.evaluate` with `{ html }`), and returns one line per problem.
 */

export interface CheckTarget {
  /** HTML to check. */
  html: string;
}

/** `target`: the overlay's shadow root (its live article is checked, as rendered), or HTML to parse. */
export function forbiddenIn(target: ParentNode | CheckTarget): string[] {
  // Tags that run code, load documents, submit, or restyle the page, and their relatives.
  const tags = new Set([
    'script',
    'iframe',
    'frame',
    'frameset',
    'object',
    'embed',
    'applet',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'option',
    'style',
    'link',
    'meta',
    'base',
    'template',
    'noscript',
    'svg',
    'foreignobject',
    'animate',
    'set',
    'use',
    'portal',
    'video',
    'audio',
    'source',
    'track',
    'canvas',
    'dialog',
    'annotation-xml',
    'maction',
  ]);
  // Attributes that run code, hold a document, submit, restyle, or name a node (DOM clobbering).
  const attributes = new Set([
    'srcdoc',
    'style',
    'formaction',
    'action',
    'srcset',
    'background',
    'poster',
    'ping',
    'xlink:href',
    'xmlns:xlink',
    'id',
    'name',
    'autofocus',
    'tabindex',
    'is',
    'attributename',
    'values',
    'data',
  ]);
  const urlAttributes = new Set([
    'href',
    'src',
    'action',
    'formaction',
    'xlink:href',
    'data',
    'poster',
    'background',
    'cite',
  ]);
  // WHATWG URL parsing strips ASCII tab/newline anywhere and C0 controls/space at the ends.
  const squash = (value: string) => value.replace(/[^!-~\u00a1-\uffff]/g, '').toLowerCase();
  const dangerousUrl = (value: string) =>
    /^(javascript|vbscript|data:text\/html|data:(?!image\/))/.test(squash(value));
  const safeUrl = (value: string) =>
    /^(https?:|mailto:|#|data:image\/(png|jpe?g|gif|webp|avif|svg\+xml)[;,])/.test(squash(value));

  // A shadow root has no `html`; an object from the test, given through page.evaluate, has nothing else.
  const html = 'html' in target ? (target as CheckTarget).html : null;
  const live = html === null;
  let root: ParentNode;
  if (html === null) {
    const content = (target as ParentNode).querySelector('.l-content');
    if (!content) return ['no article in the overlay'];
    root = content;
  } else {
    const template = document.createElement('template');
    template.innerHTML = html;
    root = template.content;
  }
  const problems: string[] = [];
  for (const el of Array.from(root.querySelectorAll('*'))) {
    const tag = el.localName.toLowerCase();
    const where = `<${tag}>`;
    if (tags.has(tag)) problems.push(`forbidden element ${where}`);
    if (el.namespaceURI === 'http://www.w3.org/2000/svg') problems.push(`SVG element ${where}`);
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      if (name.startsWith('on')) problems.push(`handler ${name} on ${where}`);
      if (attributes.has(name)) problems.push(`forbidden attribute ${name} on ${where}`);
      if (name.startsWith('data-')) problems.push(`data attribute ${name} on ${where}`);
      if (dangerousUrl(attr.value))
        problems.push(`dangerous URL in ${name} on ${where}: ${attr.value.slice(0, 60)}`);
      else if (urlAttributes.has(name) && !safeUrl(attr.value)) {
        problems.push(`unexpected URL in ${name} on ${where}: ${attr.value.slice(0, 60)}`);
      }
      if (/url\s*\(|expression\s*\(|@import/i.test(attr.value)) problems.push(`CSS in ${name} on ${where}`);
    }
    if (live) {
      // What a person would see: nothing in the article leaves the article's box or paints a fetched image.
      const style = getComputedStyle(el);
      if (style.position !== 'static' && style.position !== 'relative') {
        problems.push(`${where} is position: ${style.position}`);
      }
      if (/url\(/.test(style.backgroundImage))
        problems.push(`${where} has background ${style.backgroundImage}`);
    }
  }
  return problems;
}

/**
 * Clipboard text that would be dangerous pasted into an HTML or Markdown renderer. Plain text may quote a tag
 * (an article about `<script>` says so in words, and a paste of text is text); Markdown may not, since its
 * renderers pass raw HTML through.
 */
export function dangerousText(text: string, format: 'text' | 'markdown'): string[] {
  const problems: string[] = [];
  const squashed = text.replace(/[^!-~\u00a1-\uffff]/g, '').toLowerCase();
  for (const scheme of ['javascript:', 'vbscript:', 'data:text/html']) {
    if (squashed.includes(scheme)) problems.push(`contains ${scheme}`);
  }
  // `\<` is Markdown's escaped, literal `<`.
  if (format === 'markdown' && /(?<!\\)<(script|img|iframe|svg)/i.test(text))
    problems.push('contains raw HTML');
  return problems;
}
