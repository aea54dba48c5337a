/**
 * "Load the next page", part of the tools chunk: at the end of an article or thread whose page
 * links to its own next part (src/pages/), a bar offers that part. Asked for, it is fetched from the page's own
 * site (the same origin, and the same article, after any redirect), read as markup (DOMParser: nothing in it
 * runs or loads), its article found with the site's fix and with what the first part showed as template (its
 * menus and footers come back on every part), and shown after the parts so far, a rule and a "Page N" heading
 * between them. At most MAX_PAGES parts; a part read already (by address or by text) ends it.
 */
import { createElementIn, querySelectorIn } from '../../src/dom/access.ts';
import { isPartOf, joinPages, nextPageOf } from '../../src/pages/index.ts';
import { fingerprintOf } from '../../src/template/index.ts';
import type { Extracted } from '../../src/types.ts';
import { fixBar } from '../reader/FixBars.tsx';
import { t, tCount } from '../shared/i18n.ts';
import { ruleOf } from './editor.ts';
import type { ToolHost } from './tool-host.ts';

/** A long article has a handful of parts; ten keeps a runaway pagination from loading a site page by page. */
export const MAX_PAGES = 10;
/** A part larger than this is no page of an article. */
const MAX_PAGE_BYTES = 10_000_000;
/** A part that has not arrived whole by then is given up. The test build waits less, to test it. */
const PART_TIMEOUT_MS = import.meta.env.LECTERN_E2E ? 5_000 : 15_000;
/** Why a part was refused, in the bar's words ("Couldn’t load the next page: …"). */
const TOO_SLOW = t('pagesTooSlow');
const TOO_LARGE = t('pagesTooLarge');

interface Parts {
  /** The next part's address; null at the last part. */
  next: string | null;
  /** How many parts are shown. */
  count: number;
  /** The addresses read, and the fingerprints of each part's text: a part read already ends the article. */
  seen: Set<string>;
  texts: Set<number>;
  /** The fingerprints of every part's segments: template for the next part. */
  template: number[];
}

/** The parts behind each joined reading. */
const partsOf = new WeakMap<Extracted, Parts>();
/** The part just loaded, to scroll to once its reader is shown. */
let arrived = 0;

const withoutHash = (url: string): string => url.split('#')[0] as string;

function firstParts(extracted: Extracted): Parts | null {
  const next = nextPageOf(document, location.href);
  if (next === null) return null;
  return {
    next,
    count: 1,
    seen: new Set([withoutHash(location.href)]),
    texts: new Set([fingerprintOf(extracted.article.content)]),
    template: extracted.article.diagnostics.fingerprints,
  };
}

/** The bar at the end of the reader's article, when the page has a next part (or said why it has no more). */
export function offerNextPage(host: ToolHost): void {
  const { extracted } = host;
  if (extracted.article.kind !== 'article' && extracted.article.kind !== 'thread') return;
  let parts = partsOf.get(extracted);
  if (parts === undefined) {
    const first = firstParts(extracted);
    if (first === null) return;
    parts = first;
    partsOf.set(extracted, parts);
  }
  const view = host.parts();
  if (view === null) return;
  const shown = parts;
  const load = (): void => {
    bar.actions([]);
    bar.say(t('pagesLoading', shown.count + 1));
    loadNext(host, shown).then(
      (said) => {
        if (said === null) return;
        bar.say(said);
        bar.actions(shown.next === null ? [] : [[t('tryAgain'), load]]);
      },
      (error: unknown) => {
        bar.say(t('pagesCouldntLoad', error instanceof Error ? error.message : String(error)));
        bar.actions([[t('tryAgain'), load]]);
      },
    );
  };
  const bar =
    shown.next === null
      ? fixBar(tCount('pagesLast', shown.count), [], t('pagesBar'))
      : fixBar(
          shown.count > 1 ? tCount('pagesShown', shown.count) : t('pagesGoesOn'),
          [[t('pagesLoadNext'), load]],
          t('pagesBar'),
        );
  view.main.append(bar.element);
  if (arrived > 0) {
    const heading = Array.from(view.content.querySelectorAll('h2')).find(
      (h) => h.textContent === t('pageHeading', arrived),
    );
    arrived = 0;
    if (heading) {
      heading.tabIndex = -1;
      heading.scrollIntoView({ block: 'start' });
      // After the overlay has focused the reader it just showed (content/overlay.ts showInOverlay).
      queueMicrotask(() => heading.focus({ preventScroll: true }));
    }
  }
}

