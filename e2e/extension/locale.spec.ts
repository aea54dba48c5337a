/**
 * The extension in the browser's language: Chromium started in German, French, Spanish and Japanese (the
 * LANGUAGE variable, as on a Linux desktop; Debian's chromium-l10n holds the browser's own translations). The
 * popup, the options page, the toolbar button and the shortcut speak that language, with its numbers and its
 * plural forms, and no English message is left on either page; the reader's own words are in it too, with its
 * settings, keys and menu open, while the article keeps its own language.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { ROOT } from '../support/index.ts';
import { overlayOf } from '../support/overlay.ts';
import {
  clickAndAwaitClose,
  type Extension,
  launchExtension,
  openTab,
  type WorkerChrome,
} from './harness.ts';
import { NEWS, THREAD } from './pages.ts';

type MessageFile = Record<string, { message: string }>;

const messagesOf = (code: string): MessageFile =>
  JSON.parse(readFileSync(path.join(ROOT, '_locales', code, 'messages.json'), 'utf8')) as MessageFile;

const english = messagesOf('en');

/** An English message as a pattern of whole text, its `$1`… standing for any value. */
function patternOf(message: string): RegExp {
  const escaped = message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\$[1-9]/g, '.+');
  return new RegExp(`^${escaped}$`);
}

/** The English messages a page in `code` must not show: those the language writes differently. */
function englishOnlyPatterns(code: string): { name: string; pattern: RegExp }[] {
  const translated = messagesOf(code);
  return Object.entries(english)
    .filter(([name, { message }]) => translated[name]?.message !== message && /\p{L}{2,}/u.test(message))
    .map(([name, { message }]) => ({ name, pattern: patternOf(message) }));
}

/** Every text a person reads or hears on the page: visible text nodes and the names given in attributes. */
function shownTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.nodeValue?.trim() ?? '';
      const parent = node.parentElement;
      if (text !== '' && parent?.checkVisibility()) texts.push(parent.innerText.trim() || text, text);
    }
    for (const element of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(name);
        if (value) texts.push(value.trim());
      }
    }
    return [...new Set(texts)];
  });
}

async function expectNoEnglish(page: Page, code: string): Promise<void> {
  const left = englishOnlyPatterns(code);
  const found = (await shownTexts(page)).flatMap((text) =>
    left.filter(({ pattern }) => pattern.test(text)).map(({ name }) => `${name}: ${text}`),
  );
  expect(found, `English left on ${page.url()}`).toEqual([]);
}

const LANGUAGES = [
  { code: 'de', words: /^[\d.]+ Wörter$/, thread: 'Diskussion · 3 Antworten' },
  { code: 'fr', words: /^[\d\u202f]+ mots$/, thread: 'Discussion · 3 réponses' },
  { code: 'es', words: /^[\d.]+ palabras$/, thread: 'Conversación · 3 respuestas' },
  { code: 'ja', words: /^[\d,]+ 語$/, thread: 'スレッド · 返信 3 件' },
] as const;

