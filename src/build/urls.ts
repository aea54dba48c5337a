/** URLs in the clean article: absolute, and only the schemes a reader may follow. */

const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** `raw` resolved against `base`; null when it isn't a URL. A base that isn't one either still lets absolute URLs through. */
export function parseUrl(raw: string, base: string): URL | null {
  const value = raw.trim();
  if (value === '') return null;
  try {
    return new URL(value, base);
  } catch {
    try {
      return new URL(value);
    } catch {
      return null;
    }
  }
}

/** An absolute http(s)/mailto href, or null (`javascript:`, `vbscript:`, `data:`, `file:`, unparseable). */
export function safeHref(raw: string, base: string): string | null {
  const url = parseUrl(raw, base);
  return url !== null && LINK_PROTOCOLS.has(url.protocol) ? url.href : null;
}