/**
 * Fetches and reads the next part, and shows the parts joined; resolves null once shown, or with what stopped
 * it (the last part, a repeat), and rejects with why it could not be loaded.
 */
async function loadNext(host: ToolHost, parts: Parts): Promise<string | null> {
  const address = parts.next;
  if (address === null) return t('pagesIsLast');
  if (parts.count >= MAX_PAGES) {
    parts.next = null;
    return t('pagesAtMost', MAX_PAGES);
  }
  const { url, markup } = await fetchPart(address);
  const doc = new DOMParser().parseFromString(markup, 'text/html');
  // Its links and pictures are relative to where it came from. Through dom/access.ts: the markup's named
  // elements (`<img name="createElement">`) shadow the document's own properties.
  const base = createElementIn(doc, 'base');
  base.setAttribute('href', url);
  querySelectorIn(doc, 'head')?.prepend(base);
  const next = host.extract(doc, { rule: ruleOf(host), template: parts.template });
  if (next === null) throw new Error(t('pagesNoArticle'));
  const text = fingerprintOf(next.article.content);
  if (parts.seen.has(url) || parts.texts.has(text)) {
    parts.next = null;
    return t('pagesRepeat');
  }
  const count = parts.count + 1;
  const joined = joinPages(host.extracted, next, count, t('pageHeading', count));
  const seen = new Set([...parts.seen, url]);
  partsOf.set(joined, {
    next: count >= MAX_PAGES ? null : nextPageOf(doc, url, seen),
    count,
    seen,
    texts: new Set([...parts.texts, text]),
    template: [...parts.template, ...next.article.diagnostics.fingerprints],
  });
  arrived = count;
  host.show(joined);
  return null;
}

/**
 * The next part's markup and where it came from, or an Error that says why not in a person's words. The
 * browser refuses a redirect to another origin before it is followed (`mode: 'same-origin'`); one within the site
 * must still lead to a part of this article. The body is read as it arrives, up to MAX_PAGE_BYTES, the whole
 * within PART_TIMEOUT_MS.
 */
async function fetchPart(address: string): Promise<{ url: string; markup: string }> {
  const controller = new AbortController();
  let late = false;
  const timer = setTimeout(() => {
    late = true;
    controller.abort();
  }, PART_TIMEOUT_MS);
  const init: RequestInit = { mode: 'same-origin', credentials: 'same-origin', signal: controller.signal };
  try {
    const response = await fetch(address, { ...init, redirect: 'follow' }).catch(async () => {
      throw new Error(late ? TOO_SLOW : await whyUnreachable(address, init));
    });
    const url = withoutHash(response.url || address);
    if (!isPartOf(url, location.href)) throw new Error(t('pagesNotNext'));
    if (!response.ok) throw new Error(t('pagesStatus', String(response.status)));
    if (!/html/i.test(response.headers.get('content-type') ?? '')) throw new Error(t('pagesNotWeb'));
    if (Number(response.headers.get('content-length')) > MAX_PAGE_BYTES) throw new Error(TOO_LARGE);
    return { url, markup: await readUpTo(response.body, MAX_PAGE_BYTES) };
  } catch (error) {
    throw late ? new Error(TOO_SLOW) : error;
  } finally {
    clearTimeout(timer);
    // Whatever is still coming (a body refused unread, or read no further) is not.
    controller.abort();
  }
}

/**
 * Why the part could not be fetched: asked again without following redirects, a redirect answer means the one
 * refused led to another site (the browser says no more); else the site could not be reached.
 */
async function whyUnreachable(address: string, init: RequestInit): Promise<string> {
  const answer = await fetch(address, { ...init, redirect: 'manual' }).catch(() => null);
  return answer?.type === 'opaqueredirect' ? t('pagesOtherSite') : t('pagesUnreachable');
}

/** A body decoded as UTF-8 (as `Response.text()` does), read as it arrives and refused once past `limit` bytes. */
async function readUpTo(body: ReadableStream<Uint8Array> | null, limit: number): Promise<string> {
  if (body === null) return '';
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const text: string[] = [];
  // Bounded by the limit, and the whole by the timeout (a body of empty chunks).
  for (let size = 0; ; ) {
    const { done, value } = await reader.read();
    if (done) return text.join('') + decoder.decode();
    size += value.byteLength;
    if (size > limit) {
      reader.cancel().catch(() => undefined);
      throw new Error(TOO_LARGE);
    }
    text.push(decoder.decode(value, { stream: true }));
  }
}
