/** URL parsing shared by the stages: the copy's links and images, the metadata's lead image, links that lead away. */
import { attributeOf, baseUriOf, querySelectorIn, urlOf } from './access.ts';

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

/**
 * The addresses a document goes by: its own, and the canonical one it declares (`<link rel=canonical>`, else
 * `og:url`), since a saved or mirrored copy is read at another address than its links were written for.
 */
export function pageAddresses(doc: Document): URL[] {
  const here = urlOf(doc);
  return [parseUrl(here, here), declaredAddress(doc)].filter(
    (url): url is URL => url !== null && isWebAddress(url),
  );
}

/** The web address the page declares for itself (`<link rel=canonical>`, else `og:url`), or null. */
export function declaredAddress(doc: Document): URL | null {
  const canonical =
    querySelectorIn(doc, 'link[rel~="canonical" i][href]') ??
    querySelectorIn(doc, 'meta[property="og:url" i]');
  if (canonical === null) return null;
  const url = parseUrl(
    attributeOf(canonical, 'href') ?? attributeOf(canonical, 'content') ?? '',
    baseUriOf(canonical),
  );
  return url !== null && isWebAddress(url) ? url : null;
}

function isWebAddress(url: URL): boolean {
  return /^https?:$/.test(url.protocol);
}

/** Whether `target` is the document at one of `addresses` (its fragment aside). */
export function isSamePage(target: URL, addresses: readonly URL[]): boolean {
  return addresses.some(
    (page) =>
      target.origin === page.origin && target.pathname === page.pathname && target.search === page.search,
  );
}

/** Whether `target` is on the site of one of `addresses` (the same host). */
export function isSameSite(target: URL, addresses: readonly URL[]): boolean {
  return addresses.some((page) => target.host === page.host);
}
