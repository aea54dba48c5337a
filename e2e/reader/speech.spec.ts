/**
 * Read aloud, with the Web Speech API replaced by a recorder in the page (headless Chromium has no voices, and
 * a real voice can't be heard by a test): what is spoken, sentence by sentence, in which voice and at which
 * speed, which sentence and word are marked on the screen, where reading starts and steps to, how the view
 * follows it, and that pause, resume, stop and closing the reader reach the speech engine. Without voices the
 * controls are not offered at all. The media controls are the browser's own, pressed on a desktop's bus
 * (support/desktop.ts).
 */

import { type Browser, chromium, expect, type Page, test } from '@playwright/test';
import { DEFAULT_READER_SETTINGS } from '../../extension/reader/settings.ts';
import { type Desktop, requireDesktop, startDesktop } from '../support/desktop.ts';
import { markedText } from '../support/marked.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/paths.ts';
import { seriousViolations } from './axe.ts';
import {
  calls,
  focusedInReader,
  mount,
  reader,
  requireReaderBundle,
  shownBody,
  type TestWindow,
} from './mount.ts';
import { sampleArticle } from './sample-article.ts';

test.beforeAll(requireReaderBundle);

interface Spoken {
  text: string;
  rate: number;
  voice: string | null;
}

interface SpeechRecorder {
  spoken: Spoken[];
  calls: string[];
  /** Ends the utterance being spoken, as the engine does when it has said it. */
  finish(): void;
  /** Says the utterance being spoken has reached a word, as a voice that reports boundaries does. */
  boundary(charIndex: number, charLength?: number): void;
}

/**
 * Installs the recorder before the reader loads; `voices` is what getVoices() returns. Like Chromium's engine,
 * a cancel ends the utterance being spoken with an "interrupted" error.
 */
async function fakeSpeech(
  page: Page,
  voices: Array<{ voiceURI: string; name: string; lang: string; localService?: boolean }>,
  /** Says it is speaking, and never that it paused, as Firefox's speech-dispatcher voices do. */
  ignoresPause = false,
) {
  await page.setContent('<!doctype html><html lang="en"><body><p>The page.</p></body></html>');
  await page.evaluate(
    ({ voices, ignoresPause }) => {
      const utterances: Utterance[] = [];
      const speaking = () => utterances.at(-1);
      const recorder = {
        spoken: [] as Array<{ text: string; rate: number; voice: string | null }>,
        calls: [] as string[],
        finish() {
          speaking()?.onend?.();
        },
        boundary(charIndex: number, charLength?: number) {
          speaking()?.onboundary?.({
            name: 'word',
            charIndex,
            ...(charLength === undefined ? {} : { charLength }),
          });
        },
      };
      class Utterance {
        text: string;
        rate = 1;
        lang = '';
        voice: { voiceURI: string } | null = null;
        onend?: () => void;
        onerror?: (event: { error: string }) => void;
        onboundary?: (event: { name: string; charIndex: number; charLength?: number }) => void;
        constructor(text: string) {
          this.text = text;
        }
      }
      const engine = {
        getVoices: () => voices,
        speak(utterance: Utterance) {
          utterances.push(utterance);
          recorder.spoken.push({
            text: utterance.text,
            rate: utterance.rate,
            voice: utterance.voice?.voiceURI ?? null,
          });
        },
        cancel() {
          recorder.calls.push('cancel');
          const cancelled = utterances.splice(0);
          for (const utterance of cancelled) utterance.onerror?.({ error: 'interrupted' });
        },
        pause: () => recorder.calls.push('pause'),
        resume: () => recorder.calls.push('resume'),
        addEventListener() {},
        removeEventListener() {},
      };
      if (ignoresPause) {
        Object.defineProperty(engine, 'speaking', { get: () => utterances.length > 0 });
        Object.defineProperty(engine, 'paused', { value: false });
      }
      Object.defineProperty(window, 'speechSynthesis', { value: engine, configurable: true });
      Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: Utterance, configurable: true });
      (window as unknown as { speech: typeof recorder }).speech = recorder;
    },
    { voices, ignoresPause },
  );
}

const recorder = (page: Page) =>
  page.evaluate(() => (window as unknown as { speech: SpeechRecorder }).speech);
