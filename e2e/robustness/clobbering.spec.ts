/**
 * DOM clobbering: markup that names properties of the DOM (form controls named `parentNode`, `nextSibling`,
 * `getAttribute`…; `<img name="URL">`, `name="createElement"` at the document level) must not change what
 * the extractor reads. lectern.js runs in the page's main world, where a named control shadows even a
 * prototype's property of its form, and a named image one of the document. Each page is an ordinary article
 * (a title, seven paragraphs, a navigation bar, an aside) with the names set where they hurt; every paragraph
 * must come out, in bounded time, with nothing thrown or swallowed.
 */
import { expect, type Page, test } from '@playwright/test';
import type { Article } from '../../src/types.ts';
import { loadExtractor, VIEWPORT } from '../support/index.ts';
import { CLOBBER_PARAGRAPHS, CLOBBER_SIDEBAR, CLOBBER_TITLE } from './clobbering-pages.ts';
import { type Extraction, extractIn, flat } from './extract.ts';

test.use({ viewport: VIEWPORT });

const ORIGIN = 'https://clobber.test';

const p = (i: number): string => `<p>${CLOBBER_PARAGRAPHS[i]}</p>`;
const paragraphs = (from: number, to = CLOBBER_PARAGRAPHS.length): string =>
  CLOBBER_PARAGRAPHS.slice(from, to)
    .map((_, k) => p(from + k))
    .join('\n');
const NAV = '<nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a></nav>';
const ASIDE = `<aside class="sidebar"><h2>Most read</h2><ul><li><a href="/a">${CLOBBER_SIDEBAR}</a></li><li><a href="/b">Council delays the bridge vote again</a></li></ul></aside>`;

