/**
 * One corpus page: load it in a fresh tab (page JavaScript off), run and time the extractors in it, score
 * their texts against the gold. Pages are done one at a time so timings don't compete for the two cores.
 */
import type { BrowserContext, Page } from '@playwright/test';
import type { Model } from '../src/score/model.ts';
import type { CorpusPage } from './corpora.ts';
import {
  type ExtractorName,
  type ExtractorResult,
  errorText,
  injectScripts,
  pageStatements,
  type Scripts,
  timeExtractor,
} from './measure.ts';
import { goldOnPage, judgeMeta, type PageStatements } from './meta.ts';
import { countSnippets, overlap, tokenize } from './metric.ts';
import type { Routing } from './serve.ts';
import type { ExtractorRecord, PageRecord } from './summary.ts';

/** Timed calls per extractor and page after the warm-up: a page's time is their median. */
export const DEFAULT_RUNS = 3;
/** Per extractor and page, for the warm-up and the timed calls together. */
export const PAGE_TIMEOUT_MS = 120_000;

export interface PageRunOptions {
  runs: number;
  readability: boolean;
  defuddle: boolean;
  /** Per extractor, for the warm-up and the timed calls together. */
  timeoutMs: number;
  /**
   * Which extractor runs first in the page. The first one pays for a tab that is still settling: on the
   * fixture pages Readability's median went from 2.4 to 3.1 ms when it ran first, Lectern's from 4.4 to
   * 5.3 ms (two runs each way). The run rotates it page by page so no extractor carries that cost alone:
   * turn n starts the order lectern, readability, defuddle (those that run) at its n-th, wrapping round.
   */
  turn?: number;
  /**
   * The segment model Lectern scores this page with: the model of the fold that did not see the page's site
   * (fit/folds.json), so a fitted model is never judged on what it was fitted to. Undefined: the shipped one.
   */
  model?: Model | null;
  /** The page-kind decision Lectern answers this page with, out of fold as `model`. Undefined: the shipped one. */
  pageModel?: Model;
  /** The listing decision, out of fold as `model`. Undefined: the shipped one. */
  listingModel?: Model;
}

export interface PageOutcome {
  record: PageRecord;
  /** The texts themselves, for --page; the JSON lines keep only their lengths. */
  texts: {
    lectern: string | null;
    forced?: string | null;
    readability: string | null;
    defuddle: string | null;
    gold: string | null;
  };
}

const LOAD_TIMEOUT_MS = 30_000;
const PARSE_TIMEOUT_MS = 150_000;

/** A fresh tab at `url` (the one navigation `routing` lets through), the extractors defined in it. */
export async function openPage(
  context: BrowserContext,
  routing: Routing,
  url: string,
  scripts: Scripts,
): Promise<Page> {
  const page = await context.newPage();
  try {
    routing.expect(url);
    try {
      await page.goto(url, { waitUntil: 'load', timeout: LOAD_TIMEOUT_MS });
    } catch (error) {
      // A 'load' that never comes (a frame that never finishes) still leaves a parsed document to read, once
      // the parser is done: on a busy machine a large page can miss 'load' before it has parsed, and the
      // fit read 2 segments of one (modern-dev 0691) where a quiet run reads 119. That page's 640 requests,
      // each answered by the bench's router, hold its parser for 17 s on a quiet machine and over a minute
      // beside the e2e tests (a fit read none of it): the parse gets PARSE_TIMEOUT_MS more.
      if (!/Timeout/i.test(errorText(error))) throw error;
      await page.waitForLoadState('domcontentloaded', { timeout: PARSE_TIMEOUT_MS });
    }
    await stillAnimations(page);
    await injectScripts(page, scripts);
    return page;
  } catch (error) {
    await page.close();
    throw error;
  }
}

/**
 * Every CSS animation and transition held still: a finite one at its end (a fade-in as a person sees it once
 * the page has settled, its fill kept), an endless one at its start. What a looping carousel shows depends on
 * the moment it is read: two fits of the same build read 70 and 73 segments of one page (modern-dev 2835, a
 * customer carousel), which moved the fitted weights. Held still, the fit's input, and so `npm run fit`'s
 * output, is the same run after run. Page JavaScript is off, so nothing starts them again.
 */
async function stillAnimations(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      try {
        animation.finish();
      } catch {
        // An endless animation has no end to finish at (InvalidStateError).
        animation.pause();
        animation.currentTime = 0;
      }
    }
  });
}

