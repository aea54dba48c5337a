/**
 * Multi-page articles (issue 21 §5), in the built extension: an article whose page marks its next part offers
 * "Load the next page" at its end; asked, the next part is fetched from the same site and shown after a
 * "Page 2" heading, without the site's menus and footer again, and copied with the rest. A part that links back
 * to one shown ends it, and so does a next page on another site or of another article (never offered).
 */
import { expect, test } from '@playwright/test';
import { openReaderOn, useExtension } from './harness.ts';

const extension = useExtension({ clipboard: true });

const BASE = 'https://news.test/long-read/';
const MENU = 'Home News Sport Weather Subscribe to The Daily';
const FOOTER = 'The Daily, 1 Harbour Street. Letters to the editor are welcome at the front desk.';

/** Words of each part of the article: its own, so that each can be looked for. */
const para = (part: number, n: number) =>
  `<p>Part ${part}, paragraph ${n}: the ${['ferry', 'harbour', 'tram', 'library'][part % 4]} story goes on, ${'with more of what the council said and what the residents answered, '.repeat(2)}until the meeting ended.</p>`;

function partPage(part: number, next: string | null, pagination = true): string {
  const links = [1, 2, 3]
    .map((n) =>
      n === part
        ? `<span aria-current="page" class="current">${n}</span>`
        : `<a href="${BASE}${n === 1 ? '' : `${n}/`}">${n}</a>`,
    )
    .join(' ');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>The long read | The Daily</title>
${next === null ? '' : `<link rel="next" href="${next}">`}</head><body>
<nav class="menu">${MENU}</nav>
<main><article><h1>The long read</h1>
${[1, 2, 3, 4].map((n) => para(part, n)).join('')}
${pagination ? `<nav class="pagination" aria-label="Pages">${links}</nav>` : ''}
</article></main>
<footer><p>${FOOTER}</p></footer>
</body></html>`;
}

async function serve(url: string, body: string, status = 200): Promise<void> {
  await extension.context.route(url, (route) =>
    route.fulfill({ status, contentType: 'text/html; charset=utf-8', body }),
  );
}

const openReader = (url: string) => openReaderOn(extension, url, 'paragraph 1');

test('loads the next pages of an article one by one, each after its heading, and stops at a page that links back', async () => {
  await serve(BASE, partPage(1, `${BASE}2/`));
  await serve(`${BASE}2/`, partPage(2, `${BASE}3/`));
  // The last part's "next" is the first again: shown already, so it ends there.
  await serve(`${BASE}3/`, partPage(3, BASE));
  const { page, overlay } = await openReader(BASE);
  expect(await overlay.shows('Part 2, paragraph 1')).toBe(false);
  await expect.poll(() => overlay.has('Load the next page')).toBe(true);

  await overlay.click('Load the next page');
  await expect.poll(() => overlay.shows('Part 2, paragraph 4')).toBe(true);
  expect(await overlay.shows('Part 1, paragraph 4')).toBe(true);
  // The heading of the new part has the focus, and the site's menu and footer are not shown a second time.
  expect(await overlay.evaluate((root) => root.activeElement?.textContent)).toBe('Page 2');
  const text = await overlay.text();
  expect(text.split('Page 2').length).toBe(2);
  expect(text).not.toContain('Harbour Street');
  expect(text).not.toContain('Subscribe to The Daily');
  expect(await overlay.shows('2 pages shown.')).toBe(true);

  await overlay.click('Load the next page');
  await expect.poll(() => overlay.shows('Part 3, paragraph 4')).toBe(true);
  await expect.poll(() => overlay.shows('The last page: 3 pages shown.')).toBe(true);
  expect(await overlay.has('Load the next page')).toBe(false);

  // What is copied is what is shown: every part.
  await overlay.click('Copy text');
  await expect
    .poll(() => page.evaluate(() => navigator.clipboard.readText()).catch(() => ''))
    .toContain('Part 3, paragraph 4');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('Part 1, paragraph 1');
  expect(copied).toContain('Part 2, paragraph 2');
  await page.close();
});

test('says why a next page could not be loaded, and tries again when asked', async () => {
  const url = 'https://news.test/broken-read/';
  await serve(url, partPage(1, `${url}2/`, false));
  await serve(`${url}2/`, 'Not here', 404);
  const { page, overlay } = await openReader(url);
  await expect.poll(() => overlay.has('Load the next page')).toBe(true);
  await overlay.click('Load the next page');
  await expect.poll(() => overlay.shows('Couldn’t load the next page: the site answered 404.')).toBe(true);
  expect(await overlay.has('Try again')).toBe(true);
  await page.close();
});

test('offers no next page on another site or of another article', async () => {
  const elsewhere = 'https://news.test/elsewhere/';
  await serve(elsewhere, partPage(1, 'https://other.test/elsewhere/2/', false));
  const nextStory = 'https://news.test/stories/ferry/';
  await serve(nextStory, partPage(1, 'https://news.test/stories/tram/', false));
  for (const url of [elsewhere, nextStory]) {
    const { page, overlay } = await openReader(url);
    // The tools are loaded (the page marks a next page), and find none to offer.
    await page.waitForTimeout(500);
    expect(await overlay.has('Load the next page')).toBe(false);
    expect(await overlay.shows('This article goes on')).toBe(false);
    await page.close();
  }
});
