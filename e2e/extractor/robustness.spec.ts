/**
 * extract() on documents that are not ordinary rendered pages: it must never throw, and must return null or a
 * well-formed Article (docs/extraction.md: it degrades gracefully on any Document).
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import type { Article } from '../../src/types.ts';
import {
  fixtureFile,
  fixtureUrl,
  loadExtractor,
  readTruth,
  serveFixtures,
  VIEWPORT,
} from '../support/index.ts';

test.use({ viewport: VIEWPORT });

test.beforeEach(async ({ context }) => {
  await serveFixtures(context);
});

type Outcome = { threw: string } | { article: Article | null };

/** Runs `source`, an in-page expression that yields the Document to extract from, and catches any throw. */
async function extractFrom(page: Page, source: string, html = ''): Promise<Outcome> {
  await loadExtractor(page);
  return page.evaluate(
    ({ source, html }) => {
      try {
        const doc = new Function('html', `return (${source});`)(html) as Document;
        return { article: Lectern.extract(doc) };
      } catch (error) {
        return { threw: String((error as Error)?.stack ?? error) };
      }
    },
    { source, html },
  );
}

function articleOf(outcome: Outcome): Article | null {
  if ('threw' in outcome) throw new Error(`extract() threw: ${outcome.threw}`);
  return outcome.article;
}

/** Null, or an Article whose fields have the documented types. */
function expectWellFormed(article: Article | null): void {
  if (article === null) return;
  expect(typeof article.title).toBe('string');
  expect(typeof article.content).toBe('string');
  expect(typeof article.text).toBe('string');
  expect(['ltr', 'rtl']).toContain(article.dir);
  expect(Number.isFinite(article.wordCount)).toBe(true);
  expect(typeof article.diagnostics.method).toBe('string');
}

test('about:blank has no article', async ({ page }) => {
  await page.goto('about:blank');
  expect(articleOf(await extractFrom(page, 'document'))).toBeNull();
});

test('an XML document without a body does not throw', async ({ page }) => {
  await page.goto('about:blank');
  // Whether a feed item's long text counts as an article is the extractor's call; not throwing is the rule.
  const rss = `<?xml version="1.0"?><rss version="2.0"><channel><title>Feed</title><item><title>Item</title>
    <description>${'A long description of the item that goes on and on. '.repeat(20)}</description></item></channel></rss>`;
  expectWellFormed(
    articleOf(await extractFrom(page, `new DOMParser().parseFromString(html, 'application/xml')`, rss)),
  );
});

test('an empty XML document has no article', async ({ page }) => {
  await page.goto('about:blank');
  const xml = '<?xml version="1.0"?><root/>';
  expect(
    articleOf(await extractFrom(page, `new DOMParser().parseFromString(html, 'application/xml')`, xml)),
  ).toBeNull();
});

test('a frameset page does not throw', async ({ page }) => {
  await page.setContent(
    `<html><head><title>Frames</title></head><frameset cols="50%,50%"><frame src="${fixtureUrl('news-article')}"><frame src="about:blank"></frameset></html>`,
  );
  expectWellFormed(articleOf(await extractFrom(page, 'document')));
});

test('an SVG document (top-level) has no article', async ({ page }) => {
  await page.goto(fixtureUrl('news-article'));
  await page.goto(`${fixtureUrl('news-article')}old-mill-bridge.svg`);
  expect(await page.evaluate(() => document.documentElement.localName)).toBe('svg');
  expect(articleOf(await extractFrom(page, 'document'))).toBeNull();
});

test('an SVG document from DOMParser does not throw', async ({ page }) => {
  await page.goto('about:blank');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg"><text>${'Words inside an SVG text element. '.repeat(30)}</text></svg>`;
  expectWellFormed(
    articleOf(await extractFrom(page, `new DOMParser().parseFromString(html, 'image/svg+xml')`, svg)),
  );
});

