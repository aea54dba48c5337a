/** The popup, opened as a page about a given tab (?tab=<id>), against the e2e build with host access. */
import { expect, type Page, test } from '@playwright/test';
import { overlayOf } from '../support/overlay.ts';
import { type Extension, launchExtension, openReaderFromPopup, openTab } from './harness.ts';
import { NEWS, NO_ARTICLE, PRODUCT, THREAD } from './pages.ts';

let extension: Extension;

test.beforeAll(async () => {
  extension = await launchExtension();
});

test.afterAll(async () => {
  await extension?.context.close();
});

async function openPopupFor(url: string): Promise<Page> {
  const { tabId } = await openTab(extension, url);
  const popup = await extension.context.newPage();
  await popup.goto(extension.popupUrl(tabId));
  return popup;
}

test('shows the article title, site and reading time', async () => {
  const popup = await openPopupFor(NEWS.url);
  await expect(popup.getByRole('heading', { level: 1 })).toHaveText(NEWS.title);
  await expect(popup.getByText(/\d+ min read/)).toBeVisible();
  await expect(popup.getByText(/[\d,]+ words/)).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Open reader view' })).toBeFocused();
});

test('the copy and save buttons are rows of even one-line buttons inside the popup, each named in full', async () => {
  const popup = await openPopupFor(NEWS.url);
  const names = [
    'Copy text',
    'Copy Markdown',
    'Copy rich text',
    'Save .md',
    'Save .txt',
    'Save .html',
    'Save .html, no images',
  ];
  const open = await popup.getByRole('button', { name: 'Open reader view' }).boundingBox();
  const width = await popup.evaluate(() => document.body.getBoundingClientRect().right);
  const boxes = [];
  for (const name of names) {
    const whole = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'i');
    const box = await popup.getByRole('button', { name: whole }).boundingBox({ timeout: 5000 });
    if (box === null || open === null) throw new Error(`no button "${name}" on screen`);
    // One line: as high as the reader button's, which has one.
    expect(box.height, name).toBeLessThanOrEqual(open.height + 1);
    expect(box.x + box.width, name).toBeLessThanOrEqual(width);
    boxes.push(box);
  }
  // The three copies are as wide as one another.
  const copies = boxes.slice(0, 3).map((box) => Math.round(box.width));
  expect(Math.max(...copies) - Math.min(...copies)).toBeLessThanOrEqual(1);
  await expect(popup.getByRole('group', { name: 'Save' })).toBeVisible();
  await popup.close();
});

test('a forum thread is named as one, in the popup and in the reader, with its replies counted', async () => {
  const { page, tabId } = await openTab(extension, THREAD.url);
  const popup = await extension.context.newPage();
  await popup.goto(extension.popupUrl(tabId));
  await expect(popup.getByRole('heading', { level: 1 })).toHaveText(THREAD.title);
  await expect(popup.getByText('Thread · 3 replies')).toBeVisible();
  await popup.close();

  await openReaderFromPopup(extension, page, tabId);
  const overlay = await overlayOf(page);
  await expect.poll(() => overlay.text()).toContain('Thread · 3 replies');
  expect(await overlay.shows(THREAD.lastReply)).toBe(true);

  // An article is not called a thread.
  const news = await openPopupFor(NEWS.url);
  await expect(news.getByText(/\d+ min read/)).toBeVisible();
  await expect(news.getByText(/^Thread/)).toHaveCount(0);
});

test('a product page is named as one, in the popup and in the reader, with its specifications', async () => {
  const { page, tabId } = await openTab(extension, PRODUCT.url);
  const popup = await extension.context.newPage();
  await popup.goto(extension.popupUrl(tabId));
  await expect(popup.getByRole('heading', { level: 1 })).toHaveText(PRODUCT.title);
  await expect(popup.getByText('Product', { exact: true })).toBeVisible();
  await popup.close();

  await openReaderFromPopup(extension, page, tabId);
  const overlay = await overlayOf(page);
  await expect.poll(() => overlay.text()).toContain('Product');
  expect(await overlay.shows(PRODUCT.spec)).toBe(true);

  // An article is not called a product.
  const news = await openPopupFor(NEWS.url);
  await expect(news.getByText(/\d+ min read/)).toBeVisible();
  await expect(news.getByText('Product', { exact: true })).toHaveCount(0);
});

