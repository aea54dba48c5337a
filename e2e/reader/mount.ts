/**
 * Mounting the reader overlay on a plain page, without the extension (docs/conventions.md): dist-reader/reader.js
 * (`npx vite build --config vite.reader.config.ts`) in an open shadow root made the way the content script
 * makes it, and the helpers the reader specs share.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page } from '@playwright/test';
import type { codeCopyMessage, copyMessage } from '../../extension/reader/format.ts';
import type { mountForTest } from '../../extension/reader/harness.ts';
import type { CopyResult, ReaderHandle, ReaderSettings } from '../../extension/reader/index.ts';
import type { Article } from '../../src/types.ts';
import { sampleArticle } from './sample-article.ts';

export const READER_JS = fileURLToPath(new URL('../../dist-reader/reader.js', import.meta.url));

export interface TestWindow {
  LecternReader: {
    mountReader: typeof mountForTest;
    copyMessage: typeof copyMessage;
    codeCopyMessage: typeof codeCopyMessage;
    /** How often the reader asked for the highlighter (harness.ts). */
    asked: { highlighter: number };
  };
  handle: ReaderHandle;
  calls: string[];
  pageKeys: string[];
  /** The markup of the selection the last copy was handed, or null when it was handed none. */
  selection: string | null;
}

/** Fails with the fix when the reader bundle was not built. */
export function requireReaderBundle(): void {
  if (!existsSync(READER_JS)) {
    throw new Error(`${READER_JS} is missing: run \`npx vite build --config vite.reader.config.ts\` first.`);
  }
}

/**
 * Mounts the reader the way the content script does (extension/content/overlay.ts): a fixed full-viewport host
 * whose shadow root holds a modal dialog that spans the viewport, the reader inside it. The root is open here,
 * so the specs can look in (the extension's is closed).
 */
export async function mount(
  page: Page,
  article: Article = sampleArticle,
  copyResult: CopyResult = { ok: true, words: 1234 },
  settings?: ReaderSettings,
) {
  if (!(await page.evaluate(() => 'LecternReader' in window))) await page.addScriptTag({ path: READER_JS });
  await page.evaluate(
    ({ article, copyResult, settings }) => {
      const w = window as unknown as TestWindow;
      w.calls = [];
      const host = document.createElement('lectern-reader');
      // CSSOM, not a style attribute: allowed even under the CSP test's `style-src 'none'`.
      for (const [name, value] of [
        ['position', 'fixed'],
        ['inset', '0'],
        ['z-index', '2147483647'],
        ['display', 'block'],
      ] as const) {
        host.style.setProperty(name, value, 'important');
      }
      document.documentElement.append(host);
      const root = host.attachShadow({ mode: 'open' });
      const dialog = document.createElement('dialog');
      for (const [name, value] of [
        ['all', 'initial'],
        ['display', 'block'],
        ['position', 'fixed'],
        ['inset', '0'],
        ['width', '100%'],
        ['height', '100%'],
        ['user-select', 'text'],
      ] as const) {
        dialog.style.setProperty(name, value);
      }
      root.append(dialog);
      dialog.showModal();
      w.handle = w.LecternReader.mountReader(
        root,
        {
          article,
          ...(settings ? { settings } : {}),
          actions: {
            copy: async (format, _header, selection) => {
              w.calls.push(`copy:${format}`);
              const box = document.createElement('div');
              if (selection) box.append(selection.cloneNode(true));
              w.selection = selection ? box.innerHTML : null;
              // As the content script answers (extension/content/main.ts).
              return { ok: copyResult.ok, message: w.LecternReader.copyMessage(format, copyResult) };
            },
            copyCode: async (text) => {
              w.calls.push(`copyCode:${text}`);
              return { ok: true, message: w.LecternReader.codeCopyMessage(text) };
            },
            save: async (format) => {
              w.calls.push(`file:${format}`);
              return { ok: true, message: `Saved as ${format}` };
            },
            close: () => {
              w.calls.push('close');
            },
            saveSettings: (patch) => {
              w.calls.push(`save:${JSON.stringify(patch)}`);
            },
          },
        },
        dialog,
      );
      w.handle.focus();
    },
    { article, copyResult, settings },
  );
}

/** CSS locators pierce shadow roots; scoping to the host keeps them off the page's look-alike elements. */
export const reader = (page: Page) => page.locator('lectern-reader');

/**
 * The article's body as shown (its HTML), read once the sample's code block is coloured, which code.ts does at
 * idle after the first paint: a body read before that is not the one a person then sees.
 */
export async function shownBody(page: Page): Promise<() => Promise<string>> {
  const content = reader(page).locator('.l-content');
  await expect(content.locator('[data-l-tokens]')).toHaveCount(1);
  return () => content.evaluate((element) => element.innerHTML);
}

export const calls = (page: Page) => page.evaluate(() => (window as unknown as TestWindow).calls);

export function style(locator: Locator, property: string): Promise<string> {
  return locator.evaluate((el, property) => getComputedStyle(el).getPropertyValue(property), property);
}

/** The element focused inside the reader's shadow root, described by its accessible text. */
export function focusedInReader(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const active = document.querySelector('lectern-reader')?.shadowRoot?.activeElement;
    if (!active) return null;
    if (active.classList.contains('l-scroll')) return 'the article';
    if (active.hasAttribute('aria-label')) return active.getAttribute('aria-label');
    // What a screen reader says: the text without the parts hidden from it (icons, "Aa").
    const copy = active.cloneNode(true) as Element;
    for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
    return copy.textContent?.trim() ?? null;
  });
}