function page(body: string, head = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${CLOBBER_TITLE} | Harbour News</title>${head}</head><body>${body}</body></html>`;
}

/** The article as a page usually has it, its paragraphs given. */
function articlePage(article: string, { before = '', head = '' } = {}): string {
  return page(
    `${before}${NAV}<main><article><h1>${CLOBBER_TITLE}</h1>\n${article}\n</article>${ASIDE}</main>`,
    head,
  );
}

/**
 * ASP.NET WebForms: the whole body in one server form, its hidden state fields, and controls named by
 * `controlName` (the clobbering page names them after properties of the form; its plain twin does not).
 */
function aspnetPage(controlName: (property: string) => string): string {
  const named = (property: string): string => `name="${controlName(property)}"`;
  return page(`<form method="post" action="./article.aspx?id=42" id="aspnetForm">
<div class="aspNetHidden">
<input type="hidden" name="__EVENTTARGET" id="__EVENTTARGET" value="">
<input type="hidden" name="__EVENTARGUMENT" id="__EVENTARGUMENT" value="">
<input type="hidden" name="__VIEWSTATE" id="__VIEWSTATE" value="/wEPDwUKLTM2NjY4NjQ3OWRkZGVkY2FjZTE2ZjQ4MmY=">
</div>
<header><input type="search" ${named('firstChild')} placeholder="Search"> <button type="submit" ${named('localName')}>Go</button></header>
${NAV}
<main><article><h1>${CLOBBER_TITLE}</h1>
${paragraphs(0, 4)}
<input type="hidden" ${named('childNodes')} value="3"><input type="hidden" ${named('nodeType')} value="1">
<select ${named('getAttribute')}><option>Sort by date</option></select>
${paragraphs(4)}
<input type="hidden" ${named('textContent')} value=""><input type="hidden" ${named('querySelector')} value="">
</article>${ASIDE}
<fieldset ${named('attributes')}><legend>Newsletter</legend><input type="email" ${named('id')}> <input type="checkbox" ${named('className')}></fieldset></main>
<div class="aspNetHidden"><input type="hidden" name="__VIEWSTATEGENERATOR" value="CA0B0334"><input type="hidden" name="__EVENTVALIDATION" value="/wEdAAKYa2Zs"></div>
</form>`);
}

const PAGES: Record<string, string> = {
  // A form around the first paragraphs, its hidden field named parentNode: the run's common ancestor climbs
  // out of the form, and `form.parentNode` led back into it.
  '/parent-node/inside.html': articlePage(
    `<form action="/comment" method="post"><input type="hidden" name="parentNode" value="1">${paragraphs(0, 3)}</form>\n${paragraphs(3)}`,
  ),
  // A form around the whole page, with a control named parentNode and one named assignedSlot.
  '/parent-node/around.html': page(
    `<form action="/page" method="post"><input type="hidden" name="parentNode" value="1"><input type="hidden" name="assignedSlot" value="1">${NAV}<main><article><h1>${CLOBBER_TITLE}</h1>${paragraphs(0)}</article>${ASIDE}</main></form>`,
  ),
  // A search form between paragraphs, its box named nextSibling: `form.nextSibling` is the box.
  '/next-sibling.html': articlePage(
    `${paragraphs(0, 2)}\n<form action="/search" role="search"><input type="search" name="nextSibling"><button>Search</button></form>\n${paragraphs(2)}`,
  ),
  '/aspnet.aspx': aspnetPage((name) => name),
  '/aspnet-plain.aspx': aspnetPage((name) => `ctl00$MainContent$${name}Field`),
  // The methods DOMPurify and the build read of a document, named by images.
  '/document-methods.html': articlePage(paragraphs(0), {
    before: [
      'createElement',
      'implementation',
      'createDocumentFragment',
      'importNode',
      'createNodeIterator',
      'getElementsByTagName',
      'defaultView',
    ]
      .map((name) => `<img name="${name}" alt="">`)
      .join(''),
  }),
  // The strings an Article is made of, named by images; a <base> so the base URL is not the page's URL.
  '/news/2026/ferry.html': articlePage(
    `${p(0)}\n<p>${CLOBBER_PARAGRAPHS[1]} See the <a href="timetable.html">new timetable</a>.</p>\n<figure><img src="photo-ferry.jpg" width="800" height="500" alt="The leased boat"><figcaption>The leased boat at the mainland pier.</figcaption></figure>\n${paragraphs(2)}`,
    {
      before: ['URL', 'title', 'baseURI', 'documentURI', 'referrer', 'lastModified']
        .map((name) => `<img name="${name}" alt="">`)
        .join(''),
      head: `<base href="${ORIGIN}/news/"><meta name="author" content="Ana Pereira"><meta property="og:site_name" content="Harbour News"><meta property="article:published_time" content="2026-03-02T08:00:00+00:00"><meta property="og:image" content="images/ferry.jpg"><meta name="description" content="The night ferry returns in May.">`,
    },
  ),
};
// The document's body, its query methods and its root element, each named by an image.
for (const name of ['body', 'querySelectorAll', 'querySelector', 'documentElement'])
  PAGES[`/document/${name}.html`] = articlePage(paragraphs(0), { before: `<img name="${name}" alt="">` });

test.beforeEach(async ({ context }) => {
  await context.route(`${ORIGIN}/**`, (route) => {
    const html = PAGES[new URL(route.request().url()).pathname];
    return html === undefined
      ? route.fulfill({ status: 404, body: '' })
      : route.fulfill({ contentType: 'text/html; charset=utf-8', body: html });
  });
});

/** Rejects when `work` takes longer than `ms`: a walk that loops must fail the test, not hang it. */
async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Every paragraph of the article, none missing; nothing thrown or swallowed. */
function expectWholeArticle({ article, threw, swallowed, exportError }: Extraction): void {
  expect(threw).toBeNull();
  expect(swallowed).toEqual([]);
  expect(exportError).toBeNull();
  expect(article, 'an article').not.toBeNull();
  const text = flat(article?.text);
  const missing = CLOBBER_PARAGRAPHS.filter((paragraph) => !text.includes(paragraph));
  expect(missing, text).toEqual([]);
  expect(text).not.toContain(CLOBBER_SIDEBAR);
}

async function extractAt(page: Page, path: string): Promise<Extraction> {
  await page.goto(`${ORIGIN}${path}`);
  // A page that sends a walk round in a circle hangs the tab: five seconds is a thousand times a normal call.
  return within(5_000, `extract() on ${path}`, extractIn(page));
}

test('a form control named parentNode, around or inside the article: the walks end and keep every paragraph', async ({
  page,
}) => {
  expectWholeArticle(await extractAt(page, '/parent-node/inside.html'));
  expectWholeArticle(await extractAt(page, '/parent-node/around.html'));
});

test('a form control named nextSibling between paragraphs: the paragraphs after the form are kept', async ({
  page,
}) => {
  expectWholeArticle(await extractAt(page, '/next-sibling.html'));
});

test('an ASP.NET WebForms page (the whole body in one form, controls named like DOM properties) gives its article', async ({
  page,
}) => {
  const result = await extractAt(page, '/aspnet.aspx');
  expectWholeArticle(result);
  expect(result.article?.title).toBe(CLOBBER_TITLE);
  // Names are only names: the same page with harmless control names gives the same Article. (A form whose
  // `nodeType` was a control was once skipped whole, and NewsFeed's fallback stood in for the article.)
  const plain = await extractAt(page, '/aspnet-plain.aspx');
  const comparable = (article: Article | null) =>
    article === null ? null : { ...article, url: '', diagnostics: { ...article.diagnostics, timings: {} } };
  expect(comparable(result.article)).toEqual(comparable(plain.article));
});

test('images named createElement, implementation, defaultView…: lectern.js loads, extracts, and exports Markdown', async ({
  page,
}) => {
  await page.goto(`${ORIGIN}/document-methods.html`);
  // DOMPurify's module used to call document.createElement as it loaded, which threw and took the bundle with it.
  const loadError = await loadExtractor(page).then(
    () => null,
    (error: unknown) => String(error),
  );
  expect(loadError).toBeNull();
  expect(await page.evaluate(() => typeof globalThis.Lectern)).toBe('object');
  const result = await within(5_000, 'extract()', extractIn(page));
  expectWholeArticle(result);
  const markdown = flat(result.markdown);
  for (const paragraph of CLOBBER_PARAGRAPHS) expect(markdown).toContain(paragraph);
});

test('images named URL, title, baseURI…: every string of the Article is a string, with the page’s values', async ({
  page,
}) => {
  const url = `${ORIGIN}/news/2026/ferry.html`;
  const result = await extractAt(page, '/news/2026/ferry.html');
  expectWholeArticle(result);
  // Types are checked in the page: an element in the Article would not survive the trip to Node as itself.
  const wrong = await page.evaluate(() => {
    const article = Lectern.extract(document) as unknown as Record<string, unknown> | null;
    if (article === null) return ['no article'];
    const nullable = ['byline', 'siteName', 'published', 'lang', 'leadImage'];
    return Object.entries(article)
      .filter(([key]) => !['wordCount', 'readingMinutes', 'records', 'diagnostics'].includes(key))
      .filter(([key, value]) => typeof value !== 'string' && !(value === null && nullable.includes(key)))
      .map(([key, value]) => `${key}: ${Object.prototype.toString.call(value)}`);
  });
  expect(wrong).toEqual([]);
  const article = result.article;
  expect(article?.url).toBe(url);
  expect(article?.title).toBe(CLOBBER_TITLE);
  expect(article?.byline).toBe('Ana Pereira');
  expect(article?.siteName).toBe('Harbour News');
  expect(article?.published).toBe('2026-03-02T08:00:00+00:00');
  expect(article?.lang).toBe('en');
  expect(article?.excerpt).toBe('The night ferry returns in May.');
  // Resolved against the <base>, not against an element.
  expect(article?.leadImage).toBe(`${ORIGIN}/news/images/ferry.jpg`);
  expect(article?.content).toContain(`href="${ORIGIN}/news/timetable.html"`);
  expect(article?.content).toContain(`src="${ORIGIN}/news/photo-ferry.jpg"`);
});

test('images named body, querySelectorAll, querySelector, documentElement: the article is found', async ({
  page,
}) => {
  for (const name of ['body', 'querySelectorAll', 'querySelector', 'documentElement']) {
    await test.step(name, async () => {
      const result = await extractAt(page, `/document/${name}.html`);
      expectWholeArticle(result);
      expect(result.article?.lang).toBe('en');
      expect(result.article?.url).toBe(`${ORIGIN}/document/${name}.html`);
    });
  }
});
