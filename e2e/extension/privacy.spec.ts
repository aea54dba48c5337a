/**
 * Lectern fetches nothing the person did not ask for (docs/security.md, rule 4). An article whose images the page itself
 * never loaded (lazy loaders park them in `data-src`), so every request for them is the reader's own:
 * - images off: the reader requests none of them;
 * - images on: each is requested without a Referer, and one far down the article only when it is scrolled near;
 * - a saved web page holds its images (one too large is left out, with a note where it was), and opening the
 *   file later contacts nobody; saved without images, it holds none and no note.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { type Overlay, overlayOf } from '../support/overlay.ts';
import { type Extension, launchExtension, openReaderFromPopup, openTab } from './harness.ts';

let extension: Extension;

test.beforeAll(async () => {
  extension = await launchExtension();
});

test.afterAll(async () => {
  await extension?.context.close();
});

const ORIGIN = 'https://news.test/privacy';
const PAGE_URL = `${ORIGIN}/harbour-wall.html`;
const TITLE = 'Harbour wall repairs begin after the winter storms';
const FIRST = 'Work on the harbour wall began on Monday, three months after the storms that breached it.';
/** A 1×1 GIF: the placeholder a lazy loader leaves in `src`. */
const PLACEHOLDER = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
/** A 1×1 PNG, what the image URLs serve. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** Over the saved page's 3 MB cap for one image (extension/content/images.ts). */
const HUGE = Buffer.alloc(4 * 1024 * 1024, 0);

const lazyFigure = (name: string, alt: string) =>
  `<figure><img src="${PLACEHOLDER}" data-src="${ORIGIN}/${name}" alt="${alt}" width="640" height="400">` +
  `<figcaption>${alt}.</figcaption></figure>`;

const paragraph = (n: number) =>
  `<p>Paragraph ${n} of the report: the contractors expect to replace the damaged blocks section by section, ` +
  'working at low tide, while the harbour stays open to the fishing fleet and the ferry keeps its timetable.</p>';

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${TITLE}</title></head><body>
<nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a></nav>
<article><h1>${TITLE}</h1>
<p>${FIRST} The council has set aside four million for the repairs, which should take until the autumn.</p>
${lazyFigure('photo.png', 'The breach in the harbour wall at low tide')}
${Array.from({ length: 80 }, (_, i) => paragraph(i + 1)).join('\n')}
${lazyFigure('late.png', 'The finished wall seen from the ferry')}
${lazyFigure('huge.png', 'A panorama of the bay')}
<p>The harbour master said the work would be finished before the summer regatta.</p>
</article></body></html>`;

/** Every request for one of the article's images: which, and the Referer it carried. */
interface ImageRequest {
  name: string;
  referer: string | undefined;
}
const requests: ImageRequest[] = [];

test.beforeAll(async () => {
  await extension.context.route(PAGE_URL, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: PAGE }),
  );
  await extension.context.route(`${ORIGIN}/*.png`, async (route) => {
    const request = route.request();
    const name = new URL(request.url()).pathname.split('/').pop() ?? '';
    requests.push({ name, referer: (await request.allHeaders()).referer });
    await route.fulfill({
      status: 200,
      // Never from a cache: each time the browser wants an image, this sees it.
      headers: { 'content-type': 'image/png', 'cache-control': 'no-store' },
      body: name === 'huge.png' ? HUGE : PNG,
    });
  });
});

test.beforeEach(() => {
  requests.length = 0;
});

async function setImages(images: boolean): Promise<void> {
  await extension.worker.evaluate(
    (value) =>
      (
        globalThis as unknown as { chrome: { storage: { sync: { set(items: object): Promise<void> } } } }
      ).chrome.storage.sync.set({ images: value }),
    images,
  );
}

/** The article tab with the reader open on it, as a person opens it from the toolbar popup. */
async function openReader(): Promise<{ page: Page; overlay: Overlay }> {
  const { page, tabId } = await openTab(extension, PAGE_URL);
  // The page never asked for its own images (its lazy loader never ran): whatever comes next is ours.
  expect(requests).toEqual([]);
  await openReaderFromPopup(extension, page, tabId);
  const overlay = await overlayOf(page);
  await expect.poll(() => overlay.text()).toContain(FIRST);
  return { page, overlay };
}

