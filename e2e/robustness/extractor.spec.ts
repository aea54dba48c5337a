/**
 * The extractor (dist-extractor/lectern.js, in the page's main world) on huge and odd documents: it must
 * never throw nor swallow an exception, must finish (the work caps say in diagnostics what they cut), and
 * must read articles that live in open shadow roots and same-origin frames. Times are printed, not asserted.
 */
import { expect, test } from '@playwright/test';
import { forbiddenIn } from '../hostile/checker.ts';
import { loadExtractor, VIEWPORT } from '../support/index.ts';
import { extractIn, flat } from './extract.ts';
import {
  CROSS_ORIGIN_TEXT,
  DEEP,
  DEEP_QUOTE,
  deepBody,
  deepScript,
  oddUrl,
  RENDERED_DEEP,
  SABOTAGE,
  SAME_ORIGIN_AD,
  STORY,
  serveOddPages,
  storyParagraphs,
} from './pages.ts';

test.use({ viewport: VIEWPORT });

test.beforeEach(({ context }) => serveOddPages(context));

test('an article inside an open shadow root is read as rendered, slotted paragraphs in their slots', async ({
  page,
}) => {
  await page.goto(oddUrl('shadow'));
  const { article, threw, swallowed } = await extractIn(page);
  expect(threw).toBeNull();
  expect(swallowed).toEqual([]);
  const text = flat(article?.text);
  // Slot order: the lead slot comes before the shadow paragraphs, the default slot after them.
  const first = text.indexOf(STORY.first);
  const middle = text.indexOf('The service was cut three winters ago');
  const last = text.indexOf(STORY.last);
  expect(first, text).toBeGreaterThanOrEqual(0);
  expect(middle).toBeGreaterThan(first);
  expect(last).toBeGreaterThan(middle);
  expect(text).not.toContain('Fallback lead nobody sees');
  expect(text).not.toContain(STORY.sidebar);
  expect(await page.evaluate(forbiddenIn, { html: article?.content ?? '' })).toEqual([]);
});

test('an article in a same-origin iframe is read in place; an ad frame and a cross-origin frame are not', async ({
  page,
}) => {
  await page.goto(oddUrl('iframe'));
  await expect(page.frameLocator('iframe[title=story]').locator('h1')).toHaveText(STORY.title);
  const { article, threw, swallowed } = await extractIn(page);
  expect(threw).toBeNull();
  expect(swallowed).toEqual([]);
  const text = flat(article?.text);
  expect(text).toContain(STORY.first);
  expect(text).toContain(STORY.last);
  expect(text.indexOf(STORY.first)).toBeLessThan(text.indexOf(STORY.last));
  expect(text).not.toContain(CROSS_ORIGIN_TEXT);
  expect(text).not.toContain(SAME_ORIGIN_AD);
  expect(text).not.toContain(STORY.sidebar);
  expect(await page.evaluate(forbiddenIn, { html: article?.content ?? '' })).toEqual([]);
});

test('nested framesets of same-origin frames yield the article frame', async ({ page }) => {
  await page.goto(oddUrl('frameset'));
  await expect(page.frameLocator('frame >> nth=1').frameLocator('frame >> nth=1').locator('h1')).toHaveText(
    STORY.title,
  );
  const { article, threw, swallowed } = await extractIn(page);
  expect(threw).toBeNull();
  expect(swallowed).toEqual([]);
  expect(flat(article?.text)).toContain(STORY.last);
  expect(flat(article?.text)).not.toContain(STORY.sidebar);
});

test('100,000 elements: the element cap bounds the walk and says so', async ({ page }) => {
  await page.goto(oddUrl('huge'));
  expect(await page.evaluate(() => document.getElementsByTagName('*').length)).toBeGreaterThan(100_000);
  const { article, threw, swallowed, ms, exportError } = await extractIn(page);
  console.log(`extract on the 100,000-element page: ${ms.toFixed(0)} ms`, article?.diagnostics.timings);
  expect(threw).toBeNull();
  expect(swallowed).toEqual([]);
  expect(exportError).toBeNull();
  expect(flat(article?.text).includes(STORY.last), 'the article is read').toBe(true);
  expect(flat(article?.text).includes('Comment number 9'), 'the replies are not').toBe(false);
  expect(article?.diagnostics.truncated).toBe(true);
  expect(article?.diagnostics.capped).toContain('elements');
});

