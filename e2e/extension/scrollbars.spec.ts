/**
 * The page's own scrollbar beside the reader's. Headless Chromium draws no scrollbars, so this runs headed on a
 * private Xvfb display (as the shortcut's test does), where the window's scrollbar takes its width of the page.
 */
import { existsSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { type Display, startDisplay, XVFB } from '../firefox/x11.ts';
import { overlayOf } from '../support/overlay.ts';
import { type Extension, launchExtension, openReaderFromPopup, openTab } from './harness.ts';
import { NEWS } from './pages.ts';

let display: Display | undefined;
let extension: Extension | undefined;

test.beforeAll(async () => {
  if (!existsSync(XVFB)) {
    const reason = `needs Xvfb (apt-get install xvfb); missing ${XVFB}`;
    if (process.env.CI) throw new Error(reason);
    test.skip(true, reason);
  }
  display = await startDisplay();
  extension = await launchExtension({ headless: false, env: { DISPLAY: display.name } });
});

test.afterAll(async () => {
  await extension?.context.close();
  display?.close();
});

test('the page’s own scrollbar is not shown beside the reader’s, and is back, the page where it was, when the reader closes', async () => {
  if (!extension) throw new Error('not launched');
  const { page, tabId } = await openTab(extension, NEWS.url);
  await page.evaluate(() => window.scrollTo(0, 600));
  const state = () =>
    page.evaluate(() => ({
      window: window.innerWidth,
      page: document.documentElement.clientWidth,
      y: window.scrollY,
    }));
  const before = await state();
  // The page scrolls, so the window shows its scrollbar: the page is the window's width less it.
  expect(before.page).toBeLessThan(before.window);
  await openReaderFromPopup(extension, page, tabId);
  const overlay = await overlayOf(page);
  await expect.poll(() => overlay.shows(NEWS.body)).toBe(true);
  // Only the reader's scrollbar: the page's is gone, and the reader covers the whole window.
  await expect.poll(async () => (await state()).page).toBe(before.window);
  const covered = await overlay.evaluate((root) => (root.host as HTMLElement).getBoundingClientRect().width);
  expect(covered).toBe(before.window);
  await page.bringToFront();
  await page.keyboard.press('Escape');
  await expect.poll(() => overlay.find()).toBeNull();
  expect(await state()).toEqual(before);
  await page.close();
});
