/**
 * The built extension (dist-e2e/) on huge and odd documents: the reader opens showing the article, or the UI
 * says why not, and no exception escapes (page errors and the service worker's console are collected). The
 * content script is injected as the shortcut injects it (through the popup, which injects on open), then the
 * toggle message is sent from the service worker, as e2e/extension/overlay.spec.ts does.
 */
import { expect, type Page, test } from '@playwright/test';
import type { Envelope } from '../../extension/shared/messages.ts';
import {
  type Extension,
  launchExtension,
  openTab,
  storeIn,
  type WorkerChrome,
} from '../extension/harness.ts';
import { overlayOf } from '../support/overlay.ts';
import {
  CROSS_ORIGIN_TEXT,
  DEEP_QUOTE,
  oddUrl,
  RENDERED_DEEP,
  SAME_ORIGIN_AD,
  STORY,
  serveOddPages,
} from './pages.ts';

let extension: Extension;
/** Errors logged by the service worker during the whole file (must stay empty). */
const workerErrors: string[] = [];

test.beforeAll(async () => {
  extension = await launchExtension();
  // Every odd page here tells the same story, first and last paragraph alike: read one after another, the
  // boilerplate memory would rightly take them for the site's template (memory.spec.ts tests it). Off here.
  await storeIn(extension, { 'memory-off': true });
  // launchExtension already serves the fixtures.
  await serveOddPages(extension.context, false);
  extension.worker.on('console', (message) => {
    if (message.type() === 'error') workerErrors.push(message.text());
  });
});

test.afterAll(async () => {
  await extension?.context.close();
});

test.afterEach(() => {
  expect(workerErrors, 'service worker errors').toEqual([]);
});

interface Opened {
  page: Page;
  tabId: number;
  /** The content script's reply to the toggle (unwrapped from its envelope), or the error it failed with. */
  reply: unknown;
  /** Uncaught exceptions in the page. */
  pageErrors: string[];
}

const toggle: Envelope<'content:toggle'> = { lectern: 'content:toggle', payload: {} };

/** Opens `url` in a tab that reports its uncaught exceptions, and the popup about it (which injects). */
async function openWithPopup(
  url: string,
): Promise<{ page: Page; tabId: number; popup: Page; pageErrors: string[] }> {
  const { page, tabId } = await openTab(extension, url);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  const popup = await extension.context.newPage();
  await popup.goto(extension.popupUrl(tabId));
  return { page, tabId, popup, pageErrors };
}

/** Opens the page, injects through the popup (waiting for what it says it found), then sends the toggle. */
async function openReader(url: string, popupSays: RegExp): Promise<Opened> {
  const { page, tabId, popup, pageErrors } = await openWithPopup(url);
  await expect(popup.getByRole('heading', { name: popupSays }).first()).toBeVisible({ timeout: 30_000 });
  await popup.close();
  const answer = await extension.worker.evaluate(
    async ([id, body]) => {
      try {
        return await (globalThis as unknown as { chrome: WorkerChrome }).chrome.tabs.sendMessage(id, body);
      } catch (error) {
        return { error: String(error) };
      }
    },
    [tabId, toggle] as const,
  );
  // Every reply on the wire is wrapped: { ok: true, reply } or { ok: false, error }.
  const wrapped = answer as { ok?: boolean; reply?: unknown } | undefined;
  return { page, tabId, reply: wrapped?.ok ? wrapped.reply : answer, pageErrors };
}

const overlay = overlayOf;

/** Whether the reader is rendered, with a box, not hidden nor transparent (what toBeVisible checked). */
async function readerShown(page: Page): Promise<boolean> {
  return (await overlay(page)).evaluate((root) => {
    const reader = root.querySelector('.l-root');
    if (!reader) return false;
    const box = reader.getBoundingClientRect();
    const visible = reader.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    return visible && box.width > 0 && box.height > 0;
  });
}

/**
 * Whether the reader shows `text` (in its rendered text, every block laid out: Overlay.shows); asked in the
 * page, so 10 MB stay there.
 */
async function readerShows(page: Page, text: string): Promise<boolean> {
  return (await overlay(page)).shows(text);
}

/** Whether the reader holds `text` anywhere, shown or not (its textContent): what must stay out of it. */
async function readerHolds(page: Page, text: string): Promise<boolean> {
  return (await overlay(page)).evaluate(
    (root, wanted) => (root.querySelector('.l-root')?.textContent ?? '').includes(wanted),
    text,
  );
}

const TITLE = new RegExp(STORY.title);

async function expectArticle(opened: Opened, ...texts: string[]): Promise<void> {
  expect(opened.reply).toMatchObject({ open: true });
  await expect.poll(() => readerShown(opened.page)).toBe(true);
  for (const text of texts) await expect.poll(() => readerShows(opened.page, text), text).toBe(true);
  expect(await readerHolds(opened.page, STORY.sidebar)).toBe(false);
  expect(opened.pageErrors).toEqual([]);
}