test('deep nesting in a rendered page (2 × 1,000): read whole, nothing swallowed', async ({ page }) => {
  await page.goto(oddUrl('deep'));
  await expect(page.locator('html')).toHaveAttribute('data-built', 'deep');
  const { article, threw, swallowed, ms, markdown, exportError } = await extractIn(page);
  console.log(`extract on the ${2 * RENDERED_DEEP}-deep rendered page: ${ms.toFixed(0)} ms`);
  expect(threw).toBeNull();
  expect(swallowed).toEqual([]);
  expect(exportError).toBeNull();
  const text = flat(article?.text);
  expect(text).toContain(STORY.first);
  expect(text).toContain(`${DEEP_QUOTE} 900`);
  expect(markdown).toContain(`${DEEP_QUOTE} 900`);
  expect(article?.diagnostics.capped).toContain('depth');
});

test('5,000-deep nesting (a detached document: Chromium cannot lay it out): no stage overflows, depth capped', async ({
  page,
}) => {
  await page.setContent('<p>host page</p>');
  await loadExtractor(page);
  const result = await page.evaluate(
    ({ body, script }) => {
      const doc = document.implementation.createHTMLDocument('Deep');
      doc.body.innerHTML = body;
      new Function('doc', `${script}`)(doc);
      const swallowed: string[] = [];
      const t0 = performance.now();
      const article = Lectern.extract(doc, { onError: (e) => swallowed.push(String(e)) });
      const ms = performance.now() - t0;
      const markdown = article === null ? '' : Lectern.toMarkdown(article);
      const t = document.createElement('template');
      t.innerHTML = article?.content ?? '';
      return {
        text: article?.text ?? '',
        capped: article?.diagnostics.capped,
        swallowed,
        ms,
        markdown,
        reparsed: t.content.textContent ?? '',
      };
    },
    { body: deepBody(), script: deepScript(DEEP, 'doc') },
  );
  console.log(`extract on the ${2 * DEEP}-deep detached document: ${result.ms.toFixed(0)} ms`);
  expect(result.swallowed).toEqual([]);
  expect(flat(result.text)).toContain(STORY.first);
  // Unwrapped past the cap, not lost: the deepest quoted sentence is still there, in Markdown too, and the
  // HTML parses back with it (the parser's own depth limit re-parents nothing).
  expect(flat(result.text)).toContain(`${DEEP_QUOTE} 4900`);
  expect(result.markdown).toContain(`${DEEP_QUOTE} 4900`);
  expect(flat(result.reparsed)).toContain(`${DEEP_QUOTE} 4900`);
  expect(result.capped).toContain('depth');
});

test('a 10 MB text node is read whole, once', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto(oddUrl('big-text'));
  const { article, threw, swallowed, ms, exportError } = await extractIn(page);
  console.log(`extract on the 10 MB text page: ${ms.toFixed(0)} ms`, article?.diagnostics.timings);
  expect(threw).toBeNull();
  expect(swallowed).toEqual([]);
  expect(exportError).toBeNull();
  expect(article?.text.length).toBeGreaterThan(10_000_000);
  expect(flat(article?.text.slice(-500))).toContain(STORY.last);
  // No cap cuts text: every stage is linear in it.
  expect(article?.diagnostics.capped).toEqual([]);
});

test('a flood of comment nodes is bounded by the node budget and says so', async ({ page }) => {
  // 200,000 comments between two paragraphs: not elements, but each one a step of the walk.
  await page.setContent(
    `<article><h1>${STORY.title}</h1>${storyParagraphs()}<div id="flood"></div></article>`,
  );
  await page.evaluate(() => {
    const flood = document.getElementById('flood') as HTMLElement;
    const fragment = document.createDocumentFragment();
    for (let i = 0; i < 200_000; i++) fragment.appendChild(document.createComment(String(i)));
    flood.appendChild(fragment);
  });
  const { article, threw, swallowed } = await extractIn(page);
  expect(threw).toBeNull();
  expect(swallowed).toEqual([]);
  expect(flat(article?.text)).toContain(STORY.last);
  expect(article?.diagnostics.capped).toEqual(['elements']);
});

