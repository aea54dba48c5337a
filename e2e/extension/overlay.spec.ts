/** The reader overlay in the article tab: opened from the popup, closed by Esc, Close and the toggle message. */
import { expect, type Page, test } from '@playwright/test';
import type { Envelope } from '../../extension/shared/messages.ts';
import { type Extension, launchExtension, openTab, type WorkerChrome } from './harness.ts';
import { NEWS, NO_ARTICLE } from './pages.ts';

let extension: Extension;

test.beforeAll(async () => {
  extension = await launchExtension();
});

test.afterAll(async () => {
  await extension?.context.close();
});

interface Snapshot {
  html: string;
  x: number;
  y: number;
  /** A path to the focused element, e.g. "html>body>header>a:nth-child(1)". */
  focused: string;
}

function snapshot(page: Page): Promise<Snapshot> {
  return page.evaluate(() => {
    const pathTo = (element: Element | null): string => {
      const parts: string[] = [];
      for (let el = element; el; el = el.parentElement) {
        const index = el.parentElement ? [...el.parentElement.children].indexOf(el) + 1 : 1;
        parts.unshift(`${el.localName}:nth-child(${index})`);
      }
      return parts.join('>');
    };
    return {
      html: document.documentElement.outerHTML,
      x: window.scrollX,
      y: window.scrollY,
      focused: pathTo(document.activeElement),
    };
  });
}

/** The article tab, with a link focused and the page scrolled down, as a reader would leave it. */
async function articleTab(): Promise<{ page: Page; tabId: number; before: Snapshot }> {
  const { page, tabId } = await openTab(extension, NEWS.url);
  await page.locator('a[href]').first().focus();
  await page.evaluate(() => window.scrollTo(0, 600));
  const before = await snapshot(page);
  expect(before.y).toBe(600);
  expect(before.focused).toMatch(/>a:nth-child\(\d+\)$/);
  return { page, tabId, before };
}

async function openFromPopup(tabId: number): Promise<void> {
  const popup = await extension.context.newPage();
  await popup.goto(extension.popupUrl(tabId));
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Open reader view' }).click();
  await closed;
}

function sendFromWorker(tabId: number, message: Envelope): Promise<unknown> {
  return extension.worker.evaluate(
    ([id, body]) => (globalThis as unknown as { chrome: WorkerChrome }).chrome.tabs.sendMessage(id, body),
    [tabId, message] as const,
  );
}

const reader = (page: Page) => page.locator('lectern-reader .lectern-root');

async function expectRestored(page: Page, before: Snapshot): Promise<void> {
  await expect(page.locator('lectern-reader')).toHaveCount(0);
  expect(await snapshot(page)).toEqual(before);
}

test('Open reader view shows the article without the sidebar', async () => {
  const { page, tabId } = await articleTab();
  await openFromPopup(tabId);
  await expect(reader(page)).toBeVisible();
  await expect(reader(page).getByRole('heading', { name: NEWS.title }).first()).toBeVisible();
  await expect(reader(page)).toContainText(NEWS.body);
  await expect(reader(page)).not.toContainText(NEWS.sidebar);
});

test('Esc closes the reader and gives the page back unchanged', async () => {
  const { page, tabId, before } = await articleTab();
  await openFromPopup(tabId);
  await expect(reader(page)).toBeVisible();
  await page.bringToFront();
  await page.keyboard.press('Escape');
  await expectRestored(page, before);
});

test('the Close button gives the page back unchanged', async () => {
  const { page, tabId, before } = await articleTab();
  await openFromPopup(tabId);
  await page.bringToFront();
  await reader(page).getByRole('button', { name: 'Close reader view' }).click();
  await expectRestored(page, before);
});

test('the toolbar popup closes an open reader and gives the page back unchanged', async () => {
  const { page, tabId, before } = await articleTab();
  await openFromPopup(tabId);
  await expect(reader(page)).toBeVisible();
  const popup = await extension.context.newPage();
  await popup.goto(extension.popupUrl(tabId));
  const close = popup.getByRole('button', { name: 'Close reader view' });
  await expect(close).toBeFocused();
  const closed = popup.waitForEvent('close');
  await close.click();
  await closed;
  await expectRestored(page, before);
});

test('the toggle message (shortcut and toolbar path) opens and closes the reader', async () => {
  const { page, tabId, before } = await articleTab();
  // Inject through the popup, as the background does on a key press; then drive the same message it sends.
  const popup = await extension.context.newPage();
  await popup.goto(extension.popupUrl(tabId));
  await expect(popup.getByRole('heading', { name: NEWS.title }).first()).toBeVisible();
  await popup.close();

  const toggle: Envelope<'content:toggle'> = { lectern: 'content:toggle', payload: {} };
  expect(await sendFromWorker(tabId, toggle)).toEqual({ open: true, pdf: false });
  await expect(reader(page).getByRole('heading', { name: NEWS.title }).first()).toBeVisible();
  expect(await sendFromWorker(tabId, toggle)).toEqual({ open: false, pdf: false });
  await expectRestored(page, before);
});

test('the toggle on a page without an article says so inside the overlay', async () => {
  const { page, tabId } = await openTab(extension, NO_ARTICLE.url);
  const before = await snapshot(page);
  const popup = await extension.context.newPage();
  await popup.goto(extension.popupUrl(tabId));
  await expect(popup.getByRole('heading', { name: 'No article found on this page' })).toBeVisible();
  await popup.close();

  const toggle: Envelope<'content:toggle'> = { lectern: 'content:toggle', payload: {} };
  expect(await sendFromWorker(tabId, toggle)).toEqual({ open: true, pdf: false });
  const notice = page.locator('lectern-reader').getByRole('alertdialog');
  await expect(notice.getByRole('heading', { name: 'No article found on this page' })).toBeVisible();
  await expect(notice.getByRole('button', { name: 'Show anyway' })).toBeFocused();
  await page.bringToFront();
  await page.keyboard.press('Escape');
  await expectRestored(page, before);
});

test('Copy text in the reader puts the article on the clipboard', async () => {
  await extension.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { page, tabId } = await articleTab();
  await openFromPopup(tabId);
  await page.bringToFront();
  await reader(page).getByRole('button', { name: 'Copy text' }).click();
  await expect(reader(page).getByText(/Copied [\d,]+ words/)).toBeVisible();
  const text = await page.evaluate(() => navigator.clipboard.readText());
  expect(text).toContain(NEWS.title);
  expect(text).toContain(NEWS.body);
  expect(text).not.toContain(NEWS.sidebar);
});