/** What was spoken, once something was: read aloud starts when its panel has loaded (a task or two later). */
async function heardOnce(page: Page): Promise<SpeechRecorder> {
  await expect.poll(async () => (await recorder(page)).spoken.length).toBeGreaterThan(0);
  return recorder(page);
}
const finish = (page: Page) =>
  page.evaluate(() => (window as unknown as { speech: SpeechRecorder }).speech.finish());
const boundary = (page: Page, charIndex: number, charLength?: number) =>
  page.evaluate(
    ([index, length]) =>
      (window as unknown as { speech: SpeechRecorder }).speech.boundary(index as number, length),
    [charIndex, charLength] as const,
  );
/** The text spoken last. */
const lastSpoken = async (page: Page) => (await recorder(page)).spoken.at(-1)?.text;

/** The article's text a person sees marked as `kind` (support/marked.ts). */
const marked = (page: Page, kind: 'sentence' | 'word') => reader(page).evaluate(markedText, kind);

/** Waits until the article's scroll position holds still (a smooth scroll has ended). */
async function scrollSettled(page: Page): Promise<void> {
  const top = () =>
    reader(page)
      .locator('.l-scroll')
      .evaluate((el) => el.scrollTop);
  let before = await top();
  await expect
    .poll(
      async () => {
        const now = await top();
        const still = now === before;
        before = now;
        return still;
      },
      { intervals: [300] },
    )
    .toBe(true);
}

/** Whether the sentence marked is on the screen, between the sticky toolbar and the bottom of the view. */
function markInView(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const root = document.querySelector('lectern-reader')?.shadowRoot;
    const bar = root?.querySelector('.l-toolbar')?.getBoundingClientRect();
    const marks = [...(root?.querySelectorAll('.l-mark-sentence') ?? [])].map((mark) =>
      mark.getBoundingClientRect(),
    );
    const view = root?.querySelector('.l-scroll')?.getBoundingClientRect();
    if (!bar || !view || marks.length === 0) return false;
    return marks.some((mark) => mark.bottom > bar.bottom && mark.top < view.bottom);
  });
}

const VOICES = [
  { voiceURI: 'test-fr', name: 'Test French', lang: 'fr-FR', localService: true },
  { voiceURI: 'test-en', name: 'Test English', lang: 'en-GB', localService: true },
];

