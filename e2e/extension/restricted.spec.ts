/**
 * Pages no extension may read, seen from the popup (opened as a page about the tab, without the activeTab grant
 * a click gives: so where Chromium hides the URL, the injection's answer must do). Each must explain itself in
 * seconds, offer nothing to open, and leave the service worker without an error. The shortcut on the same pages
 * is tested with real key presses in shortcut.spec.ts.
 */
import { expect, test } from '@playwright/test';
import { overlayOf } from '../support/overlay.ts';
import { type Extension, launchExtension, openTab, watchWorkerErrors } from './harness.ts';
import { RESTRICTED_ARGS, RESTRICTED_PAGES, servePdfs } from './restricted-pages.ts';

let extension: Extension;
let workerErrors: () => Promise<string[]>;

test.beforeAll(async () => {
  extension = await launchExtension({ args: RESTRICTED_ARGS });
  await servePdfs(extension.context);
  workerErrors = await watchWorkerErrors(extension);
});

test.afterAll(async () => {
  await extension?.context.close();
});

const UNAVAILABLE = 'Reader view isn’t available on this page';

for (const { name, url } of RESTRICTED_PAGES) {
  test(`the popup on ${name} says reader view is not available there`, async () => {
    // The Web Store can't resolve here: Chromium shows its error page and the tab keeps the store's URL.
    const { page, tabId } = await openTab(extension, url, /ERR_NAME_NOT_RESOLVED/);
    const popup = await extension.context.newPage();
    await popup.goto(extension.popupUrl(tabId));
    if (name === 'view-source:') {
      // Chromium hides a view-source: URL from an extension page without the click's grant, and never settles an
      // injection there: the popup must still give an answer instead of spinning.
      await expect(popup.getByText('This page didn’t let Lectern in.', { exact: false })).toBeVisible({
        timeout: 10_000,
      });
    } else {
      await expect(popup.getByRole('heading', { level: 1 })).toHaveText(UNAVAILABLE);
    }
    if (name.startsWith('a PDF'))
      await expect(popup.getByText(/PDFs open in the browser’s own viewer/)).toBeVisible();
    await expect(popup.getByRole('button', { name: 'Open reader view' })).toHaveCount(0);
    // No overlay in the tab (its root is closed: looked for through the debugging protocol).
    expect(await (await overlayOf(page)).find()).toBeNull();
    expect(await workerErrors()).toEqual([]);
    await popup.close();
    await page.close();
  });
}
