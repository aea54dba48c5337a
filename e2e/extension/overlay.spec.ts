/** The reader overlay in the article tab: opened from the popup, closed by Esc, Close and the toggle message. */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import type { Envelope } from '../../extension/shared/messages.ts';
import { fixtureFile } from '../support/index.ts';
import { overlayOf } from '../support/overlay.ts';
import {
  clickAndAwaitClose,
  type Extension,
  launchExtension,
  openReaderFromPopup,
  openTab,
  type WorkerChrome,
} from './harness.ts';
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

/** Injects the content script the way the popup does (it opens on the news article), then closes the popup. */
async function injectThroughPopup(tabId: number): Promise<void> {
  const popup = await extension.context.newPage();
  await popup.goto(extension.popupUrl(tabId));
  await expect(popup.getByRole('heading', { name: NEWS.title }).first()).toBeVisible();
  await popup.close();
}

/** Sends `message` as the background does; the handler's reply, or undefined when nothing answered. */
async function sendFromWorker(tabId: number, message: Envelope): Promise<unknown> {
  const answer = (await extension.worker.evaluate(
    ([id, body]) => (globalThis as unknown as { chrome: WorkerChrome }).chrome.tabs.sendMessage(id, body),
    [tabId, message] as const,
  )) as { ok: boolean; reply?: unknown } | undefined;
  return answer?.ok ? answer.reply : answer;
}

const reader = overlayOf;

async function readerText(page: Page): Promise<string> {
  return (await reader(page)).text();
}

async function expectRestored(page: Page, before: Snapshot): Promise<void> {
  const overlay = await reader(page);
  await expect.poll(() => overlay.find()).toBeNull();
  expect(await snapshot(page)).toEqual(before);
}

test('Open reader view shows the article without the sidebar', async () => {
  const { page, tabId } = await articleTab();
  await openReaderFromPopup(extension, page, tabId);
  await expect.poll(() => readerText(page)).not.toBe('');
  await expect.poll(async () => (await reader(page)).has(NEWS.title, 'heading')).toBe(true);
  await expect.poll(() => readerText(page)).toContain(NEWS.body);
  expect(await readerText(page)).not.toContain(NEWS.sidebar);
});

test('Esc closes the reader and gives the page back unchanged', async () => {
  const { page, tabId, before } = await articleTab();
  await openReaderFromPopup(extension, page, tabId);
  await expect.poll(() => readerText(page)).not.toBe('');
  await page.bringToFront();
  await page.keyboard.press('Escape');
  await expectRestored(page, before);
});

test('? lists the keys, the one that opens and closes the reader first, as the browser has it set', async () => {
  const { page, tabId } = await openTab(extension, NEWS.url);
  await openReaderFromPopup(extension, page, tabId);
  const overlay = await reader(page);
  await expect.poll(() => overlay.shows(NEWS.body)).toBe(true);
  await page.bringToFront();
  await page.keyboard.press('?');
  await expect.poll(() => overlay.has('Keyboard shortcuts', 'heading')).toBe(true);
  const shortcut = (await extension.worker.evaluate(async () => {
    const { chrome } = globalThis as unknown as { chrome: WorkerChrome };
    return (await chrome.commands.getAll()).find((command) => command.name === 'toggle-reader')?.shortcut;
  })) as string;
  expect(shortcut).toBeTruthy();
  await expect.poll(() => overlay.shows(`${shortcut}\nOpen or close reader view, on any page`)).toBe(true);
  await page.close();
});

test('the Close button gives the page back unchanged', async () => {
  const { page, tabId, before } = await articleTab();
  await openReaderFromPopup(extension, page, tabId);
  await page.bringToFront();
  await (await reader(page)).click('Close reader view');
  await expectRestored(page, before);
});

test('the toolbar popup closes an open reader and gives the page back unchanged', async () => {
  const { page, tabId, before } = await articleTab();
  await openReaderFromPopup(extension, page, tabId);
  await expect.poll(() => readerText(page)).not.toBe('');
  const popup = await extension.context.newPage();
  await popup.goto(extension.popupUrl(tabId));
  const close = popup.getByRole('button', { name: 'Close reader view' });
  await expect(close).toBeFocused();
  await clickAndAwaitClose(popup, close);
  await expectRestored(page, before);
});

