/**
 * A page that covers the reader with a layer of its own, where it could show a copy of the reader whose Copy
 * writes the page's text with the person's own click (docs/security.md, rule 1). Each page covers it in a way
 * the `toggle` event alone can't answer: it stops the event before the reader hears it, clobbers the element
 * method the answer read, opens and closes a popover until a budget of answers would run out, or makes an
 * element of its own full screen from a person's real click in the reader. Then the screen shows the reader
 * and none of the page's red, or the reader is closed, the button says why, and the next opening says so too.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { fixtureFile } from '../support/index.ts';
import { type Overlay, overlayOf } from '../support/overlay.ts';
import { coverAndReader } from '../support/png.ts';
import { buttonIn, openReaderFromPopup, openTab, useExtension } from './harness.ts';
import { NEWS } from './pages.ts';

const extension = useExtension();

/** What the page's covering layers are painted with. */
const RED = 'rgb(255, 0, 0)';

/**
 * A full-viewport red element of the page's, made by `window.__make(tag)` in the page's main world; it says
 * what a fake reader would.
 */
const MAKE = `<script>
  window.__make = (tag) => {
    const el = document.createElement(tag);
    el.setAttribute('style', 'position: fixed; inset: 0; width: 100vw; height: 100vh; max-width: none; max-height: none; margin: 0; border: 0; padding: 0; background: ${RED}; display: block;');
    el.textContent = 'Copy text';
    document.body.append(el);
    return el;
  };
</script>`;

/** The news article with `script` run in the page's main world before any of its own content. */
async function coveringPage(slug: string, script: string): Promise<{ page: Page; tabId: number }> {
  const source = readFileSync(fixtureFile('news-article', 'source.html'), 'utf8').replace(
    '</head>',
    `${MAKE}${script}</head>`,
  );
  const url = `https://news.test/covering-${slug}/`;
  await extension.context.route(url, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: source }),
  );
  return openTab(extension, url);
}

async function openReader(page: Page, tabId: number): Promise<Overlay> {
  await openReaderFromPopup(extension, page, tabId);
  const overlay = await overlayOf(page);
  await expect.poll(() => overlay.shows(NEWS.body)).toBe(true);
  return overlay;
}

/** Of a grid of the screen's pixels: how many are the page's red, and what share the reader's background. */
async function screen(page: Page): Promise<{ red: number; reader: number }> {
  return coverAndReader(await page.screenshot());
}

const frames = (page: Page, ms: number) =>
  page.evaluate((wait) => new Promise((done) => setTimeout(done, wait)), ms);

/** The reader is what the screen shows, and stays so: not one pixel of the page's red, and it answers clicks. */
async function expectReaderOnTop(page: Page, overlay: Overlay): Promise<void> {
  await expect.poll(async () => (await screen(page)).red, { timeout: 3_000 }).toBe(0);
  // Not a moment between two covers: still so a while later.
  await frames(page, 500);
  const shown = await screen(page);
  expect(shown.red, 'pixels of the page’s covering layer').toBe(0);
  expect(shown.reader).toBeGreaterThan(0.5);
  expect(await overlay.evaluate((root) => root.querySelector('dialog')?.matches(':modal'))).toBe(true);
  expect(await overlay.has('Copy text')).toBe(true);
}

const button = (tabId: number) => buttonIn(extension, tabId);

test('a page that stops toggle events can’t keep a modal dialog of its own over the reader', async () => {
  const { page, tabId } = await coveringPage(
    'modal',
    `<script>addEventListener('toggle', (event) => event.stopImmediatePropagation(), true);</script>`,
  );
  const overlay = await openReader(page, tabId);
  // A fake Copy button in the middle of the screen, nowhere near the reader's toolbar.
  await page.evaluate(() => {
    const dialog = (window as unknown as { __make(tag: string): HTMLDialogElement }).__make('dialog');
    dialog.style.setProperty('inset', '35% 35%');
    dialog.style.setProperty('width', '30vw');
    dialog.style.setProperty('height', '30vh');
    dialog.showModal();
  });
  await expectReaderOnTop(page, overlay);
});

test('a page that stops toggle events can’t keep a popover of its own over the reader', async () => {
  const { page, tabId } = await coveringPage(
    'popover',
    `<script>addEventListener('toggle', (event) => event.stopImmediatePropagation(), true);</script>`,
  );
  const overlay = await openReader(page, tabId);
  await page.evaluate(() => {
    const cover = (window as unknown as { __make(tag: string): HTMLElement }).__make('div');
    cover.popover = 'manual';
    cover.showPopover();
  });
  await expectReaderOnTop(page, overlay);
});

