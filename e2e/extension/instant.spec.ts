/**
 * The instant reader, in the built extension: off until turned on in the options page; then each page of a site
 * is read ahead at idle by the content script registered there, which lights the toolbar button on a page
 * with an article (and not on one without), and is there before any click, so the reader only paints. The
 * page is not touched. Turned off, nothing runs on the next page.
 */
import { expect, type Page, test } from '@playwright/test';
import { overlayOf } from '../support/overlay.ts';
import { answersInTab, buttonIn, openReaderFromPopup, openTab, storedIn, useExtension } from './harness.ts';
import { NO_ARTICLE } from './pages.ts';

const extension = useExtension();

interface WorkerApi {
  scripting: { getRegisteredContentScripts(): Promise<{ id: string; js?: string[]; matches?: string[] }[]> };
}

const registered = () =>
  extension.worker.evaluate(async () =>
    (
      await (globalThis as unknown as { chrome: WorkerApi }).chrome.scripting.getRegisteredContentScripts()
    ).map((script) => ({ id: script.id, js: script.js })),
  );

const button = (tabId: number) => buttonIn(extension, tabId);

const answers = (tabId: number) => answersInTab(extension, tabId);

const STORY = 'https://news.test/instant-story/';
const SENTENCE = 'The ferry crossing reopened on Monday after three weeks of repairs to the landing stage.';
const story = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Ferry crossing reopens | The Courier</title></head><body>
<header><nav><a href="/">Home</a> <a href="/news">News</a></nav></header>
<main><article><h1>Ferry crossing reopens</h1>
${Array.from({ length: 6 }, (_, i) => `<p>${i === 0 ? SENTENCE : ''} Paragraph ${i + 1}: the harbour master said the new pontoon would carry twice the load of the old one, and that the timetable would return to its summer pattern within the week.</p>`).join('\n')}
</article></main><footer><p>© The Courier</p></footer>
<script>
  // What the page could see of a reader reading it: any change to its document after it loaded.
  window.changes = 0;
  addEventListener('load', () => new MutationObserver((records) => { window.changes += records.length; })
    .observe(document, { subtree: true, childList: true, attributes: true, characterData: true }));
</script>
</body></html>`;

async function openOptions(): Promise<Page> {
  const page = await extension.context.newPage();
  await page.goto(`chrome-extension://${extension.id}/extension/options/index.html`);
  return page;
}

test.beforeEach(async () => {
  await extension.context.route(STORY, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: story }),
  );
});

test('turned on, a page is read ahead: the button shows it has an article, the reader is there before the click and the page is untouched; turned off, nothing runs', async () => {
  const options = await openOptions();
  const box = options.getByRole('checkbox', { name: 'Read pages ahead, for an instant reader view' });
  await expect(box).not.toBeChecked();
  // Off: a page is not entered until a person asks.
  const before = await openTab(extension, STORY);
  await before.page.waitForLoadState('load');
  await before.page.waitForTimeout(500);
  expect(await answers(before.tabId)).toBe(false);
  expect((await button(before.tabId)).badge).toBe('');
  await before.page.close();

  await box.click();
  await expect(box).toBeChecked();
  // The box shows the click at once; the script is registered once the browser has answered for the access.
  await expect
    .poll(registered)
    .toEqual([{ id: 'instant', js: ['extension/content/ahead.js', 'extension/content/main.js'] }]);

  const { page, tabId } = await openTab(extension, STORY);
  await expect
    .poll(() => button(tabId))
    .toEqual({
      badge: '•',
      title: expect.stringMatching(/^Lectern.*: this page has an article \(.+ reads it\)$/),
    });
  // Read, and waiting for the key press: the content script answers without being injected.
  expect(await answers(tabId)).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { changes: number }).changes)).toBe(0);
  await openReaderFromPopup(extension, page, tabId);
  const overlay = await overlayOf(page);
  await expect.poll(() => overlay.shows(SENTENCE)).toBe(true);

  // A page with no article: read ahead too, and the button stays as it was.
  const other = await openTab(extension, NO_ARTICLE.url);
  await expect.poll(() => answers(other.tabId)).toBe(true);
  await other.page.waitForTimeout(300);
  expect((await button(other.tabId)).badge).toBe('');

  await box.click();
  await expect(box).not.toBeChecked();
  await expect.poll(registered).toEqual([]);
  const after = await openTab(extension, STORY);
  await after.page.waitForLoadState('load');
  await after.page.waitForTimeout(500);
  expect(await answers(after.tabId)).toBe(false);
  expect((await button(after.tabId)).badge).toBe('');
  for (const opened of [options, page, other.page, after.page]) await opened.close();
});

const FONT_PAGE = 'https://news.test/instant-fonts/';
const FONT_FILE = 'https://news.test/fonts/charter.woff2';
/** A story whose page declares a web font under the name of the reader's serif, and never uses it. */
const fontPage = story.replace(
  '</head>',
  `<style>@font-face { font-family: "Charter"; src: url(${FONT_FILE}) format("woff2"); }</style></head>`,
);

test('the faces the reader shows are kept for the instant reader, and reading a page ahead never fetches a font the page declares under their names', async () => {
  // The reader opened by a person keeps the faces it shows: its headline's and its text's among them.
  const first = await openTab(extension, STORY);
  await openReaderFromPopup(extension, first.page, first.tabId);
  const overlay = await overlayOf(first.page);
  await expect.poll(() => overlay.shows(SENTENCE)).toBe(true);
  const shown = await overlay.evaluate((root) =>
    ['.l-title', '.l-content p'].map((selector) => {
      const style = getComputedStyle(root.querySelector(selector) as Element);
      return `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    }),
  );
  expect(shown[0]).toMatch(/^normal 700 [\d.]+px Charter, /);
  await expect
    .poll(async () => (await storedIn(extension)).readerTypefaces)
    .toEqual(expect.arrayContaining(shown));
  await first.page.close();

  const options = await openOptions();
  const box = options.getByRole('checkbox', { name: 'Read pages ahead, for an instant reader view' });
  await box.click();
  await expect.poll(registered).not.toEqual([]);
  let fetched = 0;
  await extension.context.route(FONT_PAGE, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: fontPage }),
  );
  await extension.context.route(FONT_FILE, (route) => {
    fetched += 1;
    return route.fulfill({ status: 404, body: '' });
  });

  // Read ahead, its faces looked up at idle: the page's own "Charter" is not one the look-up asks for.
  const { page, tabId } = await openTab(extension, FONT_PAGE);
  await expect.poll(async () => (await button(tabId)).badge).toBe('•');
  await page.waitForTimeout(1000);
  expect(fetched).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { changes: number }).changes)).toBe(0);
  // Control: a look-up of that family in the page fetches the font, and the test sees it.
  await page.evaluate(() => document.fonts.load('16px Charter').catch(() => undefined));
  await expect.poll(() => fetched).toBe(1);

  await box.click();
  await expect.poll(registered).toEqual([]);
  for (const opened of [options, page]) await opened.close();
});