test('without voices there is no read-aloud control', async ({ page }) => {
  await fakeSpeech(page, []);
  await mount(page);
  await expect(page.getByRole('button', { name: 'Copy text' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Read aloud' })).toHaveCount(0);
});

const FIRST =
  'Ten years ago the branch library on Alder Street was on a list of buildings the council expected to sell.';
const SECOND =
  'This winter it opened on Sunday mornings for the first time since 1987, and by half past ten there was a queue for the study tables.';

test('reads and marks on a page whose named elements shadow the document’s methods', async ({ page }) => {
  await fakeSpeech(page, VOICES);
  await mount(page);
  // Named access: each of these makes `document.<name>` the page's element, in every world that reads it.
  await page.evaluate(() => {
    const names = ['createElement', 'createRange', 'createTreeWalker', 'defaultView', 'getSelection'];
    for (const name of names) {
      const form = Document.prototype.createElement.call(document, 'form') as HTMLFormElement;
      form.setAttribute('name', name);
      document.body.append(form);
    }
  });
  expect(await page.evaluate(() => typeof (document as unknown as Record<string, unknown>).createRange)).toBe(
    'object',
  );
  await page.getByRole('button', { name: 'Read aloud' }).click();
  const heard = await heardOnce(page);
  expect(heard.spoken.map((spoken) => spoken.text)).toEqual([sampleArticle.title]);
  await expect.poll(() => marked(page, 'sentence')).toBe(sampleArticle.title);
  await finish(page);
  await expect.poll(() => lastSpoken(page)).toBe(FIRST);
  await expect.poll(() => marked(page, 'sentence')).toBe(FIRST);
});

test('reads sentence by sentence in a voice for the article’s language, marking the sentence being read', async ({
  page,
}) => {
  await fakeSpeech(page, VOICES);
  await mount(page);
  const body = await shownBody(page);
  const before = await body();
  await page.getByRole('button', { name: 'Read aloud' }).click();
  let heard = await heardOnce(page);
  expect(heard.spoken).toEqual([{ text: sampleArticle.title, rate: 1, voice: 'test-en' }]);
  await expect.poll(() => marked(page, 'sentence')).toBe(sampleArticle.title);

  await finish(page);
  heard = await recorder(page);
  expect(heard.spoken.map((spoken) => spoken.text)).toEqual([sampleArticle.title, FIRST]);
  await expect.poll(() => marked(page, 'sentence')).toBe(FIRST);
  await finish(page);
  expect(await lastSpoken(page)).toBe(SECOND);
  await expect.poll(() => marked(page, 'sentence')).toBe(SECOND);
  // The marks are the reader's own boxes: the article's nodes are as they were, and nothing went into the
  // document's highlight registry, which the page's scripts share.
  expect(await body()).toBe(before);
  expect(await page.evaluate(() => CSS.highlights.size)).toBe(0);

  await page.getByRole('button', { name: 'Pause reading' }).click();
  await page.getByRole('button', { name: 'Resume reading' }).click();
  await page.getByRole('button', { name: 'Stop reading' }).click();
  expect((await recorder(page)).calls).toEqual(['cancel', 'pause', 'resume', 'cancel']);
  await expect(reader(page).locator('.l-mark')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Read aloud' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stop reading' })).toHaveCount(0);
});

test('the buttons and keys step by sentence and by paragraph', async ({ page }) => {
  await fakeSpeech(page, VOICES);
  await mount(page);
  await page.getByRole('button', { name: 'Read aloud' }).click();
  await heardOnce(page);
  await finish(page);
  expect(await lastSpoken(page)).toBe(FIRST);

  await page.getByRole('button', { name: 'Next sentence' }).click();
  expect(await lastSpoken(page)).toBe(SECOND);
  await expect.poll(() => marked(page, 'sentence')).toBe(SECOND);
  await page.getByRole('button', { name: 'Previous sentence' }).click();
  expect(await lastSpoken(page)).toBe(FIRST);
  await page.getByRole('button', { name: 'Next paragraph' }).click();
  expect(await lastSpoken(page)).toMatch(
    /^Across the city, visits to branch libraries rose by a third last year/,
  );
  await page.getByRole('button', { name: 'Previous paragraph' }).click();
  expect(await lastSpoken(page)).toBe(FIRST);

  // The same with the keys, the focus in the article (where a click on the bar leaves it).
  await page.keyboard.press('.');
  expect(await lastSpoken(page)).toBe(SECOND);
  await page.keyboard.press(']');
  expect(await lastSpoken(page)).toMatch(/^Across the city/);
  await page.keyboard.press(',');
  expect(await lastSpoken(page)).toBe(SECOND);
  await page.keyboard.press('[');
  expect(await lastSpoken(page)).toBe(sampleArticle.title);
  await expect.poll(() => marked(page, 'sentence')).toBe(sampleArticle.title);

  // Paused, a step moves the mark; resuming reads from there.
  await page.keyboard.press('p');
  await page.keyboard.press('.');
  const spoken = (await recorder(page)).spoken.length;
  await expect.poll(() => marked(page, 'sentence')).toBe(FIRST);
  expect((await recorder(page)).spoken.length).toBe(spoken);
  await page.keyboard.press('p');
  expect(await lastSpoken(page)).toBe(FIRST);
});

test('reading starts from a paragraph clicked while reading, or from the one in focus or at the top with R', async ({
  page,
}) => {
  await fakeSpeech(page, VOICES);
  await mount(page);
  const paragraph = (text: string) => reader(page).locator('.l-content p', { hasText: text });
  // Not reading, a click on the text only places the caret, and R reads from the paragraph at the top of the view.
  await paragraph('Librarians describe').click();
  expect((await recorder(page)).spoken).toEqual([]);
  // Scrolled again once the blocks near it are laid out: they are drawn (and measured) as they come near the view.
  for (let again = 0; again < 3; again += 1) {
    await reader(page)
      .getByRole('heading', { name: 'The numbers' })
      .evaluate(async (heading) => {
        heading.scrollIntoView({ block: 'start' });
        await new Promise(requestAnimationFrame);
      });
  }
  await reader(page).locator('.l-scroll').focus();
  await page.keyboard.press('r');
  expect((await heardOnce(page)).spoken.map((spoken) => spoken.text)).toEqual(['The numbers']);

  await paragraph('Librarians describe').click();
  expect(await lastSpoken(page)).toBe('Librarians describe three shifts, none of them planned:');
  await expect
    .poll(() => marked(page, 'sentence'))
    .toBe('Librarians describe three shifts, none of them planned:');
  const count = (await recorder(page)).spoken.length;
  // A click the page makes is not the person's.
  await paragraph('Not every branch').evaluate((p) =>
    p.dispatchEvent(new MouseEvent('click', { bubbles: true })),
  );
  expect((await recorder(page)).spoken.length).toBe(count);

  // R with a link of a paragraph in focus reads from that paragraph.
  await reader(page).getByRole('link', { name: '1', exact: true }).focus();
  await page.keyboard.press('r');
  expect(await lastSpoken(page)).toMatch(/^Across the city/);
});

test('a speed chosen while reading is heard from the next sentence', async ({ page }) => {
  await fakeSpeech(page, VOICES);
  await mount(page);
  await page.getByRole('button', { name: 'Read aloud' }).click();
  await heardOnce(page);
  await page.getByRole('button', { name: 'Reading settings' }).click();
  await page.getByRole('combobox', { name: 'Speed' }).focus();
  await page.keyboard.type('1.5');
  expect((await calls(page)).filter((call) => call.startsWith('save:{"rate"')).at(-1)).toBe(
    'save:{"rate":1.5}',
  );
  await finish(page);
  const spoken = (await recorder(page)).spoken;
  expect(spoken.map(({ text, rate }) => [text, rate])).toEqual([
    [sampleArticle.title, 1],
    [FIRST, 1.5],
  ]);
});

test('the word being read is marked when the voice says where it is', async ({ page }) => {
  await fakeSpeech(page, VOICES);
  await mount(page);
  await page.getByRole('button', { name: 'Read aloud' }).click();
  await heardOnce(page);
  await finish(page);
  await boundary(page, 4, 5);
  await expect.poll(() => marked(page, 'word')).toBe('years');
  // Without a length (as Firefox's voices mostly give), the word that starts there.
  await boundary(page, 10);
  await expect.poll(() => marked(page, 'word')).toBe('ago');
  await finish(page);
  await expect(reader(page).locator('.l-mark-word')).toHaveCount(0);
});

test('the view follows the reading until the person scrolls away, and again when asked or back in view', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await fakeSpeech(page, VOICES);
  await mount(page);
  await page.getByRole('button', { name: 'Read aloud' }).click();
  await heardOnce(page);
  const scroller = reader(page).locator('.l-scroll');
  const top = () => scroller.evaluate((el) => el.scrollTop);
  // Far down the article: the view scrolled there.
  for (let step = 0; step < 40 && !/^For now/.test((await lastSpoken(page)) ?? ''); step += 1)
    await page.keyboard.press(']');
  expect(await lastSpoken(page)).toMatch(/^For now, the queue on Alder Street/);
  await expect.poll(() => markInView(page)).toBe(true);
  expect(await top()).toBeGreaterThan(300);

  // The person scrolls back to the top: the reading goes on where it is, and the view stays.
  await page.mouse.move(640, 500);
  await page.mouse.wheel(0, -20000);
  await expect.poll(top).toBe(0);
  const back = page.getByRole('button', { name: 'Back to reading position' });
  await expect(back).toBeVisible();
  await finish(page);
  expect(await top()).toBe(0);
  await back.click();
  await expect.poll(() => markInView(page)).toBe(true);
  await expect(back).toHaveCount(0);

  // Scrolled away and back by the person: following again, without the button.
  await page.mouse.wheel(0, -20000);
  await expect(back).toBeVisible();
  await page.mouse.wheel(0, 20000);
  await expect(back).toHaveCount(0);
  // With the keyboard: F, the focus in the article; or the button, after which the focus is in the article.
  await page.mouse.wheel(0, -20000);
  await expect(back).toBeVisible();
  await page.keyboard.press('f');
  await expect.poll(() => markInView(page)).toBe(true);
  await expect(back).toHaveCount(0);
  await page.mouse.wheel(0, -20000);
  await back.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => markInView(page)).toBe(true);
  expect(await focusedInReader(page)).toBe('the article');
});