test('a popover form whose control is named “matches” can’t stay over the reader', async () => {
  const { page, tabId } = await coveringPage('clobbered', '');
  const overlay = await openReader(page, tabId);
  await page.evaluate(() => {
    const form = (window as unknown as { __make(tag: string): HTMLFormElement }).__make('form');
    const input = document.createElement('input');
    input.name = 'matches';
    form.append(input);
    form.popover = 'manual';
    form.showPopover();
  });
  await expectReaderOnTop(page, overlay);
});

test('a page that opens and closes a popover 101 times, then leaves it open, can’t keep it over the reader', async () => {
  // About ten a second: slower than a loop, and each one answered.
  test.setTimeout(60_000);
  const { page, tabId } = await coveringPage('cycles', '');
  const overlay = await openReader(page, tabId);
  await page.evaluate(async () => {
    const cover = (window as unknown as { __make(tag: string): HTMLElement }).__make('div');
    cover.popover = 'manual';
    const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));
    for (let cycle = 0; cycle < 101; cycle++) {
      cover.showPopover();
      await wait(50);
      cover.hidePopover();
      await wait(50);
    }
    cover.showPopover();
  });
  await expectReaderOnTop(page, overlay);
});

test('a page element made full screen by a real click in the reader doesn’t stay over it', async () => {
  // A click in the reader reaches the page's listeners as a click on our host, and gives the page the user
  // activation requestFullscreen needs.
  const { page, tabId } = await coveringPage(
    'fullscreen',
    `<script>
      addEventListener('click', (event) => {
        if (event.isTrusted) window.__make('div').requestFullscreen().then(() => { window.__fullscreen = true; });
      }, true);
    </script>`,
  );
  const overlay = await openReader(page, tabId);
  // The margin beside the article: nothing of the reader's there to press.
  await page.mouse.click(40, 600);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __fullscreen?: boolean }).__fullscreen === true))
    .toBe(true);
  await expectReaderOnTop(page, overlay);
  expect(await page.evaluate(() => document.fullscreenElement)).toBeNull();
});

test('a page that answers every raise with another layer closes the reader, and the button and the next opening say why', async () => {
  const { page, tabId } = await coveringPage(
    'loop',
    `<script>
      addEventListener('toggle', (event) => event.stopImmediatePropagation(), true);
      window.__loop = () => {
        const cover = window.__make('dialog');
        const again = () => {
          if (window.__stopped) return cover.close();
          cover.close();
          cover.showModal();
          requestAnimationFrame(again);
        };
        again();
      };
    </script>`,
  );
  const overlay = await openReader(page, tabId);
  await page.evaluate(() => (window as unknown as { __loop(): void }).__loop());
  await expect.poll(() => overlay.find()).toBeNull();
  await expect
    .poll(() => button(tabId))
    .toEqual({
      badge: '!',
      title: expect.stringContaining(': this page kept covering the reader view, so Lectern closed it'),
    });
  // The reader stays closed (no busy loop of raises), and the page has its own dialog.
  await frames(page, 500);
  expect(await overlay.find()).toBeNull();

  await page.evaluate(() => {
    (window as unknown as { __stopped: boolean }).__stopped = true;
  });
  await openReader(page, tabId);
  await expect
    .poll(() => overlay.shows('This page kept covering the reader view, so Lectern closed it.'))
    .toBe(true);
  await expectReaderOnTop(page, overlay);
  // Said once: the opening after that is a plain one.
  await overlay.click('Close reader view');
  await expect.poll(() => overlay.find()).toBeNull();
  await openReader(page, tabId);
  expect(await overlay.shows('so Lectern closed it')).toBe(false);
});

test('a page that hides everything while the reader is open closes it, and the button says why', async () => {
  const { page, tabId } = await coveringPage('hidden', '');
  const overlay = await openReader(page, tabId);
  await page.evaluate(() => {
    const style = document.createElement('style');
    style.textContent = 'html { display: none !important; }';
    document.head.append(style);
  });
  await expect.poll(() => overlay.find()).toBeNull();
  await expect
    .poll(() => button(tabId))
    .toEqual({
      badge: '!',
      title: expect.stringContaining(': this page covered the reader view or hid it, so Lectern closed it'),
    });
});
