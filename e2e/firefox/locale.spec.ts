/**
 * The Firefox build in German: Debian's firefox-esr with its German language pack (firefox-esr-l10n-de) asked
 * for, the add-on's words from _locales/de as Firefox's i18n picks them, the article keeping its own language.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { NEWS } from '../extension/pages.ts';
import { fixtureFile, ROOT } from '../support/index.ts';
import { overlayOf } from './overlay.ts';
import { type FirefoxSession, openFirefoxSession } from './session.ts';

/** Where Debian's firefox-esr-l10n-de puts Firefox's German. */
const GERMAN_PACK = '/usr/lib/firefox-esr/browser/extensions/langpack-de@firefox-esr.mozilla.org.xpi';

const german = JSON.parse(readFileSync(path.join(ROOT, '_locales', 'de', 'messages.json'), 'utf8')) as Record<
  string,
  { message: string }
>;
const say = (name: string): string => german[name]?.message ?? `(no ${name})`;

let session: FirefoxSession | undefined;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  session = await openFirefoxSession({
    needs: [{ file: GERMAN_PACK, debian: 'firefox-esr-l10n-de' }],
    prefs: {
      'intl.locale.requested': 'de',
      // The language pack is installed with Firefox (the application's scope), which a new profile leaves off.
      'extensions.autoDisableScopes': 0,
      'extensions.enabledScopes': 15,
    },
  });
});

test.afterAll(async () => {
  await session?.close();
});

test('in a German Firefox, the reader speaks German around an English article', async () => {
  test.setTimeout(60_000);
  if (!session) throw new Error('not launched');
  const { firefox, display, server } = session;
  const page = await firefox.newPage();
  await page.goto(server.add('firefox-german', 'news-article', fixtureFile('news-article', 'source.html')));
  await page.bringToFront();
  await display.press('firefox', 'alt+shift+k');
  const overlay = overlayOf(page);
  const shown = () =>
    overlay
      .evaluate((root) => ({
        lang: root.querySelector('.l-root')?.getAttribute('lang'),
        articleLang: root.querySelector('article')?.getAttribute('lang'),
        title: root.querySelector('h1')?.textContent?.trim(),
        buttons: [...root.querySelectorAll('.l-toolbar .l-label')].map((label) => label.textContent?.trim()),
        stats: root.querySelector('.l-stats')?.textContent ?? '',
      }))
      .catch(() => null);
  await expect.poll(async () => (await shown())?.title, { timeout: 15_000 }).toBe(NEWS.title);
  const reader = await shown();
  expect(reader?.lang).toBe('de');
  expect(reader?.articleLang).toBe('en-GB');
  expect(reader?.buttons).toEqual(expect.arrayContaining([say('readingSettings'), say('copyTextButton')]));
  expect(reader?.stats).toMatch(/Min\. Lesezeit · [\d.]+ Wörter/);
  await page.close();
});
