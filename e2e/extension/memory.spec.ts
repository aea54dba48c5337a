/**
 * Boilerplate memory, in the built extension: a site whose pages end with the same author panel,
 * set in the story's own box and type so that one page alone can't tell it from the story. Read in reader view
 * page after page, the third page opens without it and says so; "Show them" brings it back for that page,
 * "Forget this site" forgets it, and the options page's switch turns the memory off. What is stored is
 * numbers, never the pages' text or addresses.
 */
import { expect, test } from '@playwright/test';
import { overlayOf } from '../support/overlay.ts';
import {
  clearStorage,
  openReaderFromPopup,
  openReaderOn,
  openTab,
  storedIn,
  useExtension,
} from './harness.ts';

const extension = useExtension({ clipboard: true });

const TOPICS = [
  'Library budget approved',
  'Harbour bridge to reopen',
  'Tram line extended',
  'New park opens',
];
const urlOf = (i: number) => `https://news.test/memory-${i}/story.html`;
const PANEL = 'Maria Lopez writes about the city';

/** Sentences that differ from page to page: each story is its own text. */
const para = (n: number, topic: string) =>
  `<p>Paragraph ${n} about ${topic.toLowerCase()}: on day ${n * 7} of the ${topic.length}-week consultation, the ${['council', 'mayor', 'committee', 'board'][n % 4]} heard ${n + 3} hours of evidence on ${topic.toLowerCase()}, from residents who had waited since morning for their ${n}-minute turn.</p>`;

/** A page of the site: the story, then its author panel and an appeal, in the same box and type as the story. */
function sitePage(topic: string): string {
  const story = [1, 2, 3, 4, 5].map((n) => para(n, topic)).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${topic} | The Daily</title></head><body>
<div class="top"><a href="/">The Daily</a> <a href="/news">News</a> <a href="/sport">Sport</a></div>
<div class="c-main"><div class="c-col">
  <h1>${topic}</h1>
  ${story}
  <p>${PANEL} and its people for The Daily. She has covered the council and its budgets since 2019, and lives by the harbour with two cats and a bicycle.</p>
  <p>The Daily is funded by its readers. Every story we publish is free to read, because people who can afford it pay for those who cannot.</p>
</div></div>
<div class="bottom"><p>© 2026 The Daily</p></div>
</body></html>`;
}

test.beforeEach(async () => {
  for (const [i, topic] of TOPICS.entries()) {
    await extension.context.route(urlOf(i), (route) =>
      route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: sitePage(topic) }),
    );
  }
});

test.afterEach(async () => {
  await clearStorage(extension);
});

/** What storage.local holds, as the extension's worker reads it. */
const stored = () => storedIn(extension);

/** How many pages of news.test the memory has read. */
async function pagesRead(): Promise<number> {
  const index = (await stored())['memory-sites'] as Record<string, { pages: number }> | undefined;
  return index?.['https://news.test']?.pages ?? 0;
}

const openReader = (i: number) =>
  openReaderOn(extension, urlOf(i), `Paragraph 1 about ${TOPICS[i]?.toLowerCase()}`);

/** Reads pages 0 and 1 in reader view, as a person would before the memory knows the site. */
async function readTwoPages(): Promise<void> {
  for (const i of [0, 1]) {
    const { page, overlay } = await openReader(i);
    // One page alone can't tell the panel from the story: it is shown.
    expect(await overlay.shows(PANEL)).toBe(true);
    await expect.poll(pagesRead).toBe(i + 1);
    await page.close();
  }
}

test('blocks a site repeats are left out of its third page read, which says so; Show them and Forget this site', async () => {
  await readTwoPages();
  const third = await openReader(2);
  await expect.poll(() => third.overlay.shows(PANEL)).toBe(false);
  expect(await third.overlay.shows('The Daily is funded by its readers')).toBe(false);
  expect(await third.overlay.shows('Paragraph 5 about tram line extended')).toBe(true);
  await expect
    .poll(() => third.overlay.shows('Left out 2 blocks that news.test repeats on its other pages.'))
    .toBe(true);

  // Numbers only: no word of the pages, no address.
  const memory = JSON.stringify((await stored())['memory:https://news.test']);
  expect(memory).toMatch(/^\{"memory":\{"pages":\[\d+(,\d+)*\],"seen":\[\[\d+/);
  for (const word of ['Maria', 'Paragraph', 'memory-0', 'story.html']) expect(memory).not.toContain(word);

  // "Why this text" reads the page as the reader did: the panel's segment says why it was left out.
  await third.overlay.click('More options');
  await third.overlay.click('Why this text?');
  await expect.poll(() => third.overlay.has('Copy diagnostics')).toBe(true);
  await third.overlay.click('Copy diagnostics');
  await third.overlay.click('Copy');
  await expect
    .poll(() =>
      third.overlay.evaluate(
        (root) => (root.querySelector('.l-why-panel') as HTMLElement | null)?.innerText ?? '',
      ),
    )
    .toContain('Copied the diagnostics');
  const copied = await third.page.evaluate(() => navigator.clipboard.readText());
  const report = JSON.parse(/^```json\n([^`]*)\n```\n$/.exec(copied)?.[1] ?? copied) as {
    template: number;
    segments: { template: boolean; inRun: boolean; length: number; start?: string }[];
  };
  expect(report.template).toBe(2);
  // The blocks set aside as the site's are flagged, out of the article, and given by their length alone.
  const setAside = report.segments.filter((s) => s.template);
  expect(setAside.length).toBeGreaterThanOrEqual(2);
  for (const segment of setAside) {
    expect(segment.inRun).toBe(false);
    expect(segment.start).toBeUndefined();
    expect(segment.length).toBeGreaterThan(0);
  }
  expect(copied).not.toContain('Maria Lopez');
  await third.page.keyboard.press('Escape');
  await expect.poll(() => third.overlay.has('Copy diagnostics')).toBe(false);

  await third.overlay.click('Show them');
  await expect.poll(() => third.overlay.shows(PANEL)).toBe(true);
  expect(await third.overlay.shows('Showing the blocks news.test repeats on its other pages too.')).toBe(
    true,
  );
  await third.overlay.click('Leave them out');
  await expect.poll(() => third.overlay.shows(PANEL)).toBe(false);

  await third.overlay.click('Forget this site');
  await expect.poll(() => third.overlay.shows(PANEL)).toBe(true);
  expect(await third.overlay.shows('Lectern forgot the blocks it learnt news.test repeats.')).toBe(true);
  expect(Object.keys(await stored()).filter((key) => key.startsWith('memory:'))).toEqual([]);
  await third.page.close();
});

