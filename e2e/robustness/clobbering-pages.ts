/**
 * Random DOM-clobbering pages for the fuzz specs (clobbering.spec.ts runs lectern.js in the page; the same
 * pages serve a content-script run of the built extension). Each page is an ordinary article (a title, seven
 * paragraphs, a navigation bar and an aside) whose markup names properties of the DOM:
 *
 * - forms around runs of its paragraphs, holding controls (`input`, `select`, `textarea`, `button`,
 *   `fieldset`, `output`, `object`, and `img`, which a form's named getter lists too) whose `name` or `id` is
 *   a property name, so `form.parentNode`, `form.nextSibling`, `form.localName`… are those controls;
 * - controls inside paragraphs, tied to one of those forms by their `form` attribute (they clobber that form
 *   from wherever they sit);
 * - named `img`, `form`, `embed`, `iframe` and `object` elements at the document level (before the page, in
 *   the article, after it), so `document.URL`, `document.body`, `document.createElement`… are elements.
 *
 * Names come from the caller: collect them in the browser (`propertyNames`, run with page.evaluate) so they
 * are the real properties of the engine under test. Every control is empty: the article's text is exactly
 * its paragraphs, which a reader must show whatever the markup names.
 */
import fc from 'fast-check';

/** The interfaces whose own property names the fuzz gives to elements. */
/** The clobbering fuzz runs' seed, fixed for CI; FUZZ_SEED replays another (both specs print theirs). */
export const CLOBBER_SEED = Number(process.env.FUZZ_SEED ?? 20_261_125);

export const CLOBBERED_INTERFACES = [
  'Node',
  'Element',
  'HTMLElement',
  'Document',
  'HTMLFormElement',
] as const;

/**
 * The own property names of CLOBBERED_INTERFACES' prototypes, deduplicated: run it in the page
 * (`page.evaluate(propertyNames, CLOBBERED_INTERFACES)`), before any clobbering page is set.
 */
export function propertyNames(interfaces: readonly string[]): string[] {
  const names = new Set<string>();
  for (const name of interfaces) {
    const ctor = (globalThis as unknown as Record<string, { prototype: object } | undefined>)[name];
    if (ctor) for (const key of Object.getOwnPropertyNames(ctor.prototype)) names.add(key);
  }
  return [...names].sort();
}

/** The article every page carries; each paragraph must come out whole. */
export const CLOBBER_TITLE = 'Harbour board restores the night ferry';
export const CLOBBER_PARAGRAPHS: readonly string[] = [
  'The night ferry to the island will run again from the first of May, the harbour board said on Monday after a long meeting.',
  'The service was cut three winters ago when the old boat failed its inspection and no replacement could be found at a fair price.',
  'Since then islanders who work late shifts on the mainland have slept in their cars or paid for rooms in town through the week.',
  'A petition signed by more than four thousand residents asked the board to reconsider, and the regional government agreed to help.',
  'The leased boat carries two hundred passengers and thirty cars, and the crossing takes fifty minutes when the weather is calm.',
  'Tickets cost the same as on the day service, and season passes bought for the day boat are valid at night without a surcharge.',
  'The first crossing leaves the mainland pier at eleven in the evening, weather permitting, and returns before dawn on weekdays.',
];
export const CLOBBER_SIDEBAR = 'Most read: celebrity chef opens a second bakery downtown';

/** Form-associated elements that a form's named getter lists (HTML "listed elements", and `img`). */
const CONTROLS = ['input', 'select', 'textarea', 'button', 'fieldset', 'output', 'object', 'img'] as const;
/** Elements a document's named getter lists by `name` (and `object` by `id`). */
const DOCUMENT_NAMED = ['img', 'form', 'embed', 'iframe', 'object'] as const;

type ControlTag = (typeof CONTROLS)[number];
type DocumentTag = (typeof DOCUMENT_NAMED)[number];

export interface Control {
  tag: ControlTag;
  attr: 'name' | 'id';
  value: string;
  /** For `input`: a hidden field (ASP.NET's `__VIEWSTATE`) or a visible box in the text. */
  hidden: boolean;
}

/** A form around the next `take` paragraphs (or, with `wrap` false, the paragraphs left as they are). */
export interface Group {
  wrap: boolean;
  take: number;
  /** The form's own `name`, when it has one. */
  formName: string | null;
  before: Control[];
  after: Control[];
}

/** A control inside paragraph `paragraph`, tied by its `form` attribute to form number `form` (modulo). */
export interface InlineControl {
  control: Control;
  paragraph: number;
  form: number;
}

export interface DocumentNamed {
  tag: DocumentTag;
  /** `id` only counts on `object`; the others are given `name`. */
  byId: boolean;
  value: string;
  where: 'top' | 'article' | 'bottom';
  /** For `where: 'article'`: before this paragraph. */
  paragraph: number;
}

export interface ClobberedPage {
  groups: Group[];
  inline: InlineControl[];
  named: DocumentNamed[];
}

const control = (names: fc.Arbitrary<string>): fc.Arbitrary<Control> =>
  fc.record({
    tag: fc.constantFrom(...CONTROLS),
    attr: fc.constantFrom('name' as const, 'id' as const),
    value: names,
    hidden: fc.boolean(),
  });