/** Pages where the reader simply shows the article: [test title, page name, texts the reader must show]. */
const SHOWS_ARTICLE: ReadonlyArray<readonly [string, string, string[]]> = [
  [
    'open shadow root: the reader shows the article, slotted paragraphs included',
    'shadow',
    [STORY.first, STORY.last],
  ],
  ['100,000 elements: the reader opens with the article', 'huge', [STORY.first, STORY.last]],
  [
    `nesting ${2 * RENDERED_DEEP} deep: the reader opens with the deepest quote`,
    'deep',
    [STORY.first, `${DEEP_QUOTE} 900`],
  ],
  [
    'nested framesets of same-origin frames: the reader shows the article frame',
    'frameset',
    [STORY.first, STORY.last],
  ],
  ['a document without <body>: the reader shows the article', 'no-body', [STORY.first, STORY.last]],
];

for (const [title, name, texts] of SHOWS_ARTICLE) {
  test(title, async () => {
    await expectArticle(await openReader(oddUrl(name), TITLE), ...texts);
  });
}

test('same-origin iframe: the reader shows the framed article, not the ad frame nor the cross-origin frame', async () => {
  const opened = await openReader(oddUrl('iframe'), TITLE);
  await expectArticle(opened, STORY.first, STORY.last);
  expect(await readerHolds(opened.page, CROSS_ORIGIN_TEXT)).toBe(false);
  expect(await readerHolds(opened.page, SAME_ORIGIN_AD)).toBe(false);
});

test('a 10 MB text node: the reader opens with the whole text', async () => {
  test.setTimeout(120_000);
  const opened = await openReader(oddUrl('big-text'), TITLE);
  expect(opened.reply).toMatchObject({ open: true });
  await expect.poll(() => readerShows(opened.page, STORY.last), { timeout: 60_000 }).toBe(true);
  expect(opened.pageErrors).toEqual([]);
});

test('a page that sabotaged its built-ins in the main world: the reader (isolated world) still opens', async () => {
  const opened = await openReader(oddUrl('sabotaged'), TITLE);
  // The sabotage ran: in the page's own world, [1].map(...) now throws (pages.ts SABOTAGE checks it).
  await expect(opened.page.locator('html')).toHaveAttribute('data-sabotaged', 'yes');
  await expectArticle(opened, STORY.first, STORY.last);
});

test('a page whose CSP forbids every style: the reader is still styled', async () => {
  const opened = await openReader(oddUrl('csp'), TITLE);
  await expectArticle(opened, STORY.first);
  // The reader's own serif and line height, from its adopted stylesheet (extension/reader/reader.css).
  const style = await (await overlay(opened.page)).evaluate((root, first) => {
    const paragraph = [...root.querySelectorAll('.l-root p')].find((p) => p.textContent?.includes(first));
    if (!paragraph) throw new Error('no paragraph with the first sentence');
    const { fontFamily, lineHeight } = getComputedStyle(paragraph);
    return { fontFamily, lineHeight };
  }, STORY.first);
  expect(style.fontFamily).toContain('Charter');
  expect(style.lineHeight).not.toBe('normal');
});

test('an XML document: shown by Chromium as a tree of text, which the reader opens', async () => {
  // Chromium renders a style-less XML file through its XML viewer (an HTML tree of the source): that
  // rendering is what the popup and the reader read, tags and all.
  const opened = await openReader(oddUrl('xml'), TITLE);
  await expectArticle(opened, STORY.first, STORY.last);
});

test('an SVG document: the overlay says there is no article', async () => {
  const opened = await openReader('https://news.test/news-article/old-mill-bridge.svg', /No article found/);
  expect(opened.reply).toMatchObject({ open: true });
  const notice = await overlay(opened.page);
  await expect.poll(() => notice.has('No article found on this page', 'heading')).toBe(true);
  // The notice itself is rendered, with a box (what toBeVisible checked).
  expect(
    await notice.evaluate((root) => {
      const dialog = root.querySelector('[role="alertdialog"]');
      const box = dialog?.getBoundingClientRect();
      const visible = dialog?.checkVisibility({ opacityProperty: true, visibilityProperty: true });
      return Boolean(visible && box && box.width > 0 && box.height > 0);
    }),
  ).toBe(true);
  expect(opened.pageErrors).toEqual([]);
});

test('about:blank: the popup explains that reader view is not available there', async () => {
  const { popup, pageErrors } = await openWithPopup('about:blank');
  await expect(popup.getByRole('heading', { level: 1 })).toHaveText(/isn’t available/);
  await expect(popup.getByRole('button', { name: 'Open reader view' })).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});