test('a document without <body> yields the article under <html>', async ({ page }) => {
  await page.goto(oddUrl('no-body'));
  await expect(page.locator('html')).toHaveAttribute('data-built', 'no-body');
  expect(await page.evaluate(() => document.body === null)).toBe(true);
  const { article, threw, swallowed } = await extractIn(page);
  expect(threw).toBeNull();
  expect(swallowed).toEqual([]);
  expect(flat(article?.text)).toContain(STORY.first);
});

test('an XML document and an SVG document: no exception, nothing swallowed', async ({ page }) => {
  await page.goto(oddUrl('xml'));
  const xml = await extractIn(page);
  expect(xml.threw).toBeNull();
  expect(xml.swallowed).toEqual([]);
  await page.goto('https://news.test/news-article/old-mill-bridge.svg');
  const svg = await extractIn(page);
  expect(svg.threw).toBeNull();
  expect(svg.swallowed).toEqual([]);
  expect(svg.article).toBeNull();
});

test('about:blank: no article, nothing swallowed', async ({ page }) => {
  await page.goto('about:blank');
  const { article, threw, swallowed } = await extractIn(page);
  expect(threw).toBeNull();
  expect(swallowed).toEqual([]);
  expect(article).toBeNull();
});

test('in the main world of a page that sabotaged its built-ins, extract() reads the article and leaves the page its own', async ({
  page,
}) => {
  await page.setContent(`<article><h1>${STORY.title}</h1>${storyParagraphs()}</article>`);
  await extractIn(page); // loads lectern.js before the page breaks its world
  // The call and its outcome go through DOM attributes: page.evaluate's own plumbing uses the broken
  // built-ins too, so the outcome is read back through a locator (Playwright's isolated utility world). The
  // script itself keeps to what the sabotage left alone (index loops, string indexOf).
  await page.evaluate(`${SABOTAGE}
    (() => {
      const html = document.documentElement;
      let swallowed = '';
      try {
        const article = Lectern.extract(document, {
          onError: (error) => {
            swallowed += String(error) + ' ';
          },
        });
        html.setAttribute('data-title', article === null ? '(null)' : article.title);
        html.setAttribute('data-text', article === null ? '' : article.text);
        html.setAttribute('data-markdown', article === null ? '' : Lectern.toMarkdown(article));
      } catch (error) {
        html.setAttribute('data-threw', String(error));
      }
      html.setAttribute('data-swallowed', swallowed);
      let theirs = 0;
      for (let i = 0; i < window.sabotage.length; i++) {
        const [target, name, fn] = window.sabotage[i];
        if (target[name] === fn) theirs += 1;
      }
      html.setAttribute('data-theirs', String(theirs));
      html.setAttribute('data-replaced', String(window.sabotage.length));
      try { [1].map((x) => x); html.setAttribute('data-map', 'works'); } catch (error) { html.setAttribute('data-map', String(error)); }
    })();`);
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-sabotaged', 'yes');
  expect(await html.getAttribute('data-threw')).toBeNull();
  expect(await html.getAttribute('data-swallowed')).toBe('');
  expect(await html.getAttribute('data-title')).toBe(STORY.title);
  const text = flat(await html.getAttribute('data-text'));
  expect(text).toContain(STORY.first);
  expect(text).toContain(STORY.last);
  expect(flat(await html.getAttribute('data-markdown'))).toContain(STORY.last);
  // Every method the page replaced is the page's again after the call, and still does what the page made it do.
  const replaced = Number(await html.getAttribute('data-replaced'));
  expect(replaced).toBeGreaterThan(20);
  expect(Number(await html.getAttribute('data-theirs'))).toBe(replaced);
  expect(await html.getAttribute('data-map')).toBe('Error: sabotaged Array.prototype.map');
});
