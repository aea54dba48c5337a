/**
 * Read aloud in the Firefox build, with nothing faked: Firefox on a desktop of its own (support/desktop.ts)
 * speaks with speech-dispatcher's espeak-ng voices into a sound server nobody hears, and publishes its media
 * controls on the desktop's bus (MPRIS), where the test presses them as a desktop's media keys and panel do.
 * The reader is opened with the real shortcut and its buttons pressed with real clicks (overlay.ts).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from 'puppeteer-core';
import { NEWS } from '../extension/pages.ts';
import type { Desktop } from '../support/desktop.ts';
import { fixtureFile } from '../support/index.ts';
import { markedText } from '../support/marked.ts';
import { overlayOf } from './overlay.ts';
import { type FirefoxSession, openFirefoxSession } from './session.ts';

const SHORTCUT = 'alt+shift+k';

let session: FirefoxSession | undefined;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  session = await openFirefoxSession({ desktop: true });
});

test.afterAll(async () => {
  await session?.close();
});

/** The sentence a person sees marked as being read (support/marked.ts). */
const marked = (page: Page) => overlayOf(page).evaluate(markedText, 'sentence' as const);

/** Whether the reader offers a button of this name, as a screen reader finds it. */
const offers = (page: Page, name: string) =>
  overlayOf(page)
    .count(name)
    .then((count) => count > 0);

/** Whether the tab's speech engine is speaking now (and not paused). */
function speaking(page: Page): Promise<boolean> {
  return page.evaluate(() => speechSynthesis.speaking && !speechSynthesis.paused);
}

test('Read aloud in Firefox speaks the article with a voice of the device, and the desktop’s media controls pause, step, resume and stop it', async () => {
  test.setTimeout(90_000);
  if (!session?.desktop) throw new Error('no desktop');
  const { firefox, display, server } = session;
  const desktop: Desktop = session.desktop;
  const page = await firefox.newPage();
  await page.goto(
    server.add('firefox-read-aloud', 'news-article', fixtureFile('news-article', 'source.html')),
  );
  await page.bringToFront();
  await display.press('firefox', SHORTCUT);
  const overlay = overlayOf(page);
  // Firefox lists speech-dispatcher's voices a moment after the page asks for them.
  await expect
    .poll(
      () =>
        overlay.click('Read aloud').then(
          () => true,
          () => false,
        ),
      { timeout: 20_000 },
    )
    .toBe(true);

  // A real voice reads: the engine speaks, the sentence is marked, and moves on when the voice has said it.
  await expect.poll(() => speaking(page), { timeout: 15_000 }).toBe(true);
  await expect.poll(() => marked(page)).not.toBe('');
  const first = await marked(page);
  expect(first.length).toBeGreaterThan(10);
  await expect.poll(() => marked(page), { timeout: 30_000 }).not.toBe(first);

  // Firefox hands its media controls to the tab: the article's title, playing.
  await expect.poll(() => desktop.players(), { timeout: 10_000 }).toHaveLength(1);
  const [player = ''] = await desktop.players();
  expect(player).toMatch(/^org\.mpris\.MediaPlayer2\.firefox\./);
  await expect.poll(() => desktop.title(player)).toBe(NEWS.title);
  await expect.poll(() => desktop.status(player)).toBe('Playing');

  await desktop.command(player, 'Pause');
  await expect.poll(() => offers(page, 'Resume reading')).toBe(true);
  await expect.poll(() => speaking(page)).toBe(false);
  await expect.poll(() => desktop.status(player)).toBe('Paused');
  const paused = await marked(page);
  await desktop.command(player, 'Next');
  await expect.poll(() => marked(page)).not.toBe(paused);
  const next = await marked(page);
  expect(next.length).toBeGreaterThan(10);
  await desktop.command(player, 'Previous');
  await expect.poll(() => marked(page)).toBe(paused);

  await desktop.command(player, 'Play');
  await expect.poll(() => offers(page, 'Pause reading')).toBe(true);
  await expect.poll(() => speaking(page)).toBe(true);
  await expect.poll(() => desktop.status(player)).toBe('Playing');

  await desktop.command(player, 'Stop');
  await expect.poll(() => offers(page, 'Read aloud')).toBe(true);
  await expect.poll(() => speaking(page)).toBe(false);
  await expect
    .poll(async () => ((await desktop.players()).includes(player) ? desktop.status(player) : 'gone'))
    .not.toBe('Playing');
  await page.close();
});

test('a page whose CSP forbids media still leaves the media controls to read aloud in Firefox', async () => {
  test.setTimeout(90_000);
  if (!session?.desktop) throw new Error('no desktop');
  const { firefox, display, server } = session;
  const desktop: Desktop = session.desktop;
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'lectern-firefox-csp-')), 'source.html');
  const source = readFileSync(fixtureFile('news-article', 'source.html'), 'utf8');
  const policy = `<meta http-equiv="Content-Security-Policy" content="media-src 'none'">`;
  writeFileSync(file, source.replace('<head>', `<head>${policy}`));
  const page = await firefox.newPage();
  await page.goto(server.add('firefox-read-aloud-csp', 'news-article', file));
  // The policy holds for the page: its own blob: audio doesn't play.
  const pagePlays = await page.evaluate(async () => {
    const audio = new Audio(URL.createObjectURL(new Blob([new Uint8Array(44)], { type: 'audio/wav' })));
    return audio.play().then(
      () => 'played',
      (error: Error) => error.name,
    );
  });
  expect(pagePlays).not.toBe('played');
  await page.bringToFront();
  await display.press('firefox', SHORTCUT);
  const overlay = overlayOf(page);
  await expect
    .poll(
      () =>
        overlay.click('Read aloud').then(
          () => true,
          () => false,
        ),
      { timeout: 20_000 },
    )
    .toBe(true);
  await expect.poll(() => speaking(page), { timeout: 15_000 }).toBe(true);
  // The carrier is the content script's, which the page's policy doesn't govern.
  await expect.poll(() => desktop.players(), { timeout: 10_000 }).toHaveLength(1);
  const [player = ''] = await desktop.players();
  // Playing: the first test's tab is closed, so this is this tab's reading.
  await expect.poll(() => desktop.status(player)).toBe('Playing');
  await desktop.command(player, 'Pause');
  await expect.poll(() => offers(page, 'Resume reading')).toBe(true);
  await expect.poll(() => speaking(page)).toBe(false);
  await overlay.click('Stop reading');
  await expect.poll(() => offers(page, 'Read aloud')).toBe(true);
  await page.close();
});
