/**
 * The exporting part of the content script, injected on first use (chunks.ts): the article as text, Markdown,
 * rich text and a saved file. It carries what the first paint does not need: turndown, DOMPurify (the
 * exporters parse `article.content` only through it), the saved page's stylesheet, and the toast's words and
 * look for what came of a copy or a save.
 */
import { excerptOf, toHtml, toHtmlDocument, toMarkdown, toText } from '../../src/export/index.ts';
import type { ReaderArticle } from '../../src/types.ts';
import { copyMessage, saveMessage } from '../reader/format.ts';
import savedCss from '../reader/saved.css?inline';
import toastCss from '../reader/toast.css?inline';
import type { CopyFormat, SaveFormat } from '../shared/formats.ts';
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

async function fileContents(article: ReaderArticle, format: SaveFormat, header: boolean): Promise<string> {
  switch (format) {
    case 'markdown':
      return toMarkdown(article, { header });
    case 'text':
      return toText(article, { header });
    case 'html':
      return toHtmlDocument(article, { header, css: savedCss, images: await inlineImages(article) });
    case 'html-no-images':
      return toHtmlDocument(article, { header, css: savedCss, images: 'none' });
  }
}

async function save(article: ReaderArticle, format: SaveFormat, header: boolean): Promise<string> {
  return downloadFile(await fileContents(article, format, header), article.title, format);
}

register('exporters', {
  copyData,
  save,
  async readerCopy(article, format, header, selection) {
    const { text, html, words } = copyData(article, format, header, selection);
    await sendToExtension('background:clipboard', { text, html });
    return { ok: true, message: copyMessage(format, { ok: true, words }, selection !== null) };
  },
  async readerSave(article, format, header) {
    return { ok: true, message: saveMessage({ ok: true, name: await save(article, format, header) }) };
  },
  toastCss,
});
