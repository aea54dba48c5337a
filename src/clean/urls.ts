/** URLs in the clean article: absolute, and only the schemes a reader may follow. */
import { parseUrl } from '../dom/url.ts';

const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/**
 * A fragment the URL parser copies verbatim: printable ASCII but the space, `"`, `<`, `>` and backquote,
 * which its fragment percent-encode set escapes (WHATWG URL §4.4).
 */
const PLAIN_FRAGMENT = /^#[!#-;=?-_a-~]*$/;
/** An absolute http(s) URL: the base plays no part in resolving it (`http:foo`, without `//`, would). */
const ABSOLUTE_HTTP = /^https?:\/\//i;

/** The last base seen, parsed: one page's links all share it. */
let lastBase: { raw: string; url: URL | null } = { raw: '', url: null };

/**
 * An absolute http(s)/mailto href, or null (`javascript:`, `vbscript:`, `data:`, `file:`, unparseable).
 * Absolute and in-page links, most of a page's, skip parsing the base again: `new URL(href, base)` parses
 * both strings, which adds up on a page of thousands of links (readability-test-pages' wikipedia-2).
 */
export function safeHref(raw: string, base: string): string | null {
  const value = raw.trim();
  if (ABSOLUTE_HTTP.test(value)) {
    try {
      return new URL(value).href;
    } catch {
      return null;
    }
  }
  if (PLAIN_FRAGMENT.test(value)) {
    if (lastBase.raw !== base) lastBase = { raw: base, url: parseUrl(base, base) };
    const page = lastBase.url;
    if (page !== null) {
      if (!LINK_PROTOCOLS.has(page.protocol)) return null;
      const href = page.href;
      const hash = href.indexOf('#');
      return (hash < 0 ? href : href.slice(0, hash)) + value;
    }
  }
  const url = parseUrl(value, base);
  return url !== null && LINK_PROTOCOLS.has(url.protocol) ? url.href : null;
}
