import { sanitizeFragment } from '../clean/sanitize.ts';

/**
 * `article.content` parsed for the exporters, through DOMPurify: the sanitizer is the last step before a copy
 * or a saved file. It parses with a DOMParser, whose document has no browsing
 * context: nothing in it runs or loads. (Not `template.innerHTML`, which add-on reviewers and `web-ext lint`
 * flag as unsafe.)
 */
export function parseInert(html: string): DocumentFragment {
  return sanitizeFragment(html, document);
}