test('the toggle message (shortcut and toolbar path) opens and closes the reader', async () => {
  const { page, tabId, before } = await articleTab();
  // Inject as the background does on a key press; then drive the same message it sends.
  await injectThroughPopup(tabId);

  const toggle: Envelope<'content:toggle'> = { lectern: 'content:toggle', payload: {} };
  expect(await sendFromWorker(tabId, toggle)).toEqual({ open: true, pdf: false });
  await expect.poll(async () => (await reader(page)).has(NEWS.title, 'heading')).toBe(true);
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
  const notice = await reader(page);
  await expect.poll(() => notice.has('No article found on this page', 'heading')).toBe(true);
  expect(await notice.has('Show anyway')).toBe(true);
  expect(await notice.evaluate((root) => root.activeElement?.textContent)).toBe('Show anyway');
  await page.bringToFront();
  await page.keyboard.press('Escape');
  await expectRestored(page, before);
});

test('Copy text in the reader puts the article on the clipboard', async () => {
  await extension.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { page, tabId } = await articleTab();
  await openReaderFromPopup(extension, page, tabId);
  await page.bringToFront();
  await (await reader(page)).click('Copy text');
  await expect.poll(() => readerText(page)).toMatch(/Copied [\d,]+ words/);
  const text = await page.evaluate(() => navigator.clipboard.readText());
  expect(text).toContain(NEWS.title);
  expect(text).toContain(NEWS.body);
  expect(text).not.toContain(NEWS.sidebar);
});

test('messages of the wrong shape, and anything the page sends, are ignored', async () => {
  const { page, tabId, before } = await articleTab();
  await injectThroughPopup(tabId);

  // From the page's own world: it can post and dispatch whatever it likes; none of it reaches the content script.
  await page.evaluate(() => {
    const toggle = { lectern: 'content:toggle', payload: {} };
    window.postMessage(toggle, '*');
    document.dispatchEvent(new CustomEvent('lectern', { detail: toggle }));
  });
  const wrongShapes: unknown[] = [
    { lectern: 'content:toggle', payload: { force: true } },
    { lectern: 'content:toggle', payload: null },
    { lectern: 'content:toggle' },
    { lectern: 'content:open', payload: { force: 'yes' } },
    { lectern: 'content:open', payload: {} },
    { lectern: 'content:export', payload: { format: 'pdf', header: true, force: false } },
    { lectern: 'content:toggle', payload: {}, extra: 1 },
    { lectern: 'content:eval', payload: {} },
  ];
  for (const message of wrongShapes) {
    // Every message we handle gets an object back; an ignored one gets nothing (or a closed-port error).
    const reply = await sendFromWorker(tabId, message as Envelope).catch(() => undefined);
    expect(reply, JSON.stringify(message)).toBeUndefined();
  }
  expect(await (await reader(page)).find()).toBeNull();
  // Had any of those been taken for a toggle, this one would close the reader instead of opening it.
  const toggle: Envelope<'content:toggle'> = { lectern: 'content:toggle', payload: {} };
  expect(await sendFromWorker(tabId, toggle)).toEqual({ open: true, pdf: false });
  expect(await sendFromWorker(tabId, toggle)).toEqual({ open: false, pdf: false });
  await expectRestored(page, before);
});

