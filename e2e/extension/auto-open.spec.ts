/**
 * "Always open reader view on this site", in the built extension: turned on from the popup, the
 * site's article pages open in reader view by themselves and its pages without an article don't; turned off in
 * the options page, they open as before. Refused, it stays off, says so and registers nothing.
 */
import { expect, type Page, test } from '@playwright/test';
import { overlayOf } from '../support/overlay.ts';
import { answersInTab, openTab, useExtension } from './harness.ts';
import { NEWS, NO_ARTICLE } from './pages.ts';

const extension = useExtension();

interface WorkerApi {
  scripting: { getRegisteredContentScripts(): Promise<{ id: string; matches?: string[] }[]> };
  permissions: { contains(p: object): Promise<boolean> };
}

const registered = () =>
  extension.worker.evaluate(async () =>
    (
      await (globalThis as unknown as { chrome: WorkerApi }).chrome.scripting.getRegisteredContentScripts()
    ).map((script) => ({ id: script.id, matches: script.matches })),
  );

async function popupFor(tabId: number): Promise<Page> {
  const popup = await extension.context.newPage();
  await popup.goto(extension.popupUrl(tabId));
  return popup;
}

/** Waits until our content script answers in the tab: the background has acted on the page by then. */
async function injected(tabId: number): Promise<void> {
  await expect.poll(() => answersInTab(extension, tabId)).toBe(true);
}

test('turned on for a site, its article pages open in reader view by themselves and its other pages don’t; turned off, they don’t', async () => {
  const first = await openTab(extension, NEWS.url);
  const popup = await popupFor(first.tabId);
  const box = popup.getByRole('checkbox', { name: 'Always open reader view on news.test' });
  await expect(box).not.toBeChecked();
  await box.click();
  await expect(box).toBeChecked();
  await expect(popup.locator('footer').getByRole('status')).toHaveText(
    'Pages of news.test with an article will open in reader view.',
  );
  expect(await registered()).toEqual([
    { id: 'auto-open:https://news.test', matches: ['https://news.test/*'] },
  ]);
  await popup.close();

  // A new page of the site: the reader is there without a click.
  const article = await openTab(extension, NEWS.url);
  const overlay = await overlayOf(article.page);
  await expect.poll(() => overlay.shows(NEWS.body), { timeout: 10_000 }).toBe(true);

  // A page without an article stays as it is.
  const listing = await openTab(extension, NO_ARTICLE.url);
  await injected(listing.tabId);
  await listing.page.waitForTimeout(500);
  expect(await (await overlayOf(listing.page)).find()).toBeNull();

  // The options page lists the site and turns it off.
  const options = await extension.context.newPage();
  await options.goto(`chrome-extension://${extension.id}/extension/options/index.html`);
  await options.getByRole('button', { name: 'Turn off for news.test' }).click();
  await expect(options.getByText('None. Turn it on for a site')).toBeVisible();
  expect(await registered()).toEqual([]);
  const after = await openTab(extension, NEWS.url);
  await after.page.waitForTimeout(800);
  expect(await (await overlayOf(after.page)).find()).toBeNull();
});
