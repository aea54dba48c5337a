/**
 * Lectern's extractor: the public surface. Pure TypeScript over the DOM, no extension API (STYLE.md).
 * extract(document) → Article | null; toText / toMarkdown / toHtml turn an Article into clipboard text,
 * toHtmlDocument into a saved page; `excerptOf` makes an Article of the part of one a person selected.
 */
export { sanitizeFragment, sanitizeHtml } from './build/sanitize.ts';
export {
  excerptOf,
  type HtmlDocumentOptions,
  toHtml,
  toHtmlDocument,
  toMarkdown,
  toText,
} from './export/index.ts';
export { extract } from './extract.ts';
export type {
  Article,
  Diagnostics,
  ExportOptions,
  ExtractMethod,
  ExtractOptions,
  TextDirection,
} from './types.ts';