/** A page that keeps changing itself (title, <html> attributes, a live list, nodes appended to <html>) when asked. */
const LIVE_URL = 'https://news.test/live-news/';
const LIVE_SCRIPT = `<script>
  let ticks = 0;
  window.startLive = (count) => new Promise((resolve) => {
    const timer = setInterval(() => {
      ticks += 1;
      document.title = '(' + ticks + ') Council approves the bridge budget';
      document.documentElement.dataset.tick = String(ticks);
      let list = document.getElementById('live-updates');
      if (!list) {
        list = document.createElement('ul');
        list.id = 'live-updates';
        document.body.prepend(list);
      }
      const item = document.createElement('li');
      item.textContent = 'Update ' + ticks + ': councillors leave the chamber.';
      list.prepend(item);
      const toast = document.createElement('div');
      toast.className = 'page-toast';
      toast.textContent = 'Toast ' + ticks;
      document.documentElement.append(toast);
      if (ticks >= count) { clearInterval(timer); resolve(ticks); }
    }, 40);
  });
</script>`;

test('closing gives back a page that changed itself while the reader was open: its changes kept, nothing of ours', async () => {
  const source = readFileSync(fixtureFile('news-article', 'source.html'), 'utf8').replace(
    '</body>',
    `${LIVE_SCRIPT}</body>`,
  );
  await extension.context.route(LIVE_URL, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: source }),
  );
  const prepare = async (tab: { page: Page }) => {
    await tab.page.locator('a[href]').first().focus();
    await tab.page.evaluate(() => window.scrollTo(0, 600));
  };
  const live = await openTab(extension, LIVE_URL);
  const untouched = await openTab(extension, LIVE_URL);
  await prepare(live);
  await prepare(untouched);
  const startLive = (page: Page) =>
    page.evaluate(() => (window as unknown as { startLive(count: number): Promise<number> }).startLive(6));

  await openReaderFromPopup(extension, live.page, live.tabId);
  await expect.poll(() => readerText(live.page)).toContain(NEWS.body);
  expect(await startLive(live.page)).toBe(6);
  // The reader showed the article throughout and still does.
  await expect.poll(() => readerText(live.page)).toContain(NEWS.body);
  await live.page.bringToFront();
  await live.page.keyboard.press('Escape');
  await expect.poll(async () => (await reader(live.page)).find()).toBeNull();

  // The same page, changed the same way, with no reader ever opened: what the closed reader must leave behind.
  expect(await startLive(untouched.page)).toBe(6);
  const expected = await snapshot(untouched.page);
  expect(expected.html).toContain('Toast 6');
  expect(await snapshot(live.page)).toEqual(expected);
});

test('reading settings are saved: they survive a reload and reach a reader open in another tab', async () => {
  const first = await articleTab();
  const second = await openTab(extension, NEWS.url);
  await openReaderFromPopup(extension, first.page, first.tabId);
  await openReaderFromPopup(extension, second.page, second.tabId);
  const background = async (page: Page) =>
    (await reader(page)).evaluate(
      (root) => getComputedStyle(root.querySelector('.l-root') as Element).backgroundColor,
    );
  const textSize = async (page: Page) =>
    (await reader(page)).evaluate(
      (root) => getComputedStyle(root.querySelector('.l-article') as Element).fontSize,
    );
  expect(await textSize(second.page)).toBe('20px');

  await first.page.bringToFront();
  await (await reader(first.page)).click('Reading settings');
  await (await reader(first.page)).click('Dark', 'radio');
  await (await reader(first.page)).click('Larger text');
  expect(await background(first.page)).toBe('rgb(27, 27, 29)');

  // The other tab's reader follows without being reopened (storage.onChanged).
  await expect.poll(() => background(second.page)).toBe('rgb(27, 27, 29)');
  await expect.poll(() => textSize(second.page)).toBe('22px');

  await first.page.reload();
  await openReaderFromPopup(extension, first.page, first.tabId);
  await expect.poll(() => readerText(first.page)).toContain(NEWS.body);
  expect(await background(first.page)).toBe('rgb(27, 27, 29)');
  expect(await textSize(first.page)).toBe('22px');
  await (await reader(first.page)).click('Reading settings');
  expect(await (await reader(first.page)).checked('Dark')).toBe(true);

  // Put the defaults back for the tests that follow in this browser.
  await (await reader(first.page)).click('Auto', 'radio');
  await (await reader(first.page)).click('Smaller text');
  await expect.poll(() => textSize(second.page)).toBe('20px');
});