function record(
  result: ExtractorResult | null,
  gold: CorpusPage['gold'],
  goldTextValue: string | null,
  headings: readonly string[] | null,
): ExtractorRecord {
  const text = result?.text ?? null;
  const given = result?.meta ?? null;
  return {
    ms: result?.ms ?? null,
    runsMs: result?.runsMs ?? [],
    warmupMs: result?.warmupMs ?? null,
    error: result?.error ?? null,
    chars: text === null ? null : text.length,
    tokens: tokenize(text).length,
    overlap: gold.kind === 'snippets' ? null : overlap(text, goldTextValue),
    ...(result?.forcedText !== undefined && gold.kind !== 'snippets'
      ? { forcedOverlap: overlap(result.forcedText, goldTextValue) }
      : {}),
    snippets: gold.kind === 'text' ? null : countSnippets(text, gold),
    ...(result && 'diagnostics' in result ? { diagnostics: result.diagnostics ?? null } : {}),
    ...(gold.kind === 'plain'
      ? {
          given: given && { title: given.title, byline: given.byline, published: given.published },
          meta: judgeMeta(given, gold.meta, gold.text, headings ?? []),
        }
      : {}),
  };
}

/** The extractors that run, rotated by the page's turn. */
export function runOrder(
  options: Pick<PageRunOptions, 'readability' | 'defuddle' | 'turn'>,
): ExtractorName[] {
  const all: ExtractorName[] = [
    'lectern',
    ...(options.readability ? (['readability'] as const) : []),
    ...(options.defuddle ? (['defuddle'] as const) : []),
  ];
  const start = (options.turn ?? 0) % all.length;
  return [...all.slice(start), ...all.slice(0, start)];
}

export async function runPage(
  context: BrowserContext,
  routing: Routing,
  scripts: Scripts,
  corpus: string,
  /**
   * `goldText`: the gold text for full-text gold (expected.html's text, '' for no article, or the plain-text
   * gold as it is), null for snippet gold.
   */
  target: CorpusPage & { url: string; goldText: string | null },
  options: PageRunOptions,
): Promise<PageOutcome> {
  const results: Record<ExtractorName, ExtractorResult | null> = {
    lectern: null,
    readability: null,
    defuddle: null,
  };
  let loadError: string | null = null;
  let blocked: string[] = [];
  const order = runOrder(options);
  let page: Page | null = null;
  let statements: PageStatements | null = null;
  try {
    for (const extractor of order) {
      page ??= await openPage(context, routing, target.url, scripts);
      statements ??= await pageStatements(page);
      const result = await timeExtractor(page, extractor, {
        runs: options.runs,
        timeoutMs: options.timeoutMs,
        ...(options.model === undefined ? {} : { model: options.model }),
        ...(options.pageModel === undefined ? {} : { pageModel: options.pageModel }),
        ...(options.listingModel === undefined ? {} : { listingModel: options.listingModel }),
      });
      results[extractor] = result;
      blocked = [...new Set([...blocked, ...routing.blocked()])];
      // A timed-out evaluation may still be running in the page: the next extractor gets a fresh one.
      if (result.error) {
        await page.close();
        page = null;
      }
    }
  } catch (error) {
    loadError = errorText(error);
  } finally {
    await page?.close();
  }
  const goldValue = target.goldText;
  const headings = statements?.headings ?? null;
  return {
    record: {
      corpus,
      id: target.id,
      url: target.url,
      ...(target.pageType === undefined ? {} : { pageType: target.pageType }),
      gold:
        target.gold.kind === 'snippets'
          ? { with: target.gold.with.length, without: target.gold.without.length }
          : { tokens: tokenize(goldValue).length },
      ...(target.gold.kind === 'plain' && statements !== null
        ? { goldOnPage: goldOnPage(statements, target.gold.meta) }
        : {}),
      lectern: record(results.lectern, target.gold, goldValue, headings),
      readability: options.readability ? record(results.readability, target.gold, goldValue, headings) : null,
      defuddle: options.defuddle ? record(results.defuddle, target.gold, goldValue, headings) : null,
      loadError,
      blockedNavigations: blocked,
      first: order[0] ?? 'lectern',
    },
    texts: {
      lectern: results.lectern?.text ?? null,
      ...(results.lectern?.forcedText === undefined ? {} : { forced: results.lectern.forcedText }),
      readability: results.readability?.text ?? null,
      defuddle: results.defuddle?.text ?? null,
      gold: goldValue,
    },
  };
}
