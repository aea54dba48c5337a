/**
 * The page's article, extracted lazily and kept per URL (the popup's summary, the reader and the copies agree),
 * read with the site's fix (extension/shared/site-rules.ts) and its boilerplate memory's template
 * (extension/shared/memory.ts), which `ruleReady` asks the background for before the page is first read.
 */
import { plainText } from '../../src/clean/plain.ts';
import { extractWithBody } from '../../src/extract.ts';
import type { SiteRule } from '../../src/rules/index.ts';
import type { Extracted } from '../../src/types.ts';
import {
  type ArticleSummary,
  HANDED_SITE,
  type HandedSite,
  type SiteKnowledge,
  sendToExtension,
} from '../shared/messages.ts';

interface Cached {
  url: string;
  rule: SiteRule | null;
  template: readonly number[];
  /** undefined = not tried yet; null = tried, nothing found. */
  plain: Extracted | null | undefined;
  forced: Extracted | null | undefined;
}

let cache: Cached | null = null;
let rule: SiteRule | null = null;
let template: readonly number[] = [];
let ruleLoaded: Promise<void> | null = null;

const NOTHING_KNOWN: SiteKnowledge = { rule: null, template: [] };

/**
 * Loads the site's fix and template, once a page: the article is read with them from then on. Handed over by
 * whoever injected the content script (shared/inject.ts), or else asked of the background, which keeps them
 * (background/pages-store.ts): storage.local is not the page process's to read. Unanswered (the extension was
 * reloaded under the page), the page is read as if nothing were known.
 */
export const ruleReady = (): Promise<void> => {
  const handed = takeHandedSite();
  ruleLoaded ??= (
    handed === null
      ? sendToExtension('background:site', {}).catch(() => NOTHING_KNOWN)
      : Promise.resolve(handed)
  ).then((site) => {
    useRule(site.rule);
    template = site.template;
  });
  return ruleLoaded;
};

/** What the injecting extension page left in this isolated world for this page's site, taken once; else null. */
function takeHandedSite(): SiteKnowledge | null {
  const scope = globalThis as Record<symbol, unknown>;
  const key = Symbol.for(HANDED_SITE);
  const handed = scope[key] as Partial<HandedSite> | undefined;
  delete scope[key];
  // For this page's site only: the tab may have moved on between the read and the injection.
  if (handed?.origin !== location.origin || !Array.isArray(handed.template)) return null;
  return { rule: handed.rule ?? null, template: handed.template };
}

/** The fix the page is read with. */
export const siteRule = (): SiteRule | null => rule;

/** Reads the page with `next` from now on (the editor saved or forgot a fix). */
export function useRule(next: SiteRule | null): void {
  rule = next;
}

/** The site's template the page is read with (src/template/ templateFor; empty when the memory has none). */
export const siteTemplate = (): readonly number[] => template;

/** The site's memory was forgotten: the page is read without its template from now on. */
export const forgetTemplate = (): void => {
  template = [];
};

function safeExtract(force: boolean): Extracted | null {
  try {
    return extractWithBody(document, { force, rule, template });
  } catch {
    // The extractor promises never to throw; a page that breaks it must still not see an error from us.
    return null;
  }
}

/** `force` ("Show anyway") asks for the best run even when it's too weak to call an article. */
export function currentArticle(force: boolean): Extracted | null {
  const url = location.href;
  if (cache?.url !== url || cache.rule !== rule || cache.template !== template)
    cache = { url, rule, template, plain: undefined, forced: undefined };
  if (cache.plain === undefined) cache.plain = safeExtract(false);
  if (cache.plain || !force) return cache.plain;
  if (cache.forced === undefined) cache.forced = safeExtract(true);
  return cache.forced;
}

/** Enough of the text for the popup's first lines (it cuts them itself: extension/popup/excerpt.ts). */
const START_CHARS = 1000;

export function summarize({ article, body }: Extracted): ArticleSummary {
  return {
    title: article.title,
    siteName: article.siteName,
    byline: article.byline,
    readingMinutes: article.readingMinutes,
    wordCount: article.wordCount,
    kind: article.kind,
    records: article.records,
    start: plainText(body).slice(0, START_CHARS),
  };
}
