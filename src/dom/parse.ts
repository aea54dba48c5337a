/**
 * Parsing markup the page holds as text (a `<noscript>`'s content) into a document without a browsing
 * context: nothing in it loads, runs or reaches the page, and the page can't name anything in it. Only values
 * are read from what it holds (an image's URL), never its nodes, so no sanitizer is needed here; the places
 * that hand parsed markup on to a person use DOMPurify (clean/sanitize.ts).
 */

/** The parser of our own realm, taken at load: a later `window.DOMParser = …` in the page can't replace it. */
const Parser: typeof DOMParser | undefined = typeof DOMParser === 'function' ? DOMParser : undefined;

/** `html` as an inert HTML document, or null where there is no parser (Node.js). */
export function parseUnrendered(html: string): Document | null {
  if (Parser === undefined) return null;
  try {
    return new Parser().parseFromString(html, 'text/html');
  } catch {
    return null;
  }
}