/** Random clobbering pages over the given property names (collect them with `propertyNames`). */
export function clobberedPage(names: readonly string[]): fc.Arbitrary<ClobberedPage> {
  const name = fc.constantFrom(...names);
  const controls = fc.array(control(name), { maxLength: 4 });
  const paragraph = fc.nat(CLOBBER_PARAGRAPHS.length - 1);
  return fc.record({
    groups: fc.array(
      fc.record({
        wrap: fc.boolean(),
        take: fc.integer({ min: 1, max: 4 }),
        formName: fc.option(name, { nil: null }),
        before: controls,
        after: controls,
      }),
      { minLength: 1, maxLength: 5 },
    ),
    inline: fc.array(fc.record({ control: control(name), paragraph, form: fc.nat(4) }), { maxLength: 4 }),
    named: fc.array(
      fc.record({
        tag: fc.constantFrom(...DOCUMENT_NAMED),
        byId: fc.boolean(),
        value: name,
        where: fc.constantFrom('top' as const, 'article' as const, 'bottom' as const),
        paragraph,
      }),
      { maxLength: 4 },
    ),
  });
}

const escapeAttribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function controlHtml(c: Control, form: string | null): string {
  const owner = form === null ? '' : ` form="${form}"`;
  const attrs = `${c.attr}="${escapeAttribute(c.value)}"${owner}`;
  switch (c.tag) {
    case 'input':
      return c.hidden ? `<input type="hidden" ${attrs} value="dDwtMTA4">` : `<input type="text" ${attrs}>`;
    case 'img':
      // No src: nothing loads, and the copy keeps no image without one.
      return `<img ${attrs} alt="">`;
    case 'button':
      return `<button type="button" ${attrs}></button>`;
    default:
      return `<${c.tag} ${attrs}></${c.tag}>`;
  }
}

function namedHtml(n: DocumentNamed): string {
  const attr = n.tag === 'object' && n.byId ? 'id' : 'name';
  const attrs = `${attr}="${escapeAttribute(n.value)}"`;
  if (n.tag === 'img') return `<img ${attrs} alt="">`;
  if (n.tag === 'embed') return `<embed ${attrs}>`;
  return `<${n.tag} ${attrs}></${n.tag}>`;
}

/** The paragraph's text with the inline controls tied to it set between its words. */
function paragraphHtml(index: number, page: ClobberedPage, forms: number): string {
  const words = (CLOBBER_PARAGRAPHS[index] as string).split(' ');
  const inline = page.inline.filter((c) => c.paragraph === index);
  inline.forEach((c, k) => {
    // Between two words, spaces on both sides: the text reads the same without the control.
    const at = 1 + ((k * 5 + c.form) % (words.length - 1));
    words.splice(at, 0, controlHtml(c.control, `clobber-form-${c.form % forms}`));
  });
  const before = page.named.filter((n) => n.where === 'article' && n.paragraph === index).map(namedHtml);
  return `${before.join('')}<p>${words.join(' ')}</p>`;
}

/** `<head>…</head><body>…</body>`: what `document.documentElement.setHTMLUnsafe` takes. */
export function clobberedInnerHtml(page: ClobberedPage): string {
  // Which paragraphs each group takes; paragraphs no group reaches stand on their own after them.
  const plan: { group: Group | null; paragraphs: number[] }[] = [];
  let next = 0;
  for (const group of page.groups) {
    const paragraphs: number[] = [];
    while (paragraphs.length < group.take && next < CLOBBER_PARAGRAPHS.length) paragraphs.push(next++);
    if (paragraphs.length > 0) plan.push({ group, paragraphs });
  }
  const rest: number[] = [];
  while (next < CLOBBER_PARAGRAPHS.length) rest.push(next++);
  if (rest.length > 0) plan.push({ group: null, paragraphs: rest });
  // Inline controls are tied to the forms by id; with no wrapping form, an empty one stands at the end.
  const formCount = Math.max(1, plan.filter((p) => p.group?.wrap).length);

  const blocks: string[] = [];
  let forms = 0;
  for (const { group, paragraphs } of plan) {
    const html = paragraphs.map((i) => paragraphHtml(i, page, formCount)).join('');
    if (group === null || !group.wrap) {
      blocks.push(html);
      continue;
    }
    const formName = group.formName === null ? '' : ` name="${escapeAttribute(group.formName)}"`;
    const before = group.before.map((c) => controlHtml(c, null)).join('');
    const after = group.after.map((c) => controlHtml(c, null)).join('');
    blocks.push(
      `<form id="clobber-form-${forms++}" method="post" action="./story.aspx"${formName}>${before}${html}${after}</form>`,
    );
  }
  if (forms === 0) blocks.push('<form id="clobber-form-0" action="./search"></form>');

  const top = page.named.filter((n) => n.where === 'top').map(namedHtml);
  const bottom = page.named.filter((n) => n.where === 'bottom').map(namedHtml);
  return `<head><meta charset="utf-8"><title>${CLOBBER_TITLE} | Harbour News</title></head><body>${top.join('')}
<nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a></nav>
<main><article><h1>${CLOBBER_TITLE}</h1>
${blocks.join('\n')}
</article>
<aside class="sidebar"><h2>Most read</h2><ul><li><a href="/a">${CLOBBER_SIDEBAR}</a></li><li><a href="/b">Council delays the bridge vote again</a></li></ul></aside></main>
${bottom.join('')}</body>`;
}

/** The whole document, for a routed page. */
export function clobberedDocument(page: ClobberedPage): string {
  return `<!doctype html><html lang="en">${clobberedInnerHtml(page)}</html>`;
}
