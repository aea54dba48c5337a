/**
 * Lectern's extractor: the public surface. Pure TypeScript over the DOM, no extension API (STYLE.md).
 * extract(document) → Article | null; toText / toMarkdown turn an Article into clipboard text.
 */
export { sanitizeFragment, sanitizeHtml } from './build/sanitize.ts';
export { toMarkdown, toText } from './export/index.ts';
export { extract } from './extract.ts';
export type {
  Article,
  Diagnostics,
  ExportOptions,
  ExtractMethod,
  ExtractOptions,
  TextDirection,
} from './types.ts';
