import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import type { Progress } from '../bench/cli.ts';
import type { Corpus, CorpusPage } from '../bench/corpora.ts';
import { errorText, goldText, type Scripts, withTimeout } from '../bench/measure.ts';
import { countSnippets, harmonic, overlap } from '../bench/metric.ts';
import { openPage } from '../bench/page-run.ts';
import type { Routing } from '../bench/serve.ts';
import { PAGE_FEATURES } from '../src/choose/page-choice.ts';
import { contentProbability, type Model } from '../src/score/model.ts';
import { type FitPage, fitPageOf, inCorpusOrder, readEveryPage, roundedFeatures } from './collect.ts';
import { NEVER_LISTING } from './listing.ts';
import { type Dataset, fitLogistic, foldedModel, shippedModel } from './logistic.ts';
import { FOLDS } from './sites.ts';

/** One page as the fit reads it: the decision's features (null: not asked) and both answers' scores. */
export interface ChoicePage extends FitPage {
  features: number[] | null;
  /** The F1 of the run's answer and of the whole page's, against the gold (snippets: found and kept out). */
  run: number;
  whole: number;
  error: string | null;
}

export interface CachedChoice extends Omit<ChoicePage, 'site' | 'pageType'> {
  build: string;
}

/** Decisions that never and always answer whole, whatever the features. */
const NEVER: Model = { weights: [], bias: -50 };
const ALWAYS: Model = { weights: [], bias: 50 };
const EXTRACT_TIMEOUT_MS = 120_000;

export function choiceCacheFile(cacheDir: string, corpus: string): string {
  return path.join(cacheDir, `page-choice-${corpus}.jsonl`);
}

export async function collectChoices(
  corpora: readonly Corpus[],
  cacheDir: string,
  modelOf: (page: CorpusPage) => Model | undefined,
  build: string,
  progress: Progress,
): Promise<void> {
  mkdirSync(cacheDir, { recursive: true });
  await readEveryPage(
    corpora,
    { fileOf: (corpus) => choiceCacheFile(cacheDir, corpus), build, label: 'page choice', progress },
    ({ context, routing }, url, scripts, page) =>
      readBoth(context, routing, url, scripts, page, modelOf(page)),
  );
}

async function readBoth(
  context: BrowserContext,
  routing: Routing,
  url: string,
  scripts: Scripts,
  page: CorpusPage,
  model: Model | undefined,
): Promise<Pick<ChoicePage, 'features' | 'run' | 'whole' | 'error'>> {
  let tab: Page | null = null;
  try {
    tab = await openPage(context, routing, url, scripts);
    const read = await withTimeout(
      tab.evaluate(
        ({ model, never, always, neverListing }) => {
          // The listing decision never fires: which pages it takes is fitted after this one (fit/listing.ts).
          const base = { ...(model === undefined ? {} : { model }), listingModel: neverListing };
          const run = globalThis.Lectern.extract(document, { ...base, pageModel: never });
          const features = run?.diagnostics.pageChoice?.features ?? null;
          const whole =
            features === null ? run : globalThis.Lectern.extract(document, { ...base, pageModel: always });
          return { features, run: run?.text ?? null, whole: whole?.text ?? null };
        },
        { model, never: NEVER, always: ALWAYS, neverListing: NEVER_LISTING },
      ),
      EXTRACT_TIMEOUT_MS,
      'extract',
    );
    const gold = page.gold;
    const score = async (text: string | null): Promise<number> => {
      if (gold.kind === 'snippets') {
        const c = countSnippets(text, gold);
        return harmonic(c.tp / Math.max(1, c.tp + c.fp), c.tp / Math.max(1, c.tp + c.fn)) ?? 0;
      }
      const goldValue =
        gold.kind === 'plain' ? gold.text : gold.html === null ? '' : await goldText(tab as Page, gold.html);
      const o = overlap(text, goldValue);
      return harmonic(o.precision, o.recall) ?? (text === null && goldValue === '' ? 1 : 0);
    };
    return {
      features: read.features === null ? null : roundedFeatures(read.features),
      run: await score(read.run),
      whole: read.features === null ? await score(read.run) : await score(read.whole),
      error: null,
    };
  } catch (error) {
    return { features: null, run: 0, whole: 0, error: errorText(error) };
  } finally {
    await tab?.close();
  }
}

/** The cached pages in the corpora's own order, with their sites and types. */
export function choicePages(
  corpora: readonly Corpus[],
  cache: ReadonlyMap<string, CachedChoice>,
): ChoicePage[] {
  return inCorpusOrder(corpora, cache).map(({ corpus, page, cached }) => ({
    ...fitPageOf(corpus, page),
    features: cached.features,
    run: cached.run,
    whole: cached.whole,
    error: null,
  }));
}

/** Two answers this close are a tie: nothing to learn from the page. */
const TIE = 0.01;

