/**
 * The content script: injected on demand into the page's isolated world (extension/shared/inject.ts). It owns
 * the page's Article, the overlay and the copies, and answers the messages of extension/shared/messages.ts.
 * Injection may happen more than once per page, so it registers its listener once, guarded by a global.
 */
import browser from 'webextension-polyfill';
import { excerptOf, toHtml, toHtmlDocument, toMarkdown, toText } from '../../src/index.ts';
import type { Article } from '../../src/types.ts';
import { mountReader } from '../reader/index.tsx';
import savedCss from '../reader/saved.css?inline';
import type { CopyResult, ReaderHandle, SaveFormat, SaveResult } from '../reader/types.ts';
import { type ClipboardData, writeClipboard } from '../shared/clipboard.ts';
import { type ContentState, type ExportFormat, handleContentMessages } from '../shared/messages.ts';
import type { Settings } from '../shared/settings.ts';
import { currentArticle, summarize } from './article.ts';
import { mountNotice } from './notice.ts';
import { closeOverlay, isOverlayOpen, showInOverlay } from './overlay.ts';
import { saveFile } from './save.ts';
import { settingsStore } from './settings-store.ts';

interface Instance {
  /** False once the extension that injected us was reloaded or removed (its runtime is gone). */
  alive(): boolean;
  dispose(): void;
}

declare global {
  var __lecternContent: Instance | undefined;
}

/** What a copy puts on the clipboard: the text of the format, and for rich text the HTML beside it. */
function exportData(article: Article, format: ExportFormat, header: boolean): ClipboardData {
  if (format === 'markdown') return { text: toMarkdown(article, { header }) };
  const text = toText(article, { header });
  return format === 'html' ? { text, html: toHtml(article, { header }) } : { text };
}

function fileContents(article: Article, format: SaveFormat, header: boolean): string {
  if (format === 'html') return toHtmlDocument(article, { header, css: savedCss });
  return format === 'markdown' ? toMarkdown(article, { header }) : toText(article, { header });
}

const reason = (error: unknown, fallback: string): string =>
  error instanceof Error ? error.message : fallback;

/** Chromium's PDF viewer wraps the file in a page we can enter; it holds an <embed>, never the text. */
const isPdf = (): boolean => document.contentType === 'application/pdf';

function state(): ContentState {
  return { open: isOverlayOpen(), pdf: isPdf() };
}

/** The reader showing now, to hand it settings changed elsewhere. */
let reader: ReaderHandle | null = null;

function showReader(article: Article, settings: Settings): void {
  showInOverlay((root) => {
    const handle = mountReader(root, {
      article,
      settings,
      actions: {
        async copy(format, header, selection): Promise<CopyResult> {
          const source = selection ? excerptOf(article, selection) : article;
          try {
            await writeClipboard(exportData(source, format, header), root);
            return { ok: true, words: source.wordCount };
          } catch (error) {
            return { ok: false, error: reason(error, 'Copy failed.') };
          }
        },
        async save(format, header): Promise<SaveResult> {
          try {
            return {
              ok: true,
              name: saveFile(fileContents(article, format, header), article.title, format, root),
            };
          } catch (error) {
            return { ok: false, error: reason(error, 'Saving failed.') };
          }
        },
        close: closeOverlay,
        saveSettings(patch) {
          settingsStore.save(patch);
        },
      },
    });
    reader = handle;
    return {
      focus: () => handle.focus(),
      unmount() {
        if (reader === handle) reader = null;
        handle.unmount();
      },
    };
  });
}

function showNotice(canForce: boolean): void {
  showInOverlay((root) =>
    mountNotice(root, {
      canForce,
      close: closeOverlay,
      showAnyway() {
        const article = currentArticle(true);
        if (!article) return showNotice(false);
        settingsStore.current().then((settings) => showReader(article, settings), closeOverlay);
      },
    }),
  );
}

async function open(force: boolean): Promise<ContentState> {
  // The sender explains PDFs itself (the reply says pdf); an overlay over the viewer would only say "no article".
  if (isPdf()) return state();
  const settings = await settingsStore.current();
  const article = currentArticle(force);
  if (article) showReader(article, settings);
  else showNotice(!force);
  return state();
}

function register(): Instance {
  settingsStore.start((settings) => reader?.applySettings(settings));
  handleContentMessages({
    'content:ping': () => state(),
    'content:summary': ({ force }) => {
      const article = isPdf() ? null : currentArticle(force);
      return article ? summarize(article) : null;
    },
    'content:open': ({ force }) => open(force),
    'content:close': () => {
      closeOverlay();
      return state();
    },
    'content:toggle': () => {
      if (isOverlayOpen()) {
        closeOverlay();
        return state();
      }
      return open(false);
    },
    'content:copy': async ({ format, header, force }) => {
      const article = isPdf() ? null : currentArticle(force);
      if (!article) return null;
      await writeClipboard(exportData(article, format, header), null);
      return { words: article.wordCount };
    },
    'content:save': ({ format, header, force }) => {
      const article = isPdf() ? null : currentArticle(force);
      if (!article) return null;
      return { name: saveFile(fileContents(article, format, header), article.title, format, null) };
    },
    'content:export': ({ format, header, force }) => {
      const article = isPdf() ? null : currentArticle(force);
      if (!article) return null;
      const { text, html } = exportData(article, format, header);
      return { text, html: html ?? null, words: article.wordCount };
    },
  });
  return {
    alive() {
      try {
        return Boolean(browser.runtime.id);
      } catch {
        return false;
      }
    },
    dispose() {
      settingsStore.stop();
      closeOverlay();
    },
  };
}

try {
  const previous = globalThis.__lecternContent;
  if (!previous?.alive()) {
    previous?.dispose();
    globalThis.__lecternContent = register();
  }
} catch {
  // Never throw into the page.
}