const EXPECTED_MARKDOWN = fixtureFile('news-article', 'expected.md');

async function openReaderOnNews(): Promise<Page> {
  await extension.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { page, tabId } = await articleTab();
  await openReaderFromPopup(extension, page, tabId);
  await page.bringToFront();
  await expect.poll(() => readerText(page)).toContain(NEWS.body);
  return page;
}

async function exportItem(page: Page, name: string): Promise<void> {
  await (await reader(page)).click('More options');
  await (await reader(page)).click(name);
}

test('Copy Markdown gives the fixture’s reviewed Markdown, character for character', async () => {
  const page = await openReaderOnNews();
  await (await reader(page)).click('Copy Markdown');
  await expect.poll(() => readerText(page)).toMatch(/Copied [\d,]+ words as Markdown/);
  const markdown = await page.evaluate(() => navigator.clipboard.readText());
  expect(markdown).toBe(readFileSync(EXPECTED_MARKDOWN, 'utf8'));
});

test('Copy as rich text puts HTML with the headings and links beside the plain text', async () => {
  const page = await openReaderOnNews();
  await exportItem(page, 'Copy rich text');
  await expect.poll(() => readerText(page)).toMatch(/Copied [\d,]+ words as rich text/);
  const flavours = await page.evaluate(async () => {
    const [item] = await navigator.clipboard.read();
    if (!item) return null;
    const read = async (type: string) =>
      item.types.includes(type) ? (await item.getType(type)).text() : null;
    return { html: await read('text/html'), text: await read('text/plain') };
  });
  expect(flavours?.text).toContain(NEWS.body);
  expect(flavours?.text).not.toContain('<');
  const html = flavours?.html ?? '';
  expect(html).toContain(`<h1>${NEWS.title}</h1>`);
  expect(html).toMatch(/<h2>What the money buys<\/h2>/);
  expect(html).toMatch(/<a href="https:\/\/[^"]+">/);
  expect(html).toContain(NEWS.body);
  expect(html).not.toContain(NEWS.sidebar);
});

test('a selection in the reader is what the copy buttons copy', async () => {
  const page = await openReaderOnNews();
  const paragraph = await (await reader(page)).evaluate(async (root, body) => {
    const found = [...root.querySelectorAll<HTMLElement>('.l-content p')].find((p) =>
      p.textContent?.includes(body),
    );
    if (!found) throw new Error('no paragraph');
    found.scrollIntoView({ block: 'center' });
    // Blocks are laid out as they near the screen (content-visibility: auto): read it once it is shown.
    await new Promise((shown) => requestAnimationFrame(() => requestAnimationFrame(shown)));
    const box = found.getBoundingClientRect();
    return { x: box.x + 20, y: box.y + box.height / 2, text: found.innerText };
  }, NEWS.body);
  await page.mouse.click(paragraph.x, paragraph.y, { clickCount: 3 });
  await (await reader(page)).click('Copy Markdown');
  await expect.poll(() => readerText(page)).toMatch(/Copied the selection \([\d,]+ words\) as Markdown/);
  const markdown = await page.evaluate(() => navigator.clipboard.readText());
  const body = markdown.split('\n\n').slice(1).join('\n\n').trim();
  expect(markdown.startsWith(`# ${NEWS.title}`)).toBe(true);
  expect(body).toBe(paragraph.text.trim());
});