test('an XHTML document yields its article as HTML, not as XML', async ({ page }) => {
  await page.goto('about:blank');
  // An XHTML page's template document is an XML one; the copy must still be made in an HTML document, or its
  // elements have no namespace and serialise as XML: `<br/>`, and an empty `<td/>` that HTML reads as a start tag.
  const paragraph = 'The council voted on Tuesday to keep the valley reservoir open for another season. ';
  const xhtml = `<html xmlns="http://www.w3.org/1999/xhtml"><head><title>Reservoir stays open</title></head>
    <body><article><h1>Reservoir stays open</h1>
    <p>${paragraph.repeat(4)}</p><p>${paragraph.repeat(3)}<br/>${paragraph.repeat(2)}</p></article></body></html>`;
  const article = articleOf(
    await extractFrom(page, `new DOMParser().parseFromString(html, 'application/xhtml+xml')`, xhtml),
  );
  expect(article?.content).toContain('<p>The council voted');
  expect(article?.content).toContain('<br>');
  expect(article?.content).not.toContain('xmlns');
});

test('a detached empty HTML document has no article', async ({ page }) => {
  await page.goto('about:blank');
  expect(articleOf(await extractFrom(page, `document.implementation.createHTMLDocument('')`))).toBeNull();
});

test('a DOMParser copy of the news article (no styles, no layout) still yields the article', async ({
  page,
}) => {
  await page.goto(fixtureUrl('news-article'));
  const html = readFileSync(fixtureFile('news-article', 'source.html'), 'utf8');
  const article = articleOf(
    await extractFrom(page, `new DOMParser().parseFromString(html, 'text/html')`, html),
  );
  expectWellFormed(article);
  expect(article, 'an article is found without computed styles').not.toBeNull();
  const truth = readTruth('news-article');
  expect(article?.title).toBe(truth.title);
  // Degraded, so only the heart of the body is required: its first and last paragraphs.
  const text = article?.text.replace(/\s+/g, ' ') ?? '';
  expect(text).toContain('The city council approved the bridge budget on Tuesday night.');
  expect(text).toContain('it would continue to be inspected every three months until the work begins');
  expect(text).not.toContain('Celebrity chef opens new bakery downtown');
  expect(article?.diagnostics.styled).toBe(false);
});

test('a detached document holding the article body does not throw', async ({ page }) => {
  await page.goto(fixtureUrl('news-article'));
  const outcome = await extractFrom(
    page,
    `(() => { const doc = document.implementation.createHTMLDocument('Copy'); doc.body.innerHTML = document.body.innerHTML; return doc; })()`,
  );
  expectWellFormed(articleOf(outcome));
});

test('a form whose fields clobber id and className still yields the article around it', async ({ page }) => {
  // `form.id` is the <input name="id"> element here, not a string: names must be read as attributes.
  const paragraph =
    'The harbour board voted on Monday to keep the old ferry running through the winter, after a petition signed by more than four thousand residents asked it to reconsider the closure.';
  await page.setContent(
    `<main><h1>Ferry stays</h1>${`<p>${paragraph}</p>`.repeat(4)}` +
      '<form class="comments"><input name="id"><input name="className"><p>Leave a comment</p></form></main>',
  );
  const article = articleOf(await extractFrom(page, 'document'));
  expect(article?.text).toContain('keep the old ferry running');
  expect(article?.text).not.toContain('Leave a comment');
});

test('a page that is one short note is its own article, a page that only says "Loading…" is not', async ({
  page,
}) => {
  const note =
    'The library is closed on Monday for the public holiday and opens again on Tuesday at nine, as usual.';
  await page.setContent(`<body><h1>Opening hours</h1><p>${note}</p></body>`);
  expect(articleOf(await extractFrom(page, 'document'))?.text).toContain('opens again on Tuesday');
  await page.setContent('<body><p>Loading…</p></body>');
  expect(articleOf(await extractFrom(page, 'document'))).toBeNull();
});
