// turndown: HTML → Markdown. Writing our own would mean re-deriving its ~800 lines of escaping, whitespace
// and list/emphasis edge cases (CommonMark is unforgiving about both); it costs 4.1 kB gzip (10.9 kB
// minified; measured with esbuild --bundle --minify of the browser build, then gzip -9) and runs only when
// the user copies Markdown. Of
// turndown-plugin-gfm we take only the strikethrough rule; its tables rule keeps header-less tables as raw
// HTML and misaligns colspans, so tables have their own rule below.
import TurndownService from 'turndown';
import { strikethrough } from 'turndown-plugin-gfm';
import { withoutSoftHyphens } from '../dom/text.ts';
import type { ExportOptions, ReaderArticle } from '../types.ts';
import { frontMatter } from './front-matter.ts';
import { headerLine, headerUrl } from './header.ts';
import { parseInert } from './parse.ts';

/**
 * The article as Markdown (GFM): `# Title`, `_byline · site · date_`, `<url>`, a blank line, the body; with
 * `frontMatter` (a saved note), the YAML front matter and a blank line before all that. ATX headings, fenced
 * code with the language of `language-xxx`, `-` bullets, `_em_`, `**strong**`, inline links, `![alt](src)`
 * images with a figure's caption in italics on the next line, GFM tables.
 */
export function toMarkdown(article: ReaderArticle, options: ExportOptions = {}): string {
  const service = turndownService();
  const body = markdownBody(service, article.content);
  if (options.header === false) return body;
  const withHeader = headed(service, article, body);
  return options.frontMatter
    ? `${frontMatter(article, options.frontMatter.saved)}\n${withHeader}`
    : withHeader;
}

function headed(service: TurndownService, article: ReaderArticle, body: string): string {
  const head: string[] = [];
  const title = article.title.replace(/\s+/g, ' ').trim();
  if (title !== '') head.push(atxHeading(1, service.escape(title)));
  const line = headerLine(article);
  if (line !== '') head.push(italic(service.escape(line)));
  const url = headerUrl(article);
  if (url !== null) head.push(`<${url.replace(/[<>\s]/g, encodeURIComponent)}>`);
  if (head.length === 0) return body;
  return body === '' ? head.join('\n') : `${head.join('\n')}\n\n${body}`;
}

function markdownBody(service: TurndownService, content: string): string {
  if (content.trim() === '' || typeof document === 'undefined') return '';
  return withoutSoftHyphens(service.turndown(parseInert(content)))
    .replace(/^[ \t]+$/gm, '')
    .replace(/[ \t]+$/gm, (spaces) => (spaces === '  ' ? spaces : ''))
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

let cached: TurndownService | null = null;

function turndownService(): TurndownService {
  if (cached !== null) return cached;
  const service = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    fence: '```',
    hr: '---',
    bulletListMarker: '-',
    emDelimiter: '_',
    strongDelimiter: '**',
    linkStyle: 'inlined',
  });
  // turndown escapes Markdown syntax but not `<`: an article that writes about "<script>" in prose would copy
  // as raw HTML, which a Markdown renderer that allows HTML would run. `\<` is CommonMark's literal `<`.
  const escapeMarkdown = service.escape.bind(service);
  service.escape = (text: string) => escapeMarkdown(text).replace(/</g, '\\<');
  service.use(strikethrough);
  service.addRule('lecternHeading', {
    filter: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
    replacement: (content, node) =>
      `\n\n${atxHeading(Number(node.nodeName.charAt(1)), content.replace(/\s*\n+\s*/g, ' ').trim())}\n\n`,
  });
  service.addRule('lecternCode', { filter: 'pre', replacement: codeBlock });
  service.addRule('lecternFigure', { filter: 'figure', replacement: figure });
  service.addRule('lecternCaption', {
    filter: 'figcaption',
    replacement: (content) => `\n\n${italic(content.replace(/\s*\n+\s*/g, ' ').trim())}\n\n`,
  });
  service.addRule('lecternTable', { filter: 'table', replacement: (_content, node) => table(service, node) });
  service.addRule('lecternListItem', { filter: 'li', replacement: listItem });
  service.addRule('lecternTerm', {
    filter: 'dt',
    replacement: (content) => `\n\n**${content.replace(/\s*\n+\s*/g, ' ').trim()}**\n`,
  });
  service.addRule('lecternDefinition', {
    filter: 'dd',
    replacement: (content) => `\n${content.trim()}\n\n`,
  });
  // A ruby's readings are drawn above the words they gloss, not in the line: the Markdown has the words.
  service.addRule('lecternRubyReading', { filter: ['rt', 'rp'], replacement: () => '' });
  service.addRule('lecternMath', {
    filter: (node) => node.nodeName.toLowerCase() === 'math',
    replacement: (_content, node) => math(node),
  });
  cached = service;
  return service;
}

/**
 * An ATX heading of escaped text. After `# ` no block syntax starts, so turndown's escapes of a line's start
 * (`5\. Data Structures`, `\- `, `\> `) are undone: a numbered chapter's title copies as it reads.
 */