for (const { code, words, thread } of LANGUAGES) {
  test.describe(`in ${code}`, () => {
    const messages = messagesOf(code);
    const say = (name: string) => messages[name]?.message ?? `(no ${name})`;
    let extension: Extension;

    test.beforeAll(async () => {
      extension = await launchExtension({ env: { LANGUAGE: code } });
      const language = await extension.worker.evaluate(() =>
        (
          globalThis as unknown as { chrome: { i18n: { getUILanguage(): string } } }
        ).chrome.i18n.getUILanguage(),
      );
      // Chromium runs in English when its own translations are missing (Debian's chromium-l10n).
      expect(language, 'the browser’s UI language (is chromium-l10n installed?)').toMatch(
        new RegExp(`^${code}`),
      );
    });

    test.afterAll(async () => {
      await extension?.context.close();
    });

    test('the popup speaks it, with its numbers and plural forms', async () => {
      const { tabId } = await openTab(extension, NEWS.url);
      const popup = await extension.context.newPage();
      await popup.goto(extension.popupUrl(tabId));
      await expect(popup.getByRole('heading', { level: 1 })).toHaveText(NEWS.title);
      await expect(popup.locator('html')).toHaveAttribute('lang', code);
      await expect(popup.getByRole('button', { name: say('openReader') })).toBeFocused();
      await expect(popup.getByText(words)).toBeVisible();
      await expect(popup.getByRole('group', { name: say('rowSave') })).toBeVisible();
      await popup
        .getByRole('button', { name: say('copyTextShort') })
        .first()
        .click();
      await expect(popup.getByRole('status')).not.toBeEmpty();
      await expectNoEnglish(popup, code);

      const { tabId: threadTab } = await openTab(extension, THREAD.url);
      await popup.goto(extension.popupUrl(threadTab));
      await expect(popup.getByText(thread)).toBeVisible();
      await expectNoEnglish(popup, code);
    });

    test('the reader speaks it around an article that keeps its own language', async () => {
      const { page, tabId } = await openTab(extension, NEWS.url);
      const popup = await extension.context.newPage();
      await popup.goto(extension.popupUrl(tabId));
      await clickAndAwaitClose(popup, popup.getByRole('button', { name: say('openReader') }));
      await page.bringToFront();
      const overlay = await overlayOf(page);
      await expect.poll(() => overlay.shows(NEWS.body)).toBe(true);
      await overlay.click(say('readingSettings'));
      await expect.poll(() => overlay.has(say('settingImages'), 'checkbox')).toBe(true);
      if (process.env.UPDATE_SCREENSHOTS && code === 'de') {
        await page.screenshot({ path: path.join(ROOT, 'docs', 'screenshots', 'settings-de.png') });
      }
      await page.keyboard.press('?');
      await expect.poll(() => overlay.has(say('helpTitle'), 'heading')).toBe(true);
      await overlay.click(say('moreOptions'));
      await expect.poll(() => overlay.has(say('fixTheText'), 'button')).toBe(true);
      const shown = await overlay.evaluate((root) => {
        const reader = root.querySelector('.l-root');
        const article = root.querySelector('article');
        // The reader's own words: every text and name whose nearest language is not the article's.
        const texts: string[] = [];
        const articleLang = article?.getAttribute('lang') ?? '';
        const own = (element: Element) => element.closest('[lang]')?.getAttribute('lang') !== articleLang;
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const parent = node.parentElement;
          const text = node.nodeValue?.trim() ?? '';
          if (text && parent && own(parent) && parent.checkVisibility()) texts.push(text);
        }
        for (const element of root.querySelectorAll('[aria-label], [title]')) {
          if (!own(element)) continue;
          for (const name of ['aria-label', 'title']) {
            const value = element.getAttribute(name);
            if (value) texts.push(value.trim());
          }
        }
        return { lang: reader?.getAttribute('lang'), articleLang, texts: [...new Set(texts)] };
      });
      expect(shown.lang).toBe(code);
      expect(shown.articleLang).toBe('en-GB');
      expect(shown.texts).toContain(say('settingTheme'));
      expect(shown.texts).toContain(say('helpTitle'));
      const left = englishOnlyPatterns(code);
      const english = shown.texts.flatMap((text) =>
        left.filter(({ pattern }) => pattern.test(text)).map(({ name }) => `${name}: ${text}`),
      );
      expect(english, 'English left in the reader').toEqual([]);
    });

    test('the options page speaks it', async () => {
      const page = await extension.context.newPage();
      await page.goto(`chrome-extension://${extension.id}/extension/options/index.html`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(say('fixesTitle'));
      await expect(page).toHaveTitle(say('optionsTitle'));
      await expect(page.getByRole('checkbox', { name: say('instantSwitch') })).toBeVisible();
      await expect(page.getByText(say('noFixes'))).toBeVisible();
      await expectNoEnglish(page, code);
    });

    test('the toolbar button and the shortcut are named in it', async () => {
      const named = await extension.worker.evaluate(async () => {
        const { chrome } = globalThis as unknown as { chrome: WorkerChrome };
        const commands = (await chrome.commands.getAll()) as Array<{ name?: string; description?: string }>;
        return {
          title: await chrome.action.getTitle({}),
          shortcut: commands.find((command) => command.name === 'toggle-reader')?.description,
        };
      });
      expect(named).toEqual({ title: say('actionTitle'), shortcut: say('commandToggle') });
    });
  });
}
