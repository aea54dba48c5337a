import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Progress } from '../bench/cli.ts';
import type { Corpus, CorpusPage } from '../bench/corpora.ts';
import { errorText, withTimeout } from '../bench/measure.ts';
import { openPage } from '../bench/page-run.ts';
import { LISTING_FEATURES, LISTING_THRESHOLD } from '../src/choose/listing-page.ts';
import { contentProbability, type Model } from '../src/score/model.ts';
import { type FitPage, fitPageOf, inCorpusOrder, readEveryPage, roundedFeatures } from './collect.ts';
import { type Dataset, fitLogistic, foldedModel, shippedModel } from './logistic.ts';
import { FOLDS } from './sites.ts';

/** One page as the fit reads it: the decision's features (null: not asked) and its label. */
export interface ListingPage extends FitPage {
  features: number[] | null;
  listing: boolean;
}

export interface CachedListing {
  corpus: string;
  id: string;
  build: string;
  features: number[] | null;
  error: string | null;
}

/** The models a page is read with while its features are collected: its fold's, and a listing model that never fires. */
export interface ReadModels {
  model?: Model;
  pageModel?: Model;
}

export const NEVER_LISTING: Model = { weights: [], bias: -50 };
const EXTRACT_TIMEOUT_MS = 120_000;
/** The gold's page types that are lists of things. */
const LISTING_TYPES = new Set(['listing', 'collection']);
/**
 * A listing's row counts this many times an article's: the corpora hold 15 pages of other kinds for each
 * listing, and unweighted the fit learns to say "not a listing" everywhere.
 */
const LISTING_WEIGHT = 3;

export function listingCacheFile(cacheDir: string, corpus: string): string {
  return path.join(cacheDir, `listing-${corpus}.jsonl`);
}

export async function collectListings(
  corpora: readonly Corpus[],
  cacheDir: string,
  modelsOf: (page: CorpusPage) => ReadModels,
  build: string,
  progress: Progress,
): Promise<void> {
  mkdirSync(cacheDir, { recursive: true });
  await readEveryPage(
    corpora,
    { fileOf: (corpus) => listingCacheFile(cacheDir, corpus), build, label: 'listing', progress },
    async ({ context, routing }, url, scripts, page) => {
      let tab: Page | null = null;
      try {
        tab = await openPage(context, routing, url, scripts);
        const features = await withTimeout(
          tab.evaluate(
            (options) => globalThis.Lectern.extract(document, options)?.diagnostics.listing?.features ?? null,
            { ...modelsOf(page), listingModel: NEVER_LISTING },
          ),
          EXTRACT_TIMEOUT_MS,
          'extract',
        );
        return { features: features === null ? null : roundedFeatures(features), error: null };
      } catch (error) {
        return { features: null, error: errorText(error) };
      } finally {
        await tab?.close();
      }
    },
  );
}

/** The cached pages in the corpora's own order, with their sites and labels. */
export function listingPages(
  corpora: readonly Corpus[],
  cache: ReadonlyMap<string, CachedListing>,
): ListingPage[] {
  return inCorpusOrder(corpora, cache).map(({ corpus, page, cached }) => ({
    ...fitPageOf(corpus, page),
    features: cached.features,
    listing: LISTING_TYPES.has(page.pageType ?? ''),
  }));
}

function dataset(pages: readonly ListingPage[]): Dataset {
  const rows = pages.filter((p) => p.features !== null);
  const columns = LISTING_FEATURES.length;
  const x = new Float64Array(rows.length * columns);
  const y = new Float64Array(rows.length);
  const w = new Float64Array(rows.length);
  rows.forEach((page, r) => {
    x.set((page.features ?? []).slice(0, columns), r * columns);
    y[r] = page.listing ? 1 : 0;
    w[r] = page.listing ? LISTING_WEIGHT : 1;
  });
  return { x, rows: rows.length, columns, y, w };
}

export interface ListingFit {
  shipped: Model;
  /** The model fitted without fold k's sites, at index k. */
  foldModels: Model[];
  /** Per page asked, out of fold: its fold's model's probability of a listing. */
  outOfFold: Map<ListingPage, number>;
}

export function fitListing(
  pages: readonly ListingPage[],
  foldOf: ReadonlyMap<string, number>,
  lambda: number,
): ListingFit {
  const foldModels: Model[] = [];
  const outOfFold = new Map<ListingPage, number>();
  for (let fold = 0; fold < FOLDS; fold++) {
    const model = foldedModel(fitLogistic(dataset(pages.filter((p) => foldOf.get(p.site) !== fold)), lambda));
    foldModels.push(model);
    for (const page of pages)
      if (foldOf.get(page.site) === fold && page.features !== null)
        outOfFold.set(page, contentProbability(model, page.features));
  }
  return { shipped: shippedModel(foldedModel(fitLogistic(dataset(pages), lambda))), foldModels, outOfFold };
}

/** Pages answered "listing" out of fold, per corpus and modern-dev type, at the shipped threshold and near it. */
export function listingReport(pages: readonly ListingPage[], fit: ListingFit): string {
  const thresholds = [0.5, 0.7, LISTING_THRESHOLD, 0.95];
  const groups = new Map<string, ListingPage[]>();
  for (const page of pages) {
    for (const key of [page.corpus, ...(page.pageType ? [`${page.corpus} ${page.pageType}`] : [])]) {
      groups.set(key, [...(groups.get(key) ?? []), page]);
    }
  }
  const lines = [
    '',
    `# Listing decision: ${LISTING_FEATURES.length} features, ${FOLDS} folds by site`,
    '',
    'Pages read, pages where it was asked (the run rule had not already answered "listing"), and how many the',
    'fitted decision answers "listing" out of fold at each threshold (the shipped one is',
    `${LISTING_THRESHOLD}).`,
    '',
    `| pages | read | asked | ${thresholds.map((t) => `p ≥ ${t}`).join(' | ')} |`,
    `|---|---:|---:|${thresholds.map(() => '---:|').join('')}`,
  ];
  for (const [key, list] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    const asked = list.filter((p) => fit.outOfFold.has(p));
    const over = (t: number) => asked.filter((p) => (fit.outOfFold.get(p) ?? 0) >= t).length;
    lines.push(`| ${key} | ${list.length} | ${asked.length} | ${thresholds.map(over).join(' | ')} |`);
  }
  lines.push('', 'Weights of the shipped decision over raw features:', '');
  LISTING_FEATURES.forEach((name, i) => {
    lines.push(`- ${name}: ${(fit.shipped.weights[i] ?? 0).toPrecision(4)}`);
  });
  lines.push(`- bias: ${fit.shipped.bias.toPrecision(4)}`);
  return `${lines.join('\n')}\n`;
}
