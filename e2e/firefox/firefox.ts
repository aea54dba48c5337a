/** Firefox with the built add-on, driven by puppeteer-core over WebDriver BiDi (Playwright can't load add-ons). */
import { existsSync } from 'node:fs';
import path from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { ROOT, VIEWPORT } from '../support/index.ts';

/** Debian's `firefox-esr` (153 when this was written); FIREFOX_PATH runs another one. */
export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/** The shipped Firefox build, as `npm run build:firefox` writes it. */
export const DIST_FIREFOX = path.join(ROOT, 'dist-firefox');

/**
 * Starts a headed Firefox on `display` with dist-firefox/ installed as a temporary add-on, as
 * about:debugging's "Load Temporary Add-on" does. Headed, because only a real key press fires the shortcut.
 * Downloads are saved to `downloads`; `prefs` are more of Firefox's preferences (its language, say), and `env`
 * more of its environment (a desktop's bus and sound server).
 */
export async function launchFirefox(
  display: string,
  downloads: string,
  prefs: Record<string, string | number | boolean> = {},
  env: Record<string, string> = {},
): Promise<Browser> {
  if (!existsSync(path.join(DIST_FIREFOX, 'manifest.json'))) {
    throw new Error('dist-firefox/manifest.json is missing: run npm run build:firefox first');
  }
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: false,
    defaultViewport: VIEWPORT,
    env: { ...process.env, ...env, DISPLAY: display },
    // Downloads go to `downloads` without a dialog, as a person's browser set to "always save" does.
    extraPrefsFirefox: {
      'browser.download.dir': downloads,
      'browser.download.folderList': 2,
      'browser.download.useDownloadDir': true,
      'browser.download.always_ask_before_handling_new_types': false,
      ...prefs,
    },
  });
  try {
    await browser.installExtension(DIST_FIREFOX);
    return browser;
  } catch (error) {
    await browser.close();
    throw error;
  }
}
