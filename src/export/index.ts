/**
 * Exporters: the article as plain text, Markdown, HTML and an EPUB book, for the clipboard and saved files. They run where
 * the article is shown (a browser page), never touch extension APIs, and parse `article.content` only into an
 * inert document (parse.ts), where nothing loads or runs.
 */
export { type EpubOptions, toEpub } from './epub.ts';
export { excerptOf } from './excerpt.ts';
export {
  type HtmlDocumentOptions,
  type ImageSource,
  imageSources,
  type SavedImages,
  toHtml,
  toHtmlDocument,
} from './html.ts';
export { toMarkdown } from './markdown.ts';
export { toText } from './plain.ts';
export { textOf } from './text.ts';
