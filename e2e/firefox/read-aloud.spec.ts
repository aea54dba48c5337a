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

/**
 * Opens `file` (the news article by default) with the real shortcut and presses Read aloud, once Firefox has
 * listed speech-dispatcher's voices (a moment after the page asks for them).
 */
async function readAloud(slug: string, file = fixtureFile('news-article', 'source.html')): Promise<Page> {
  if (!session) throw new Error('not launched');
  const page = await session.firefox.newPage();
  await page.goto(session.server.add(slug, 'news-article', file));
  await page.bringToFront();
  await session.display.press('firefox', SHORTCUT);
  const overlay = overlayOf(page);
  const pressed = () =>
    overlay.click('Read aloud').then(
      () => true,
      () => false,
    );
  await expect.poll(pressed, { timeout: 20_000 }).toBe(true);
  return page;
}

/** Whether the tab's speech engine is speaking now (and not paused). */
function speaking(page: Page): Promise<boolean> {
  return page.evaluate(() => speechSynthesis.speaking && !speechSynthesis.paused);
}

test('Read aloud in Firefox speaks the article with a voice of the device, and the desktop’s media controls pause, step, resume and stop it', async () => {
  test.setTimeout(90_000);
  if (!session?.desktop) throw new Error('no desktop');
  const desktop: Desktop = session.desktop;
  const page = await readAloud('firefox-read-aloud');

  // A real voice reads: the engine speaks, the sentence is marked, and moves on when the voice has said it.
  await expect.poll(() => speaking(page), { timeout: 15_000 }).toBe(true);
  await expect.poll(() => marked(page)).not.toBe('');
  const first = await marked(page);
  expect(first.length).toBeGreaterThan(10);
  await expect.poll(() => marked(page), { timeout: 30_000 }).not.toBe(first);

  // Firefox hands its media controls to the tab: the article's title, playing.
  const player = await desktop.player();
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
  const desktop: Desktop = session.desktop;
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'lectern-firefox-csp-')), 'source.html');
  const source = readFileSync(fixtureFile('news-article', 'source.html'), 'utf8');
  const policy = `<meta http-equiv="Content-Security-Policy" content="media-src 'none'">`;
  writeFileSync(file, source.replace('<head>', `<head>${policy}`));
  const page = await readAloud('firefox-read-aloud-csp', file);
  // The policy holds for the page: its own blob: audio is refused by the media-src directive.
  const refused = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        document.addEventListener('securitypolicyviolation', (event) => resolve(event.effectiveDirective), {
          once: true,
        });
        const audio = new Audio();
        audio.src = URL.createObjectURL(new Blob(['page'], { type: 'audio/wav' }));
        audio.play().catch(() => undefined);
        setTimeout(() => resolve('no violation'), 5000);
      }),
  );
  expect(refused).toBe('media-src');
  await expect.poll(() => speaking(page), { timeout: 15_000 }).toBe(true);
  // The carrier is the content script's, which the page's policy doesn't govern.
  const player = await desktop.player();
  // Playing: the first test's tab is closed, so this is this tab's reading.
  await expect.poll(() => desktop.status(player)).toBe('Playing');
  await desktop.command(player, 'Pause');
  await expect.poll(() => offers(page, 'Resume reading')).toBe(true);
  await expect.poll(() => speaking(page)).toBe(false);
  await overlayOf(page).click('Stop reading');
  await expect.poll(() => offers(page, 'Read aloud')).toBe(true);
  await page.close();
});