/** Listing and collection pages are not learnt from, as for the segment model (fit/run.ts). */
const NOT_LEARNT_FROM = new Set(['listing', 'collection']);

function dataset(pages: readonly ChoicePage[]): Dataset {
  const rows = pages.filter(
    (p) => p.features !== null && Math.abs(p.whole - p.run) > TIE && !NOT_LEARNT_FROM.has(p.pageType ?? ''),
  );
  const columns = PAGE_FEATURES.length;
  const x = new Float64Array(rows.length * columns);
  const y = new Float64Array(rows.length);
  const w = new Float64Array(rows.length);
  rows.forEach((page, r) => {
    x.set((page.features ?? []).slice(0, columns), r * columns);
    y[r] = page.whole > page.run ? 1 : 0;
    w[r] = Math.abs(page.whole - page.run);
  });
  return { x, rows: rows.length, columns, y, w };
}

/** A fitted decision as the extractor reads it: the standardisation folded into weights and bias. */
export function fitPageModel(pages: readonly ChoicePage[], lambda: number): Model {
  return foldedModel(fitLogistic(dataset(pages), lambda));
}

export interface PageChoiceFit {
  shipped: Model;
  /** The model fitted without fold k's sites, at index k. */
  foldModels: Model[];
  /** Per page, out-of-fold: whether its fold's model answers it whole. */
  outOfFold: Map<ChoicePage, boolean>;
}

export function fitPageChoice(
  pages: readonly ChoicePage[],
  foldOf: ReadonlyMap<string, number>,
  lambda: number,
): PageChoiceFit {
  const foldModels: Model[] = [];
  const outOfFold = new Map<ChoicePage, boolean>();
  for (let fold = 0; fold < FOLDS; fold++) {
    const model = fitPageModel(
      pages.filter((p) => foldOf.get(p.site) !== fold),
      lambda,
    );
    foldModels.push(model);
    for (const page of pages)
      if (foldOf.get(page.site) === fold && page.features !== null)
        outOfFold.set(page, contentProbability(model, page.features) >= 0.5);
  }
  return { shipped: shippedModel(fitPageModel(pages, lambda)), foldModels, outOfFold };
}

/**
 * The hand-set rule this decision replaced, a column of the report: whole when the run held under 40 % of the
 * page's own text and of all of it, and the page neither declared an article, was dated nor had comments.
 */
function handRule(f: readonly number[]): boolean {
  const [ownShare = 1, allShare = 1, , declaredArticle = 0, , dated = 0, comments = 0] = f;
  return ownShare < 0.4 && allShare < 0.4 && !declaredArticle && !dated && !comments;
}

/** Mean page F1 over the pages where the decision was asked, per corpus and modern-dev type. */
export function pageChoiceReport(pages: readonly ChoicePage[], fit: PageChoiceFit): string {
  const groups = new Map<string, ChoicePage[]>();
  for (const page of pages) {
    if (page.features === null) continue;
    for (const key of [page.corpus, ...(page.pageType ? [`${page.corpus} ${page.pageType}`] : [])]) {
      groups.set(key, [...(groups.get(key) ?? []), page]);
    }
  }
  const lines = [
    '',
    `# Page-kind decision: ${PAGE_FEATURES.length} features, ${FOLDS} folds by site`,
    '',
    'Pages where it was asked (the run held under 60 % of all the text); mean page F1 of the answer each way',
    'of deciding: always the run, the hand-set rule it replaced, the fitted decision out of fold, the better',
    'of the two answers per page. "whole": how many pages the fitted decision answered whole.',
    '',
    '| pages | asked | run | hand rule | fitted (out of fold) | whole | best of both |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ];
  const mean = (list: readonly ChoicePage[], pick: (p: ChoicePage) => number) =>
    (list.reduce((s, p) => s + pick(p), 0) / Math.max(1, list.length)).toFixed(3);
  for (const [key, list] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    const fitted = (p: ChoicePage) => (fit.outOfFold.get(p) ? p.whole : p.run);
    lines.push(
      `| ${key} | ${list.length} | ${mean(list, (p) => p.run)} | ${mean(list, (p) =>
        handRule(p.features ?? []) ? p.whole : p.run,
      )} | ${mean(list, fitted)} | ${list.filter((p) => fit.outOfFold.get(p)).length} | ${mean(list, (p) =>
        Math.max(p.run, p.whole),
      )} |`,
    );
  }
  lines.push('', 'Weights of the shipped decision over raw features:', '');
  PAGE_FEATURES.forEach((name, i) => {
    lines.push(`- ${name}: ${(fit.shipped.weights[i] ?? 0).toPrecision(4)}`);
  });
  lines.push(`- bias: ${fit.shipped.bias.toPrecision(4)}`);
  return `${lines.join('\n')}\n`;
}