test('the options page lists what each site taught, forgets a site, and turns the memory off', async () => {
  await readTwoPages();
  const options = await extension.context.newPage();
  await options.goto(`chrome-extension://${extension.id}/extension/options/index.html`);
  const section = options.getByRole('region', { name: 'What repeats on each site' });
  await expect(section.getByText('https://news.test · 2 pages read')).toBeVisible();
  await section.getByRole('button', { name: 'Forget news.test' }).click();
  await expect(section.getByText('Nothing learnt yet.')).toBeVisible();
  expect(await pagesRead()).toBe(0);

  // Off: reading three pages teaches nothing, and the third keeps its panel.
  await section.getByRole('checkbox').uncheck();
  await expect.poll(async () => (await stored())['memory-off']).toBe(true);
  for (const i of [0, 1, 2]) {
    const { page, overlay } = await openReader(i);
    expect(await overlay.shows(PANEL)).toBe(true);
    await page.close();
  }
  expect(Object.keys(await stored()).filter((key) => key.startsWith('memory'))).toEqual(['memory-off']);
  await options.close();
});

test('a page counts once, whatever address it gives itself: the reader opened again after history.pushState teaches nothing new', async () => {
  const { page, tabId } = await openTab(extension, urlOf(0));
  await openReaderFromPopup(extension, page, tabId);
  const overlay = await overlayOf(page);
  await expect.poll(() => overlay.shows('Paragraph 1 about library budget approved')).toBe(true);
  await expect.poll(pagesRead).toBe(1);
  await page.keyboard.press('Escape');
  await expect.poll(() => overlay.has('Copy text')).toBe(false);
  // The page moves to another address of the site without loading, and the person opens the reader again.
  await page.evaluate(() => history.pushState({}, '', '/memory-0/elsewhere.html'));
  await openReaderFromPopup(extension, page, tabId);
  await expect.poll(() => overlay.shows('Paragraph 1 about library budget approved')).toBe(true);
  // Another page read after it: the memory takes pages in turn, so once it counts, the one before has counted.
  const next = await openReader(1);
  await expect.poll(pagesRead).toBeGreaterThanOrEqual(2);
  expect(await pagesRead()).toBe(2);
  await next.page.close();
  await page.close();
});