/** Scrolls the reader to the end of the article, as a person reading it through would. */
async function scrollToEnd(page: Page, overlay: Overlay): Promise<void> {
  await overlay.evaluate((root) => {
    const scroller = root.querySelector<HTMLElement>('.l-scroll');
    if (scroller) scroller.scrollTop = scroller.scrollHeight;
  });
  // Two frames: the scroll is laid out, and lazy images near the screen are asked for.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

test('with images off, the reader requests none of the article’s images, not even when scrolled to', async () => {
  await setImages(false);
  try {
    const { page, overlay } = await openReader();
    expect(await overlay.evaluate((root) => root.querySelectorAll('.l-content img').length)).toBe(0);
    await scrollToEnd(page, overlay);
    await page.waitForTimeout(500);
    expect(requests).toEqual([]);
    // Closed before images are on again: an open reader takes a changed setting at once.
    await page.close();
  } finally {
    await setImages(true);
  }
});

test('with images on, each image is requested without a Referer, and one far down only when scrolled near', async () => {
  const { page, overlay } = await openReader();
  await expect.poll(() => requests.map((request) => request.name)).toContain('photo.png');
  // The article's opening image shows, from a request that told the site nothing of the page.
  await expect
    .poll(() =>
      overlay.evaluate(
        (root) => root.querySelector<HTMLImageElement>('.l-content img[alt^="The breach"]')?.naturalWidth,
      ),
    )
    .toBe(1);
  await page.waitForTimeout(500);
  expect(requests.map((request) => request.name)).not.toContain('late.png');

  await scrollToEnd(page, overlay);
  await expect.poll(() => requests.map((request) => request.name)).toContain('late.png');
  for (const request of requests) expect(request.referer, request.name).toBeUndefined();
  // Control: an image the page loads itself carries the page's address, so a Referer would have been seen.
  await page.evaluate(
    (src) =>
      new Promise((done) => {
        const img = new Image();
        img.onload = img.onerror = done;
        img.src = src;
      }),
    `${ORIGIN}/control.png`,
  );
  expect(requests.find((request) => request.name === 'control.png')?.referer).toBe(PAGE_URL);
  await page.close();
});

test('a saved web page holds its images or says which it left out, and opening it contacts nobody', async () => {
  const { page, overlay } = await openReader();
  const save = async (name: string) => {
    const download = page.waitForEvent('download');
    await overlay.click('More options');
    await overlay.click(name);
    const file = await download;
    return { contents: readFileSync(await file.path(), 'utf8') };
  };

  const saved = await save('Save as web page (.html)');
  const sources = [...saved.contents.matchAll(/<img[^>]*\ssrc="([^"]*)"/g)].map((match) => match[1] ?? '');
  expect(sources).toHaveLength(2);
  for (const src of sources) expect(src).toMatch(/^data:image\/png;base64,/);
  expect(saved.contents).toContain(
    '[Image not saved: too large to keep in the file. It showed: A panorama of the bay]',
  );
  expect(saved.contents).not.toContain(`${ORIGIN}/photo.png`);

  // Opened from the disk later: the images show, and not one request leaves the file.
  const opened = await extension.context.newPage();
  const contacted: string[] = [];
  opened.on('request', (request) => {
    if (!/^(file|data):/.test(request.url())) contacted.push(request.url());
  });
  // Where a person keeps it: a file named .html (the download's own path has no extension).
  const file = path.join(test.info().outputDir, 'saved.html');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, saved.contents);
  await opened.goto(pathToFileURL(file).href);
  await expect(opened.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect
    .poll(() =>
      opened.evaluate(() => [...document.images].map((img) => img.complete && img.naturalWidth === 1)),
    )
    .toEqual([true, true]);
  await expect(
    opened.getByText('[Image not saved: too large to keep in the file.', { exact: false }),
  ).toBeVisible();
  expect(contacted).toEqual([]);
  await opened.close();

  const bare = await save('Save as web page without images (.html)');
  expect(bare.contents).toContain(FIRST);
  expect(bare.contents).not.toMatch(/<img\b/);
  expect(bare.contents).not.toContain('Image not saved');
  await page.close();
});
