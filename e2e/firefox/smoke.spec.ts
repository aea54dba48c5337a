/**
 * The Firefox build end to end: Debian's firefox-esr, headed on a private Xvfb display, with dist-firefox/
 * (the SHIPPED build: activeTab, no host permission) installed as a temporary add-on. The shortcut is pressed
 * through X11, so Firefox itself grants activeTab, the background injects the content script and the reader
 * opens, exactly as for a user. The page is a fixture served over HTTP on 127.0.0.1.
 */
import { existsSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Browser, Page } from 'puppeteer-core';
import { type PageServer, startServer } from '../../bench/serve.ts';
import { NEWS } from '../extension/pages.ts';
import { fixtureFile } from '../support/index.ts';
import { FIREFOX_PATH, launchFirefox } from './firefox.ts';
import { type Display, startDisplay, XDOTOOL, XVFB } from './x11.ts';

const SHORTCUT = 'alt+shift+k';

let display: Display | undefined;
let firefox: Browser | undefined;
let server: PageServer | undefined;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  const missing = [FIREFOX_PATH, XVFB, XDOTOOL].filter((tool) => !existsSync(tool));
  if (missing.length > 0) {
    const reason = `needs firefox-esr, xvfb and xdotool (apt-get install); missing ${missing.join(', ')}`;
    if (process.env.CI) throw new Error(reason);
    test.skip(true, reason);
  }
  server = await startServer();
  display = await startDisplay();
  firefox = await launchFirefox(display.name);
});

test.afterAll(async () => {
  await firefox?.close();
  display?.close();
  await server?.close();
});

interface ReaderView {
  title: string | undefined;
  text: string;
  /** The overlay covers the viewport and is rendered (not display:none, not transparent). */
  covers: boolean;
}

/** What the reader overlay shows in the page, or null while there is none. */
function readerView(page: Page): Promise<ReaderView | null> {
  return page.evaluate(() => {
    const host = document.querySelector('lectern-reader');
    const root = host?.shadowRoot?.querySelector('.lectern-root');
    if (!host || !root) return null;
    const box = host.getBoundingClientRect();
    return {
      title: root.querySelector('h1')?.textContent?.trim(),
      text: root.textContent ?? '',
      covers:
        host.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
        box.width >= window.innerWidth &&
        box.height >= window.innerHeight,
    };
  });
}

test('Alt+Shift+K in Firefox opens the reader on a news article and closes it again', async () => {
  test.setTimeout(60_000);
  if (!firefox || !display || !server) throw new Error('not launched');
  const url = server.add('firefox', 'news-article', fixtureFile('news-article', 'source.html'));
  const page = await firefox.newPage();
  await page.goto(url);
  await page.bringToFront();
  const before = await page.evaluate(() => document.documentElement.outerHTML);

  await display.press('firefox', SHORTCUT);
  await expect.poll(() => readerView(page).then((view) => view?.title), { timeout: 15_000 }).toBe(NEWS.title);
  const view = await readerView(page);
  expect(view?.covers).toBe(true);
  expect(view?.text).toContain(NEWS.body);
  expect(view?.text).not.toContain(NEWS.sidebar);

  await display.press('firefox', SHORTCUT);
  await expect.poll(() => page.evaluate(() => document.querySelector('lectern-reader') === null)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.outerHTML)).toBe(before);
});
