/**
 * Lectern's extractor: the public surface. Pure TypeScript over the DOM, no extension API (docs/conventions.md).
 * extract(document) → Article | null (extractWithBody adds the body as nodes, which presentBody prepares for
 * the reader; the `rule` option applies a person's fix for the site, whose selectors rules/selector.ts
 * builds); toText / toMarkdown / toHtml turn an Article into clipboard text, toHtmlDocument into a saved page;
 * `excerptOf` makes an Article of the part of one a person selected. A caller that must stay small (the
 * content script) imports the module it needs, not this index: the exporters carry turndown and DOMPurify.
 */
export { type PresentOptions, presentBody } from './clean/present.ts';
export { sanitizeFragment, sanitizeHtml } from './clean/sanitize.ts';
export {
  excerptOf,
  type HtmlDocumentOptions,
  type ImageSource,
  imageSources,
  type SavedImages,
  toHtml,
  toHtmlDocument,
  toMarkdown,
  toText,
} from './export/index.ts';
export { extract, extractWithBody } from './extract.ts';
export {
  checkSelector,
  matches,
  matchRule,
  parseRule,
  type RuleMatch,
  type RuleUse,
  type SiteRule,
} from './rules/index.ts';
export { isStableName, selectorFor, selectorLike } from './rules/selector.ts';
export type {
  Article,
  Attempt,
  AttemptOutcome,
  Diagnostics,
  ExportOptions,
  Extracted,
  ExtractMethod,
  ExtractOptions,
  ReaderArticle,
  TextDirection,
} from './types.ts';