test('Save as Markdown and as a web page download files named for the article', async () => {
  const page = await openReaderOnNews();
  const save = async (name: string) => {
    const download = page.waitForEvent('download');
    await exportItem(page, name);
    const file = await download;
    const path = await file.path();
    return { name: file.suggestedFilename(), contents: readFileSync(path, 'utf8') };
  };
  const markdown = await save('Save as Markdown (.md)');
  expect(markdown.name).toBe('Council-approves-the-bridge-budget.md');
  // A saved note: its properties in YAML front matter, then the Markdown a copy gives.
  const today = await page.evaluate(() => new Date().toLocaleDateString('sv'));
  expect(markdown.contents).toBe(
    '---\n' +
      `title: "${NEWS.title}"\n` +
      'author: "Ana Pereira"\n' +
      'published: 2025-03-12\n' +
      'url: "https://news.test/news-article/"\n' +
      'site: "The Riverside Courier"\n' +
      `saved: ${today}\n` +
      '---\n\n' +
      readFileSync(EXPECTED_MARKDOWN, 'utf8'),
  );
  await expect.poll(() => readerText(page)).toMatch('Saved Council-approves-the-bridge-budget.md');

  const html = await save('Save as web page (.html)');
  expect(html.name).toBe('Council-approves-the-bridge-budget.html');
  expect(html.contents.startsWith('<!DOCTYPE html>\n<html lang="en-GB" dir="ltr">')).toBe(true);
  expect(html.contents).toContain('Content-Security-Policy" content="default-src \'none\';');
  expect(html.contents).toMatch(/<h2>What the money buys<\/h2>/);
  expect(html.contents).not.toMatch(/<script|\son\w+=/i);
  // The saved page renders with the reader's type, standing alone.
  const saved = await extension.context.newPage();
  await saved.setContent(html.contents);
  await expect(saved.getByRole('heading', { level: 2, name: 'What the money buys' })).toBeVisible();
  expect(await saved.locator('.lectern-article').evaluate((el) => getComputedStyle(el).maxWidth)).toBe(
    '700px',
  );
});

test('printing while the reader is open prints the article alone; closing undoes it', async () => {
  const { page, tabId, before } = await articleTab();
  const sheetsBefore = await page.evaluate(() => document.adoptedStyleSheets.length);
  await openReaderFromPopup(extension, page, tabId);
  await expect.poll(() => readerText(page)).toContain(NEWS.body);

  const overlay = await reader(page);
  const hostPosition = () => overlay.evaluate((root) => getComputedStyle(root.host).position);
  expect(await hostPosition()).toBe('fixed');
  // Modal from the frame after it first showed (overlay.ts makeModalAfterFirstFrame).
  await expect
    .poll(() => overlay.evaluate((root) => root.querySelector('dialog')?.matches(':modal')))
    .toBe(true);

  await page.emulateMedia({ media: 'print' });
  // The print styles apply at once; the media query's change event, which takes the dialog out of the top
  // layer, arrives a moment after the emulation: wait for both (reading the dialog first failed 1 run in 6).
  await expect.poll(hostPosition).toBe('static');
  await expect
    .poll(() => overlay.evaluate((root) => root.querySelector('dialog')?.matches(':modal')))
    .toBe(false);
  const body = await page.evaluate(() => getComputedStyle(document.body).display);
  const printed = await overlay.evaluate((root) => {
    const reader = root.querySelector<HTMLElement>('.l-root');
    return {
      // Out of the top layer while printing, so it flows after the (hidden) body.
      inTopLayer: root.querySelector('dialog')?.matches(':modal'),
      // innerText is what renders: hidden parts (the toolbar) leave nothing.
      text: reader?.innerText ?? '',
      height: reader?.getBoundingClientRect().height ?? 0,
    };
  });
  expect(body).toBe('none');
  expect(printed.inTopLayer).toBe(false);
  expect(printed.text).toContain(NEWS.title);
  expect(printed.text).toContain(NEWS.body);
  expect(printed.text).toContain('The current weight limit will remain in place');
  expect(printed.text).not.toContain('Copy Markdown');
  expect(printed.text).not.toContain(NEWS.sidebar);
  // One flow, longer than a screen: every page of the article prints, not the first screenful.
  expect(printed.height).toBeGreaterThan(2000);

  await page.emulateMedia({ media: 'screen' });
  await expect.poll(hostPosition).toBe('fixed');
  await expect
    .poll(() => overlay.evaluate((root) => root.querySelector('dialog')?.matches(':modal')))
    .toBe(true);
  await page.bringToFront();
  await page.keyboard.press('Escape');
  await expectRestored(page, before);
  expect(await page.evaluate(() => document.adoptedStyleSheets.length)).toBe(sheetsBefore);
});