test('Copy text and Copy Markdown put the article on the clipboard', async () => {
  // Chromium rejects a chrome-extension:// origin here ("opaque origin"): grant for every origin instead.
  await extension.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const popup = await openPopupFor(NEWS.url);

  await popup.getByRole('button', { name: 'Copy text' }).click();
  await expect(popup.getByRole('status')).toHaveText(/^Copied [\d,]+ words$/);
  const text = await popup.evaluate(() => navigator.clipboard.readText());
  expect(text).toContain(NEWS.title);
  expect(text).toContain(NEWS.body);
  expect(text).not.toContain(NEWS.sidebar);

  await popup.getByRole('button', { name: 'Copy Markdown' }).click();
  await expect(popup.getByRole('status')).toHaveText(/^Copied [\d,]+ words as Markdown$/);
  const markdown = await popup.evaluate(() => navigator.clipboard.readText());
  expect(markdown.startsWith(`# ${NEWS.title}`)).toBe(true);
  expect(markdown).toMatch(NEWS.markdown);
  expect(markdown).toContain(NEWS.body);
  expect(markdown).not.toContain(NEWS.sidebar);
});

test('a page without an article offers Show anyway', async () => {
  const popup = await openPopupFor(NO_ARTICLE.url);
  await expect(popup.getByRole('heading', { name: 'No article found on this page' })).toBeVisible();
  const showAnyway = popup.getByRole('button', { name: 'Show anyway' });
  await expect(showAnyway).toBeFocused();
  await showAnyway.click();
  // The front page shown anyway: its list of stories to open, said to be a list (uncounted: its cards were not
  // found as one set), never "List · 0 items".
  await expect(popup.getByRole('button', { name: 'Open reader view' })).toBeVisible();
  await expect(popup.getByText('List', { exact: true })).toBeVisible();
  await expect(popup.getByText('No article found on this page')).toHaveCount(0);
});

test('the setting makes the toolbar button skip the popup', async () => {
  const popup = await openPopupFor(NEWS.url);
  const chrome = (fn: string) => extension.worker.evaluate(fn);
  const getPopup = () => chrome('chrome.action.getPopup({})');
  const popupPath = /\/extension\/popup\/index\.html$/;
  const checkbox = popup.getByRole('checkbox', { name: 'Toolbar button opens reader view directly' });
  await expect(checkbox).not.toBeChecked();
  await expect.poll(getPopup).toMatch(popupPath);

  await checkbox.check();
  await expect.poll(getPopup).toBe('');
  // A popup opened later reads the saved setting.
  const again = await openPopupFor(NEWS.url);
  await expect(
    again.getByRole('checkbox', { name: 'Toolbar button opens reader view directly' }),
  ).toBeChecked();

  await checkbox.uncheck();
  await expect.poll(getPopup).toMatch(popupPath);

  // The service worker follows the stored setting by itself (e.g. when it changes on another synced device).
  await chrome('chrome.storage.sync.set({ actionOpensReader: true })');
  await expect.poll(getPopup).toBe('');
  await chrome('chrome.storage.sync.set({ actionOpensReader: false })');
  await expect.poll(getPopup).toMatch(popupPath);
});

test('Copy rich text and Save from the popup; the header setting decides whether copies start with the title', async () => {
  await extension.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { page, tabId } = await openTab(extension, NEWS.url);
  const popup = await extension.context.newPage();
  await popup.goto(extension.popupUrl(tabId));

  await popup.getByRole('button', { name: 'Copy rich text' }).click();
  await expect(popup.getByRole('status')).toHaveText(/^Copied [\d,]+ words as rich text$/);
  const html = await popup.evaluate(async () => {
    const [item] = await navigator.clipboard.read();
    return item?.types.includes('text/html') ? (await item.getType('text/html')).text() : null;
  });
  expect(html).toContain(`<h1>${NEWS.title}</h1>`);
  expect(html).toMatch(/<h2>What the money buys<\/h2>/);

  const download = page.waitForEvent('download');
  await popup.getByRole('button', { name: 'Save .md' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Council-approves-the-bridge-budget.md');
  await expect(popup.getByRole('status')).toHaveText('Saved Council-approves-the-bridge-budget.md');

  await extension.worker.evaluate(() =>
    (
      globalThis as unknown as { chrome: { storage: { sync: { set(v: object): Promise<void> } } } }
    ).chrome.storage.sync.set({ copyHeader: false }),
  );
  try {
    await popup.getByRole('button', { name: 'Copy text' }).click();
    await expect(popup.getByRole('status')).toHaveText(/^Copied [\d,]+ words$/);
    const text = await popup.evaluate(() => navigator.clipboard.readText());
    expect(text.startsWith(NEWS.title)).toBe(false);
    expect(text).toContain(NEWS.body);
  } finally {
    await extension.worker.evaluate(() =>
      (
        globalThis as unknown as { chrome: { storage: { sync: { set(v: object): Promise<void> } } } }
      ).chrome.storage.sync.set({ copyHeader: true }),
    );
  }
});