test('turning images off while reading goes on at the same sentence, marked in the new text', async ({
  page,
}) => {
  await fakeSpeech(page, VOICES);
  await mount(page);
  await page.getByRole('button', { name: 'Read aloud' }).click();
  await heardOnce(page);
  await reader(page).locator('.l-content p', { hasText: 'Not every branch' }).click();
  expect(await lastSpoken(page)).toBe('Not every branch has the staff to match.');
  // As when they are turned off in another tab: the body is built again, without the figure.
  await page.evaluate((settings) => (window as unknown as TestWindow).handle.applySettings(settings), {
    ...DEFAULT_READER_SETTINGS,
    images: false,
  });
  await expect(reader(page).locator('.l-content img')).toHaveCount(0);
  await expect.poll(() => marked(page, 'sentence')).toBe('Not every branch has the staff to match.');
  await finish(page);
  expect(await lastSpoken(page)).toBe(
    'Harbour Road still closes at five on weekdays, and its manager says she turns people away most evenings.',
  );
  await expect
    .poll(() => marked(page, 'sentence'))
    .toBe(
      'Harbour Road still closes at five on weekdays, and its manager says she turns people away most evenings.',
    );
});

test('voice and speed are settings: chosen, saved, and used for the next reading', async ({ page }) => {
  await fakeSpeech(page, VOICES);
  await mount(page);
  await page.getByRole('button', { name: 'Reading settings' }).click();
  // Chosen with the keyboard, as a person does (type-ahead): the reader acts only on real input.
  await page.getByRole('combobox', { name: 'Voice' }).focus();
  await page.keyboard.type('Test French');
  await page.getByRole('combobox', { name: 'Speed' }).focus();
  await page.keyboard.type('1.5');
  // Type-ahead passes the options on the way (each is saved as it is chosen); the last ones stay.
  const saved = await calls(page);
  expect(saved.filter((call) => call.startsWith('save:{"voice"')).at(-1)).toBe('save:{"voice":"test-fr"}');
  expect(saved.filter((call) => call.startsWith('save:{"rate"')).at(-1)).toBe('save:{"rate":1.5}');
  await page.getByRole('button', { name: 'Read aloud' }).click();
  expect((await heardOnce(page)).spoken).toEqual([
    { text: sampleArticle.title, rate: 1.5, voice: 'test-fr' },
  ]);
});