function atxHeading(level: number, escaped: string): string {
  const text = escaped.replace(/^(\d+)\\([.)])/, '$1$2').replace(/^\\([-+>=#~])/, '$1');
  return `${'#'.repeat(level)} ${text}`;
}

/** Emphasis that survives underscores inside the text (`snake_case` in a caption). */
function italic(text: string): string {
  if (text === '') return '';
  return text.includes('_') ? `*${text}*` : `_${text}_`;
}

/**
 * A list item with a one-space marker (`- `, `3. `) instead of turndown's aligned `-   `; continuation
 * lines are indented by the marker's width, as CommonMark requires. Honours `start`, `reversed`, `value`.
 */
function listItem(content: string, node: HTMLElement): string {
  const parent = node.parentElement;
  let prefix = '- ';
  if (parent?.localName === 'ol') prefix = `${ordinal(parent, node)}. `;
  const paragraph = /\n$/.test(content);
  const body = content.replace(/^\n+/, '').replace(/\n+$/, '') + (paragraph ? '\n' : '');
  return prefix + body.replace(/\n/g, `\n${' '.repeat(prefix.length)}`) + (node.nextSibling ? '\n' : '');
}

function ordinal(list: Element, item: Element): number {
  const items = Array.from(list.children).filter((c) => c.localName === 'li');
  const reversed = list.hasAttribute('reversed');
  const start = Number.parseInt(list.getAttribute('start') ?? '', 10);
  let n = Number.isFinite(start) ? start : reversed ? items.length : 1;
  for (const li of items) {
    const value = Number.parseInt(li.getAttribute('value') ?? '', 10);
    if (Number.isFinite(value)) n = value;
    if (li === item) return n;
    n += reversed ? -1 : 1;
  }
  return n;
}

/** Any `<pre>`, with or without a `<code>` child: a fenced block longer than any backtick run inside. */
function codeBlock(_content: string, node: HTMLElement): string {
  const code = node.firstElementChild?.localName === 'code' ? node.firstElementChild : null;
  const cls = `${node.getAttribute('class') ?? ''} ${code?.getAttribute('class') ?? ''}`;
  const language = /(?:^|\s)language-(\S+)/.exec(cls)?.[1] ?? '';
  const text = (node.textContent ?? '').replace(/\n$/, '');
  let longest = 0;
  for (const m of text.matchAll(/`+/g)) longest = Math.max(longest, m[0].length);
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `\n\n${fence}${language}\n${text}\n${fence}\n\n`;
}

/** Image(s), then the caption on the next line (one paragraph, so it stays with its image). */
function figure(content: string): string {
  return `\n\n${content.trim().replace(/\n{2,}/g, '\n')}\n\n`;
}

/** A GFM table from any table: the first row is the header when there is no `<th>` row (GFM needs one). */
function table(service: TurndownService, node: HTMLElement): string {
  const rows: string[][] = [];
  let caption = '';
  const visit = (el: Element): void => {
    for (let c = el.firstElementChild; c !== null; c = c.nextElementSibling) {
      const tag = c.localName;
      if (tag === 'caption') caption = (c.textContent ?? '').replace(/\s+/g, ' ').trim();
      else if (tag === 'thead' || tag === 'tbody' || tag === 'tfoot') visit(c);
      else if (tag === 'tr') rows.push(cells(service, c));
    }
  };
  visit(node);
  if (rows.length === 0) return '';
  const width = Math.max(...rows.map((r) => r.length));
  const line = (r: string[]): string =>
    `| ${Array.from({ length: width }, (_, i) => r[i] ?? '').join(' | ')} |`;
  const [head, ...rest] = rows as [string[], ...string[][]];
  const out = [
    line(head),
    `| ${Array.from({ length: width }, () => '---').join(' | ')} |`,
    ...rest.map(line),
  ];
  return `\n\n${caption ? `${italic(service.escape(caption))}\n\n` : ''}${out.join('\n')}\n\n`;
}

function cells(service: TurndownService, tr: Element): string[] {
  const out: string[] = [];
  for (let c = tr.firstElementChild; c !== null; c = c.nextElementSibling) {
    if (c.localName !== 'td' && c.localName !== 'th') continue;
    const text = service
      .turndown(c as HTMLElement)
      .replace(/\s*\n+\s*/g, ' ')
      .replace(/\|/g, '\\|')
      .trim();
    out.push(text);
    const span = Number(c.getAttribute('colspan'));
    for (let i = 1; i < (Number.isFinite(span) ? Math.min(span, 50) : 1); i++) out.push('');
  }
  return out;
}

/** A formula: its TeX source when the page kept one (KaTeX, MathJax), else its text. */
function math(node: HTMLElement): string {
  const tex = Array.from(node.getElementsByTagName('annotation')).find((a) =>
    /tex/i.test(a.getAttribute('encoding') ?? ''),
  );
  const block = node.getAttribute('display') === 'block';
  if (tex?.textContent) {
    const source = tex.textContent.trim();
    return block ? `\n\n$$\n${source}\n$$\n\n` : `$${source}$`;
  }
  const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
  return block ? `\n\n${text}\n\n` : text;
}
