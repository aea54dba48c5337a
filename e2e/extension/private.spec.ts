/**
 * Private windows leave nothing behind. A person allows Lectern in private windows (chrome://extensions, as
 * they would) and reads a site there: the reader uses the fix they made for the site in a normal window, but
 * the memory learns nothing of the page, the fix is not marked used, and a fix made there is used on that
 * page alone; nothing new is stored (not even the faces the reader showed) and the options page lists
 * nothing of the site. The same pages read in a normal window are remembered: the check can fail.
 */
import { expect, type Page, test } from '@playwright/test';
import type { LoopbackSite } from '../support/index.ts';
import { serveLoopback } from '../support/index.ts';
import { overlayOf } from '../support/overlay.ts';
import {
  type Extension,
  launchExtension,
  openReaderFromPopup,
  openTab,
  storedIn,
  storeIn,
} from './harness.ts';

const para = (n: number, topic: string) =>
  `<p>Paragraph ${n} of the story about ${topic}. The council met on Tuesday and argued over the budget for the new library until late in the evening, when the vote was finally taken and the room emptied.</p>`;

const APPEAL = 'Become a member today';
const CREDIT = 'Photo: Agency';

function sitePage(topic: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${topic} | The Daily</title></head><body>
<main><article class="story"><h1>${topic}</h1>
  ${para(1, topic)}${para(2, topic)}
  <div class="callout-box"><p>The Daily is funded by readers like you. ${APPEAL} and support local journalism in your town for less than the price of a coffee a week.</p></div>
  ${para(3, topic)}${para(4, topic)}
  <p class="story__credit">${CREDIT}. Additional reporting by the city desk, who were in the room for the whole of the meeting.</p>
  ${para(5, topic)}
</article></main></body></html>`;
}

let extension: Extension;
let site: LoopbackSite;
/** The fix made in a normal window before: it leaves out the appeal. Used long ago. */
const FIX = {
  rule: { root: null, remove: ['div.callout-box'] },
  saved: 1_700_000_000_000,
  used: 1_700_000_000_000,
};

test.beforeAll(async () => {
  extension = await launchExtension();
  site = await serveLoopback({
    '/library/': sitePage('Library budget approved'),
    '/bridge/': sitePage('Harbour bridge to reopen'),
  });
  await allowInPrivateWindows(extension);
});

test.afterAll(async () => {
  await extension?.context.close();
  await site?.close();
});

/**
 * Turns on "Allow in Incognito" on chrome://extensions, as a person does (developer mode first: an unpacked
 * extension is turned off when it reloads without it). The extension reloads: its new worker replaces the old.
 */
async function allowInPrivateWindows(target: Extension): Promise<void> {
  const page = await target.context.newPage();
  await page.goto('chrome://extensions/');
  await page.locator('#devMode').click();
  await page.goto(`chrome://extensions/?id=${target.id}`);
  const old = target.worker;
  await page.locator('#allow-incognito').click();
  await expect(page.locator('#allow-incognito')).toHaveAttribute('checked', '');
  await expect.poll(() => target.context.serviceWorkers().some((w) => w !== old)).toBe(true);
  target.worker = target.context.serviceWorkers().find((w) => w !== old) as Extension['worker'];
  await page.close();
}

/** Opens `url` in a new private window; its page and tab. */
async function openPrivate(url: string): Promise<{ page: Page; tabId: number }> {
  const tab = await extension.worker.evaluate(async (address) => {
    const { chrome } = globalThis as unknown as {
      chrome: { windows: { create(o: object): Promise<{ tabs?: { id?: number; incognito: boolean }[] }> } };
    };
    const made = await chrome.windows.create({ incognito: true, url: address });
    return made.tabs?.[0];
  }, url);
  expect(tab?.incognito).toBe(true);
  const find = () => extension.context.pages().find((p) => p.url() === url);
  await expect.poll(() => find() !== undefined).toBe(true);
  const page = find() as Page;
  await page.waitForLoadState('load');
  return { page, tabId: tab?.id as number };
}

