/**
 * Read aloud, with the Web Speech API replaced by a recorder in the page (headless Chromium has no voices, and
 * a real voice can't be heard by a test): what is spoken, in which voice and at which speed, which block is
 * highlighted, and that pause, resume, stop and closing the reader reach the speech engine. Without voices
 * the controls are not offered at all.
 */
import { expect, type Page, test } from '@playwright/test';
import { calls, mount, reader, requireReaderBundle, type TestWindow } from './mount.ts';
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
}

/** Installs the recorder before the reader loads; `voices` is what getVoices() returns. */
async function fakeSpeech(
  page: Page,
  voices: Array<{ voiceURI: string; name: string; lang: string; localService?: boolean }>,
) {
  await page.setContent('<!doctype html><html lang="en"><body><p>The page.</p></body></html>');
  await page.evaluate((voices) => {
    const utterances: Array<{
      text: string;
      rate: number;
      voice: { voiceURI: string } | null;
      onend?: () => void;
    }> = [];
    const recorder = {
      spoken: [] as Array<{ text: string; rate: number; voice: string | null }>,
      calls: [] as string[],
      finish() {
        utterances.at(-1)?.onend?.();
      },
    };
    class Utterance {
      text: string;
      rate = 1;
      lang = '';
      voice: { voiceURI: string } | null = null;
      onend?: () => void;
      onerror?: () => void;
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
      cancel: () => recorder.calls.push('cancel'),
      pause: () => recorder.calls.push('pause'),
      resume: () => recorder.calls.push('resume'),
      addEventListener() {},
      removeEventListener() {},
    };
    Object.defineProperty(window, 'speechSynthesis', { value: engine, configurable: true });
    Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: Utterance, configurable: true });
    (window as unknown as { speech: typeof recorder }).speech = recorder;
  }, voices);
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
const speaking = (page: Page) => reader(page).locator('.l-speaking');

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

test('reads block by block in a voice for the article’s language, highlighting the block being read', async ({
  page,
}) => {
  await fakeSpeech(page, VOICES);
  await mount(page);
  await page.getByRole('button', { name: 'Read aloud' }).click();
  let heard = await heardOnce(page);
  expect(heard.spoken).toEqual([{ text: sampleArticle.title, rate: 1, voice: 'test-en' }]);
  await expect(speaking(page)).toHaveText(sampleArticle.title);

  await finish(page);
  heard = await recorder(page);
  expect(heard.spoken[1]?.text).toMatch(/^Ten years ago the branch library/);
  await expect(speaking(page)).toContainText('Ten years ago the branch library');
  await expect(speaking(page)).toHaveCount(1);

  await page.getByRole('button', { name: 'Pause reading' }).click();
  await page.getByRole('button', { name: 'Resume reading' }).click();
  await page.getByRole('button', { name: 'Stop reading' }).click();
  expect((await recorder(page)).calls).toEqual(['cancel', 'pause', 'resume', 'cancel']);
  await expect(speaking(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Read aloud' })).toBeVisible();
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
