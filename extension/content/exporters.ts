/**
 * The exporting part of the content script, injected on first use (chunks.ts): the article as text, Markdown,
 * rich text and a saved file (text, Markdown, a web page, an e-book). It carries what the first paint does not
 * need: turndown, fflate (an EPUB is a zip), DOMPurify (the exporters parse `article.content` only through it),
 * the saved page's and the book's stylesheets, and the toast's words and look for what came of a copy or a save.
 */
import { excerptOf, toEpub, toHtml, toHtmlDocument, toMarkdown, toText } from '../../src/export/index.ts';
import type { ReaderArticle } from '../../src/types.ts';
import epubCss from '../reader/epub.css?inline';
import { codeCopyMessage, copyMessage, couldNot, saveMessage } from '../reader/format.ts';
import savedCss from '../reader/saved.css?inline';
import toastCss from '../reader/toast.css?inline';
import { type ExportWords, runExport } from '../shared/export.ts';
import type { CopyFormat, SaveFormat } from '../shared/formats.ts';
import { messagesLocale, t } from '../shared/i18n.ts';
import { type ExportReply, sendToExtension } from '../shared/messages.ts';
import { inlineImages } from './images.ts';
import { register } from './registry.ts';
import { downloadFile } from './save.ts';

function copyData(
  whole: ReaderArticle,
  format: CopyFormat,
  header: boolean,
  selection: DocumentFragment | null,
): ExportReply {
  const article = selection ? excerptOf(whole, selection) : whole;
  const words = article.wordCount;
  if (format === 'markdown') return { text: toMarkdown(article, { header }), html: null, words };
  const text = toText(article, { header });
  return { text, html: format === 'html' ? toHtml(article, { header }) : null, words };
}

async function fileContents(
  article: ReaderArticle,
  format: SaveFormat,
  header: boolean,
): Promise<string | Uint8Array<ArrayBuffer>> {
  switch (format) {
    case 'markdown':
      // A saved .md is a note: its properties go in front matter, dated the day it is saved.
      return toMarkdown(article, { header, frontMatter: { saved: new Date() } });
    case 'text':
      return toText(article, { header });
    case 'html':
      return toHtmlDocument(article, { header, css: savedCss, images: await inlineImages(article) });
    case 'html-no-images':
      return toHtmlDocument(article, { header, css: savedCss, images: 'none' });
    case 'epub':
      return toEpub(article, {
        header,
        css: epubCss,
        images: await inlineImages(article),
        saved: new Date(),
        contents: { title: t('epubContents'), lang: messagesLocale() },
      });
  }
}

async function save(article: ReaderArticle, format: SaveFormat, header: boolean): Promise<string> {
  return downloadFile(await fileContents(article, format, header), article.title, format);
}

/** What came of the reader's copy or save, in its toast; `selection`: the person's selection was copied. */
const saidInReader = (selection: boolean): ExportWords => ({
  copied: (format, words) => copyMessage(format, { ok: true, words }, selection),
  saved: (name) => saveMessage({ ok: true, name }),
  failed: (action, error) => couldNot(action, error instanceof Error ? error.message : t('unknownError')),
});

register('exporters', {
  copyData,
  save,
  readerExport: (article, request, header, selection) =>
    runExport(
      request,
      {
        copy: async (format) => copyData(article, format, header, selection),
        // Put on the clipboard by the extension, where no page listener sees or changes it.
        write: (data) => sendToExtension('background:clipboard', data),
        save: async (format) => ({ name: await save(article, format, header) }),
      },
      saidInReader(selection !== null),
    ),
  async copyCode(text) {
    // Put on the clipboard by the extension, as every copy is: the code exactly, no header, no markup.
    await sendToExtension('background:clipboard', { text, html: null });
    return { ok: true, message: codeCopyMessage(text) };
  },
  toastCss,
});