/** What storage.local holds of the test site (its fix, its memory, its place in the memory's list). */
async function keptOfSite(): Promise<Record<string, unknown>> {
  const all = await storedIn(extension);
  const index = (all['memory-sites'] ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    [
      ...Object.entries(all).filter(([key]) => key.endsWith(site.origin)),
      ['memory-sites', index[site.origin]],
    ].filter(([, value]) => value !== undefined),
  );
}

test('a private window reads with the site’s fix and keeps nothing: no memory, no fix marked used, a new fix for that page only', async () => {
  await storeIn(extension, { [`rule:${site.origin}`]: FIX });
  const before = await keptOfSite();

  const { page, tabId } = await openPrivate(`${site.origin}/library/`);
  // The popup offers nothing that would keep the site's name ("Always open reader view" lists it), and says why.
  const popup = await extension.context.newPage();
  await popup.goto(extension.popupUrl(tabId));
  await expect(
    popup.getByText('In a private window Lectern keeps nothing of the sites you read.'),
  ).toBeVisible();
  await expect(popup.getByRole('checkbox', { name: /Always open reader view/ })).toHaveCount(0);
  await popup.close();
  await openReaderFromPopup(extension, page, tabId);
  const overlay = await overlayOf(page);
  await expect.poll(() => overlay.shows('Paragraph 5 of the story about Library budget approved')).toBe(true);
  // The fix made in a normal window is read: the appeal is left out, and the reader says why.
  expect(await overlay.shows(APPEAL)).toBe(false);
  await expect.poll(() => overlay.shows(`Using your fix for 127.0.0.1`)).toBe(true);

  // A new fix, made here: used on this page, and said to be kept for it alone.
  await overlay.click('More options');
  await overlay.click('Fix the text…');
  await expect.poll(() => overlay.has('Done')).toBe(true);
  await overlay.evaluate((root, wanted) => {
    const block = Array.from(root.querySelectorAll<HTMLElement>('.l-content .l-editable')).find((el) =>
      (el.textContent ?? '').startsWith(wanted),
    );
    block?.focus();
  }, CREDIT);
  await page.keyboard.press('Enter');
  await expect.poll(() => overlay.shows(CREDIT)).toBe(false);
  await overlay.click('Done');
  await expect
    .poll(() =>
      overlay.shows('In a private window Lectern keeps nothing: your fix is used on this page only.'),
    )
    .toBe(true);
  expect(await overlay.shows(CREDIT)).toBe(false);

  // Given time for what the reader sends after its first frame, nothing of the site changed.
  await page.waitForTimeout(1000);
  expect(await keptOfSite()).toEqual(before);
  // Nor the faces the reader showed, which a normal window's reader keeps for the instant reader.
  expect((await storedIn(extension)).readerTypefaces).toBeUndefined();
  const options = await extension.context.newPage();
  await options.goto(`chrome-extension://${extension.id}/extension/options/index.html`);
  await expect(options.getByText('Nothing learnt yet.')).toBeVisible();
  await options.close();
  await page.close();

  // Control: the same site read in a normal window is remembered, and its fix marked used. (The tests' routing
  // answers every other address with a 404: this one goes to the loopback server.)
  await extension.context.route(`${site.origin}/**`, (route) => route.continue());
  const normal = await openTab(extension, `${site.origin}/bridge/`);
  await openReaderFromPopup(extension, normal.page, normal.tabId);
  const normalOverlay = await overlayOf(normal.page);
  await expect.poll(() => normalOverlay.shows('Paragraph 5 of the story')).toBe(true);
  await expect
    .poll(async () => Object.keys(await keptOfSite()).sort())
    .toEqual(['memory-sites', `memory:${site.origin}`, `rule:${site.origin}`]);
  await expect
    .poll(async () => (await storedIn(extension)).readerTypefaces)
    .toContainEqual(expect.stringMatching(/^normal 700 \d+(\.\d+)?px Charter, /));
  await expect
    .poll(async () => ((await keptOfSite())[`rule:${site.origin}`] as typeof FIX).used)
    .toBeGreaterThan(FIX.used);
});
