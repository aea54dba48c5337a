/**
 * The toolbar button's context menu (copy or save without opening the reader). Playwright can't open a
 * browser context menu, so the test calls what choosing an item runs (`lecternMenuItem` in the service
 * worker, the same function the menu's onClicked listener calls) and checks what a person gets: the
 * clipboard, the downloaded file, the message on the button, and a page left exactly as it was.
 */
import { expect, test } from '@playwright/test';
import { overlayOf } from '../support/overlay.ts';
import { type Extension, launchExtension, openTab, type WorkerChrome, watchWorkerErrors } from './harness.ts';
import { NEWS } from './pages.ts';

let extension: Extension;
let workerErrors: () => Promise<string[]>;

test.beforeAll(async () => {
  extension = await launchExtension();
  workerErrors = await watchWorkerErrors(extension);
});

test.afterAll(async () => {
  await extension?.context.close();
});

function choose(itemId: string, tabId: number): Promise<void> {
  return extension.worker.evaluate(
    ([id, tab]) =>
      (globalThis as unknown as { lecternMenuItem(id: string, tab: number): Promise<void> }).lecternMenuItem(
        id,
        tab,
      ),
    [itemId, tabId] as const,
  );
}

const buttonTitle = (tabId: number) =>
  extension.worker.evaluate(
    (id) => (globalThis as unknown as { chrome: WorkerChrome }).chrome.action.getTitle({ tabId: id }),
    tabId,
  );

test('Copy article as Markdown and as rich text, without opening the reader or touching the page', async () => {
  await extension.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { page, tabId } = await openTab(extension, NEWS.url);
  const before = await page.evaluate(() => document.documentElement.outerHTML);

  await choose('copy-markdown', tabId);
  expect(await buttonTitle(tabId)).toMatch(/copied [\d,]+ words$/);
  const markdown = await page.evaluate(() => navigator.clipboard.readText());
  expect(markdown.startsWith(`# ${NEWS.title}`)).toBe(true);
  expect(markdown).toMatch(NEWS.markdown);

  await choose('copy-html', tabId);
  const html = await page.evaluate(async () => {
    const [item] = await navigator.clipboard.read();
    return item?.types.includes('text/html') ? (await item.getType('text/html')).text() : null;
  });
  expect(html).toMatch(/<h2>What the money buys<\/h2>/);

  // No reader opened (its root is closed: looked for through the debugging protocol), and not a node changed.
  expect(await (await overlayOf(page)).find()).toBeNull();
  expect(await page.evaluate(() => document.documentElement.outerHTML)).toBe(before);
  expect(await workerErrors()).toEqual([]);
});

test('Save article as web page downloads the file; a browser page gets an explanation instead', async () => {
  const { page, tabId } = await openTab(extension, NEWS.url);
  const download = page.waitForEvent('download');
  await choose('save-html', tabId);
  expect((await download).suggestedFilename()).toBe('Council-approves-the-bridge-budget.html');
  expect(await buttonTitle(tabId)).toMatch(/saved Council-approves-the-bridge-budget\.html$/);

  const browserPage = await openTab(extension, 'chrome://version');
  await choose('copy-text', browserPage.tabId);
  expect(await buttonTitle(browserPage.tabId)).toMatch(/isn’t available/);
  expect(await workerErrors()).toEqual([]);
});