test('closing the reader stops the voice', async ({ page }) => {
  await fakeSpeech(page, VOICES);
  await mount(page);
  await page.getByRole('button', { name: 'Read aloud' }).click();
  await heardOnce(page);
  await page.evaluate(() => (window as unknown as TestWindow).handle.unmount());
  expect((await recorder(page)).calls.at(-1)).toBe('cancel');
});

test('a voice of the device reads before an online one, and the voice list says which are online', async ({
  page,
}) => {
  await fakeSpeech(page, [
    { voiceURI: 'online-en', name: 'Online English', lang: 'en-US', localService: false },
    ...VOICES,
  ]);
  await mount(page);
  await page.getByRole('button', { name: 'Read aloud' }).click();
  expect((await heardOnce(page)).spoken[0]?.voice).toBe('test-en');
  await page.getByRole('button', { name: 'Stop reading' }).click();
  await page.getByRole('button', { name: 'Reading settings' }).click();
  const options = await page.getByRole('combobox', { name: 'Voice' }).locator('option').allTextContents();
  expect(options).toContain('Online English (en-US) · online: sends the text to its service');
  expect(options).toContain('Test English (en-GB)');
  // The article's language first, the device's voices before the online one.
  expect(options.indexOf('Test English (en-GB)')).toBeLessThan(
    options.indexOf('Online English (en-US) · online: sends the text to its service'),
  );
});

