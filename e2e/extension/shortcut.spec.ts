/**
 * The keyboard shortcut. `page.keyboard` can't fire a `commands` accelerator (the browser handles those outside
 * the page, docs/testing.md), so the real test runs headed Chromium on a private Xvfb display and
 * presses the keys through X11 with xdotool. It uses the SHIPPED build (dist/, no host permission): the key press
 * itself must grant activeTab, or injecting fails and nothing opens.
 */
import { existsSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { type Display, startDisplay, XDOTOOL, XVFB } from '../firefox/x11.ts';
import { overlayOf } from '../support/overlay.ts';
import { type Extension, launchExtension, openTab, type WorkerChrome, watchWorkerErrors } from './harness.ts';
import { NEWS } from './pages.ts';
import { RESTRICTED_ARGS, RESTRICTED_PAGES, servePdfs } from './restricted-pages.ts';

test('the toggle-reader command has a shortcut assigned', async () => {
  const extension = await launchExtension({ dist: 'dist' });
  try {
    const commands = await extension.worker.evaluate(() =>
      (globalThis as unknown as { chrome: WorkerChrome }).chrome.commands.getAll(),
    );
    const toggle = commands.find((command) => command.name === 'toggle-reader');
    // Chromium silently leaves some suggested keys unassigned (Alt+Shift+R in 156): the shortcut must be non-empty.
    expect(toggle?.shortcut).toBeTruthy();
  } finally {
    await extension.context.close();
  }
});

test.describe('a real key press', () => {
  let display: Display | undefined;
  let extension: Extension | undefined;
  let workerErrors: () => Promise<string[]> = async () => ['not launched'];

  test.beforeAll(async () => {
    const missing = [XVFB, XDOTOOL].filter((tool) => !existsSync(tool));
    if (missing.length > 0) {
      const reason = `needs Xvfb and xdotool (apt-get install xvfb xdotool); missing ${missing.join(', ')}`;
      if (process.env.CI) throw new Error(reason);
      test.skip(true, reason);
    }
    display = await startDisplay();
    extension = await launchExtension({
      dist: 'dist',
      headless: false,
      env: { DISPLAY: display.name },
      args: RESTRICTED_ARGS,
    });
    await servePdfs(extension.context);
    workerErrors = await watchWorkerErrors(extension);
  });

  test.afterAll(async () => {
    await extension?.context.close();
    display?.close();
  });

  async function pressShortcut(): Promise<void> {
    if (!display) throw new Error('no display');
    await display.press('chromium', 'alt+shift+k');
  }

  test('Alt+Shift+K opens the reader and closes it again; the shipped overlay is closed to the page', async () => {
    test.setTimeout(60_000);
    if (!extension) throw new Error('not launched');
    const { page } = await openTab(extension, NEWS.url);
    for (const other of extension.context.pages()) if (other !== page) await other.close();
    await page.bringToFront();
    const before = await page.evaluate(() => document.documentElement.outerHTML);

    await pressShortcut();
    const overlay = await overlayOf(page);
    await expect.poll(() => overlay.has(NEWS.title, 'heading'), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => overlay.text()).toContain(NEWS.body);

    // The shipped build's root is CLOSED: the debugging protocol sees its mode, and the page's own world, given
    // the host (the last element of <html>, as the check from the root's side proves), reads nothing of it.
    expect((await overlay.find())?.mode).toBe('closed');
    expect(await overlay.evaluate((root) => root.host === document.documentElement.lastElementChild)).toBe(
      true,
    );
    const seen = await page.evaluate(() => {
      const host = document.documentElement.lastElementChild as HTMLElement | null;
      return {
        tag: host?.localName,
        shadowRoot: host?.shadowRoot === null,
        text: `${host?.innerHTML}|${host?.textContent}|${host?.innerText}`,
        open: [...document.querySelectorAll('*')].filter((el) => el.shadowRoot !== null).length,
      };
    });
    expect(seen).toEqual({ tag: 'div', shadowRoot: true, text: '||', open: 0 });

    await pressShortcut();
    await expect.poll(() => overlay.find()).toBeNull();
    expect(await page.evaluate(() => document.documentElement.outerHTML)).toBe(before);
  });

  /** The text of the action popup if one is open: read from another extension page, as Playwright can't see it. */
  async function popupText(viewer: Page): Promise<string | null> {
    return viewer.evaluate(() => {
      const { chrome } = globalThis as unknown as {
        chrome: { extension: { getViews(filter: { type: string }): Window[] } };
      };
      return chrome.extension.getViews({ type: 'popup' })[0]?.document.body?.innerText ?? null;
    });
  }

  /**
   * An action popup stays open and keeps the keyboard (the next key press would go to it) and would answer
   * the next test's popupText: closed before and after each test.
   */
  async function closePopups(viewer: Page): Promise<void> {
    await viewer.evaluate(() => {
      const { chrome } = globalThis as unknown as {
        chrome: { extension: { getViews(filter: { type: string }): Window[] } };
      };
      for (const view of chrome.extension.getViews({ type: 'popup' })) view.close();
    });
  }

  for (const { name, url } of RESTRICTED_PAGES) {
    test(`Alt+Shift+K on ${name} says reader view is not available there`, async () => {
      test.setTimeout(60_000);
      if (!extension) throw new Error('not launched');
      // A background tab of our own to look into the popup from.
      const viewer = await extension.context.newPage();
      await viewer.goto(`chrome-extension://${extension.id}/extension/popup/index.html?tab=-1`);
      await closePopups(viewer);
      const { page, tabId } = await openTab(extension, url, /ERR_NAME_NOT_RESOLVED/);
      for (const other of extension.context.pages())
        if (other !== page && other !== viewer) await other.close();
      await page.bringToFront();
      await pressShortcut();
      const title = () =>
        extension?.worker.evaluate(
          (id) => (globalThis as unknown as { chrome: WorkerChrome }).chrome.action.getTitle({ tabId: id }),
          tabId,
        );
      await expect.poll(title).toMatch(/isn’t available/);
      // The shortcut opens the popup to say more: from the URL when activeTab reaches it, else from the error
      // injecting gives (the Web Store's is its own; about half the runs here hid the URL from the popup).
      const popup = () => popupText(viewer);
      await expect.poll(popup).toContain('Reader view isn’t available on this page');
      if (name.startsWith('a PDF'))
        await expect.poll(popup).toContain('PDFs open in the browser’s own viewer');
      if (name === 'the Web Store') await expect.poll(popup).toContain('add-on store doesn’t allow');
      expect(await (await overlayOf(page)).find()).toBeNull();
      expect(await workerErrors()).toEqual([]);
      await closePopups(viewer);
      await viewer.close();
    });
  }
});
