/**
 * Articles and threads split over several pages: where the page links to its own next part, and
 * the parts read so far joined into one body, a separator before each. docs/extraction.md, "Next pages".
 *
 * A next part is a link the page marks as its next (`rel="next"`), or a link in its pagination (a box whose class
 * or label names it) that says "Next" or the number after the current page's. Either way it must be the same
 * article: the same origin, and the same path once a trailing page number is set aside (`/story`, `/story/2`,
 * `/story?page=3`, `/threads/title.123/page-4`). That keeps out what `rel="next"` also marks on some sites, the
 * next article of a blog, and a listing's next page of other stories.
 */
import {
  attributeOf,
  createElementIn,
  importNodeInto,
  ownerDocumentOf,
  querySelectorAllIn,
  querySelectorIn,
  textContentOf,
} from '../dom/access.ts';
import type { Extracted } from '../types.ts';

/** Where a next part may be named. */
const PAGINATION =
  '[class*="paginat" i],[class*="pager" i],[class*="page-links" i],[class*="page-numbers" i],nav[aria-label*="page" i]';
const CANDIDATES = `link[rel~="next" i][href],a[rel~="next" i][href],:is(${PAGINATION}) a[href]`;

/** At most this many links are looked at: a page of thousands of pagination links is read no further. */
const MAX_LINKS = 500;

/** Words and signs for "next" in a pagination's links. */
const NEXT_TEXT = /^(next|next page|weiter|suivant|siguiente|successivo|volgende|›|»|→|>)$/i;

/**
 * Whether the page marks a next page: the content script's one question before the first paint, which loads the
 * reader's tools to ask the rest (`nextPageOf`). A pagination without `rel="next"` is looked at when the tools
 * are loaded anyway (a fix or a template in use); most sites that split an article mark its next part so.
 */
export const mayHaveNextPage = (doc: Document): boolean => querySelectorIn(doc, '[rel~=next i]') !== null;

/** A web address without its fragment, or null when it is not one of http(s). */
function addressOf(href: string, base: string): URL | null {
  try {
    const url = new URL(href, base);
    url.hash = '';
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/** The article a page address belongs to: its path less a trailing page number, and its query less a page. */
function articleOf(url: URL): string {
  const path = url.pathname.replace(/\/(?:page[-/]?)?\d{1,4}\/?$|\/$/i, '');
  const query = new URLSearchParams(url.search);
  for (const name of ['page', 'p', 'pg', 'pagina']) query.delete(name);
  return `${url.origin}${path}?${query}`;
}

/**
 * Whether `url` is a part of the article read from `pageUrl`: a web address on the same origin, whose path is the
 * article's less a page number. Where a next part's address led (after its redirects) is held to it too.
 */
export function isPartOf(url: string, pageUrl: string): boolean {
  const here = addressOf(pageUrl, pageUrl);
  const there = addressOf(url, pageUrl);
  return (
    here !== null && there !== null && there.origin === here.origin && articleOf(there) === articleOf(here)
  );
}

/**
 * The address of the page's next part, or null. `pageUrl` is where the page was read from; `seen` the addresses
 * already read (a pagination that links back is not followed).
 */
export function nextPageOf(
  doc: Document,
  pageUrl: string,
  seen: ReadonlySet<string> = new Set(),
): string | null {
  const here = addressOf(pageUrl, pageUrl);
  if (here === null) return null;
  const links = Array.from(querySelectorAllIn(doc, CANDIDATES)).slice(0, MAX_LINKS);
  const current = currentNumber(doc);
  const isNext = (el: Element): boolean => {
    if (/(^|\s)next(\s|$)/i.test(attributeOf(el, 'rel') ?? '')) return true;
    const text = (textContentOf(el) ?? '').replace(/\s+/g, ' ').trim();
    const label = attributeOf(el, 'aria-label') ?? '';
    return NEXT_TEXT.test(text) || /^next( page)?$/i.test(label) || text === String(current + 1);
  };
  for (const el of links) {
    if (!isNext(el)) continue;
    const url = addressOf(attributeOf(el, 'href') ?? '', pageUrl);
    if (url === null || url.href === here.href || seen.has(url.href)) continue;
    if (isPartOf(url.href, here.href)) return url.href;
  }
  return null;
}

/** The number of the page shown, as its pagination marks it (aria-current, a `current` class); else 1. */
function currentNumber(doc: Document): number {
  const marked = querySelectorAllIn(doc, `:is(${PAGINATION}) :is([aria-current="page"],.current,.active)`);
  for (const el of Array.from(marked).slice(0, MAX_LINKS)) {
    const n = Number((textContentOf(el) ?? '').trim());
    if (Number.isInteger(n) && n > 0) return n;
  }
  return 1;
}

/**
 * The parts read so far and the next, as one article: `next`'s body after a rule and a "Page N" heading. A new
 * body (the earlier parts' copy is the reader's cache, left as it was), each earlier block still naming its page
 * element for the Edit mode; the new part's blocks come from another document and name none. `heading` is the
 * heading's words, in the reader's language.
 */
export function joinPages(
  first: Extracted,
  next: Extracted,
  page: number,
  heading = `Page ${page}`,
): Extracted {
  const doc = ownerDocumentOf(first.body) as Document;
  const body = first.body.cloneNode(true) as Element;
  const sources = new WeakMap<Element, Element>();
  const originals = [first.body, ...first.body.querySelectorAll('*')];
  [body, ...body.querySelectorAll('*')].forEach((copy, i) => {
    const source = first.sources.get(originals[i] as Element);
    if (source) sources.set(copy, source);
  });
  const title = createElementIn(doc, 'h2');
  title.textContent = heading;
  const added = importNodeInto(doc, next.body, true);
  body.append(createElementIn(doc, 'hr'), title, ...Array.from(added.childNodes));
  const { article } = first;
  return {
    article: {
      ...article,
      content: body.innerHTML,
      wordCount: article.wordCount + next.article.wordCount,
      readingMinutes: article.readingMinutes + next.article.readingMinutes,
    },
    body,
    sources,
  };
}