test.describe('on a desktop', () => {
  let desktop: Desktop | undefined;
  let browser: Browser | undefined;
  test.beforeAll(async () => {
    requireDesktop();
    desktop = await startDesktop();
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      env: { ...process.env, ...desktop.env },
    });
  });
  test.afterAll(async () => {
    await browser?.close();
    await desktop?.close();
  });

  test('the system’s media controls show the article, and their buttons pause, resume, step and stop', async () => {
    if (!browser || !desktop) throw new Error('no desktop');
    const on = desktop;
    const page = await browser.newPage();
    await fakeSpeech(page, VOICES);
    await mount(page);
    await page.getByRole('button', { name: 'Read aloud' }).click();
    await heardOnce(page);
    // Chromium publishes the tab on the bus once it plays a media element: the carrier read aloud plays.
    const player = await on.player();
    expect(player).toMatch(/^org\.mpris\.MediaPlayer2\.chromium\./);
    await expect.poll(() => on.title(player)).toBe(sampleArticle.title);
    await expect.poll(() => on.status(player)).toBe('Playing');

    await on.command(player, 'Next');
    await expect.poll(() => lastSpoken(page)).toBe(FIRST);
    await on.command(player, 'Next');
    await expect.poll(() => lastSpoken(page)).toBe(SECOND);
    await on.command(player, 'Previous');
    await expect.poll(() => lastSpoken(page)).toBe(FIRST);
    await on.command(player, 'Pause');
    await expect(page.getByRole('button', { name: 'Resume reading' })).toBeVisible();
    await expect.poll(() => on.status(player)).toBe('Paused');
    await on.command(player, 'Play');
    await expect(page.getByRole('button', { name: 'Pause reading' })).toBeVisible();
    await expect.poll(() => on.status(player)).toBe('Playing');
    expect((await recorder(page)).calls.slice(-2)).toEqual(['pause', 'resume']);
    await on.command(player, 'Stop');
    await expect(page.getByRole('button', { name: 'Read aloud' })).toBeVisible();
    // Stopped, the tab gives the controls back: no player of ours is left playing.
    await expect
      .poll(async () => ((await on.players()).includes(player) ? on.status(player) : 'gone'))
      .not.toBe('Playing');
    expect(await page.evaluate(() => navigator.mediaSession.metadata)).toBeNull();
    await page.close();
  });
});

test('a voice that speaks on through a pause is silenced, and resuming reads its sentence again', async ({
  page,
}) => {
  await fakeSpeech(page, VOICES, true);
  await mount(page);
  await page.getByRole('button', { name: 'Read aloud' }).click();
  await heardOnce(page);
  await page.getByRole('button', { name: 'Next sentence' }).click();
  await expect.poll(() => lastSpoken(page)).toBe(FIRST);
  const spoken = (await recorder(page)).spoken.length;
  await page.getByRole('button', { name: 'Pause reading' }).click();
  await expect.poll(async () => (await recorder(page)).calls.at(-1)).toBe('cancel');
  await expect(page.getByRole('button', { name: 'Resume reading' })).toBeVisible();
  expect(await marked(page, 'sentence')).toBe(FIRST);
  await page.getByRole('button', { name: 'Resume reading' }).click();
  await expect.poll(async () => (await recorder(page)).spoken.length).toBe(spoken + 1);
  expect(await lastSpoken(page)).toBe(FIRST);
});

test('read aloud’s bar and its keys in the help have no serious accessibility violation', async ({
  page,
}) => {
  await fakeSpeech(page, VOICES);
  await mount(page);
  await page.getByRole('button', { name: 'Read aloud' }).click();
  await heardOnce(page);
  await page.mouse.move(640, 500);
  for (let step = 0; step < 20; step += 1) await page.keyboard.press(']');
  // The view has followed, smoothly, before the person scrolls back.
  await scrollSettled(page);
  await page.mouse.wheel(0, -20000);
  await expect(page.getByRole('button', { name: 'Back to reading position' })).toBeVisible();
  await page.keyboard.press('?');
  const help = reader(page).getByRole('region', { name: 'Keyboard shortcuts' });
  await expect(help).toContainText('Read aloud from the paragraph in focus');
  await expect(help).toContainText('Read the next sentence');
  const { serious } = await seriousViolations(page);
  expect(serious).toEqual([]);
});
