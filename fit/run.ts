/**
 * npm run fit [-- options]: fits the segment model (src/score/model.ts) on the dev corpora, from scratch.
 *
 *   --data <dir>      where the corpora are (default ../shared/data): trafilatura-dev, readability-test-pages,
 *                     modern-dev
 *   --collect         read the pages again (default: only when fit/cache is missing or was read with other
 *                     features than src/score/features.ts's)
 *   --lambda <x>      L2 penalty per unit of weight (default 0.001)
 *   --page-only       fit only the page-kind decision, with the segment models of fit/folds.json
 *
 * Steps: every page's segments and feature vectors read in Chromium (collect.ts, cached in fit/cache/);
 * labels from the gold (label.ts); sites into FOLDS folds (sites.ts); per fold, a model fitted on the other
 * folds and its figures on the held-out sites (out-of-fold); then the model fitted on everything. Writes
 * src/score/model.json (what the extractor ships), src/score/model.check.json (rows and the probabilities this
 * script gives them, which src/score/model.test.ts holds the extractor's inference to) and fit/folds.json
 * (each site's fold and each fold's model: the bench scores every page with the model that did not see its
 * site). Then the page-kind decision (page-choice.ts): every page read again with its fold's segment model,
 * both answers scored, the decision fitted the same way; it writes src/choose/page-model.json and the fold
 * decisions into fit/folds.json. Last the listing decision (listing.ts), read with both fold models, the same way:
src/choose/listing-model.json. Deterministic: the same corpora and features give the same files.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Progress, parseFlags, runMain, UsageError } from '../bench/cli.ts';
import { type Corpus, type CorpusPage, loadCorpus, SHARED_DATA } from '../bench/corpora.ts';
import { overlap, scoreText } from '../bench/metric.ts';
import { LECTERN_JS, ROOT } from '../e2e/support/paths.ts';
import { LISTING_FEATURES } from '../src/choose/listing-page.ts';
import { PAGE_FEATURES } from '../src/choose/page-choice.ts';
import { FEATURES } from '../src/score/features.ts';
import { contentProbability, type Model } from '../src/score/model.ts';
import {
  buildHash,
  type CachedPage,
  type CachedSegment,
  cacheFile,
  collect,
  readCachedLines,
  readingBuild,
} from './collect.ts';
import { FOLDS_FILE, type FoldsFile, foldModels, readFolds } from './folds.ts';
import { type Gold, labelSegments } from './label.ts';
import {
  type CachedListing,
  collectListings,
  fitListing,
  listingCacheFile,
  listingPages,
  listingReport,
  type ReadModels,
} from './listing.ts';
import { type Dataset, type Fitted, fitLogistic, foldedModel, predict, shippedModel } from './logistic.ts';
import {
  type CachedChoice,
  choiceCacheFile,
  choicePages,
  collectChoices,
  fitPageChoice,
  pageChoiceReport,
} from './page-choice.ts';
import { assignFolds, FOLDS, siteOf } from './sites.ts';

const USAGE =
  'usage: npm run fit -- [--data <dir>] [--collect] [--lambda <x>] [--page-only] [--listing-only]';
const FLAGS = {
  data: { type: 'string' },
  collect: { type: 'boolean' },
  'page-only': { type: 'boolean' },
  'listing-only': { type: 'boolean' },
  lambda: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;
const CORPORA = ['trafilatura-dev', 'readability-test-pages', 'modern-dev'];
const CACHE = path.join(ROOT, 'fit', 'cache');
const MODEL_FILE = path.join(ROOT, 'src', 'score', 'model.json');
const CHECK_FILE = path.join(ROOT, 'src', 'score', 'model.check.json');
const PAGE_MODEL_FILE = path.join(ROOT, 'src', 'choose', 'page-model.json');
const LISTING_MODEL_FILE = path.join(ROOT, 'src', 'choose', 'listing-model.json');
/** The page-kind decision's L2 penalty: 0.001 and 0.03 score within .004 of it out of fold. */
const PAGE_LAMBDA = 0.01;
/** The listing decision's L2 penalty. */
const LISTING_LAMBDA = 0.01;

/** One page, ready to fit: its segments, labels, and what it is scored by. */
interface FitPage {
  corpus: string;
  id: string;
  site: string;
  pageType: string | null;
  segments: CachedSegment[];
  labels: (number | null)[];
  /** Full-text gold, for the run-level check; null for snippet gold. */
  goldText: string | null;
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseFlags(argv, FLAGS, USAGE);
  const dataDir = path.resolve(values.data ?? SHARED_DATA);
  const lambda = values.lambda === undefined ? 0.001 : Number(values.lambda);
  if (!(lambda >= 0)) throw new UsageError(`--lambda needs a number ≥ 0\n${USAGE}`);
  const corpora = CORPORA.map((name) => {
    const dir = path.join(dataDir, name);
    if (!existsSync(dir)) throw new UsageError(`${dir} is missing: pass --data <dir> (${USAGE})`);
    return loadCorpus(dir);
  });
  const progress = new Progress();
  if (values['page-only'] || values['listing-only']) {
    const folds = readFolds();
    if (folds === null) throw new UsageError(`${FOLDS_FILE} is missing: run npm run fit first`);
    const foldOf = new Map(Object.entries(folds.sites));
    if (values['page-only'])
      process.stdout.write(await fitPageKind(corpora, folds, foldOf, values.collect === true, progress));
    process.stdout.write(await fitListingDecision(corpora, foldOf, values.collect === true, progress));
    return 0;
  }
  if (values.collect || !cacheCurrent(corpora)) await collect(corpora, CACHE, progress);

  const pages = corpora.flatMap((corpus) => fitPages(corpus));
  const pagesPerSite = new Map<string, number>();
  for (const page of pages) pagesPerSite.set(page.site, (pagesPerSite.get(page.site) ?? 0) + 1);
  const foldOf = assignFolds(pagesPerSite);

  const outOfFold = new Map<FitPage, number[]>();
  const models: Model[] = [];
  for (let fold = 0; fold < FOLDS; fold++) {
    progress.update(`fit: fold ${fold + 1} of ${FOLDS}`, true);
    const train = pages.filter((p) => foldOf.get(p.site) !== fold && learnsFrom(p));
    const { model } = fitModel(train, lambda);
    models.push(model);
    for (const page of pages) {
      if (foldOf.get(page.site) === fold)
        outOfFold.set(
          page,
          page.segments.map((s) => (s.t === '' ? 0 : contentProbability(model, s.f))),
        );
    }
  }
  progress.update('fit: all pages', true);
  const { model: shipped, fitted } = fitModel(pages.filter(learnsFrom), lambda);
  progress.done();

  writeFileSync(MODEL_FILE, `${JSON.stringify({ features: FEATURES, ...shippedModel(shipped) })}\n`);
  writeFileSync(CHECK_FILE, `${JSON.stringify(checkRows(pages, fitted), null, 1)}\n`);
  const folds: FoldsFile = { folds: FOLDS, sites: Object.fromEntries([...foldOf].sort()), models };
  writeFileSync(FOLDS_FILE, `${JSON.stringify(folds)}\n`);
  process.stdout.write(report(pages, outOfFold, fitted, lambda));
  process.stdout.write(await fitPageKind(corpora, folds, foldOf, values.collect === true, progress));
  process.stdout.write(await fitListingDecision(corpora, foldOf, values.collect === true, progress));
  return 0;
}

/**
 * The listing decision (listing-page.ts), read with the segment models and page-kind decisions of
 * fit/folds.json: reads the pages again unless the cache was read by this build with these models; writes
 * listing-model.json and the fold decisions into fit/folds.json.
 */
async function fitListingDecision(
  corpora: readonly Corpus[],
  foldOf: ReadonlyMap<string, number>,
  again: boolean,
  progress: Progress,
): Promise<string> {
  const folds = readFolds();
  if (folds === null) throw new Error(`${FOLDS_FILE} was not written`);
  const build = readingBuild(readFileSync(LECTERN_JS, 'utf8'), [folds.models, folds.pageModels ?? []]);
  const modelsOf = (page: CorpusPage): ReadModels => {
    const { listingModel: _, ...models } = foldModels(folds, page);
    return models;
  };
  const read = () => readCachedLines<CachedListing>(corpora, (c) => listingCacheFile(CACHE, c), build);
  let cache = again ? null : read();
  if (cache === null) {
    await collectListings(corpora, CACHE, modelsOf, build, progress);
    cache = read();
  }
  if (cache === null) throw new Error('the listing cache was not written');
  const pages = listingPages(corpora, cache);
  const fit = fitListing(pages, foldOf, LISTING_LAMBDA);
  writeFileSync(LISTING_MODEL_FILE, `${JSON.stringify({ features: LISTING_FEATURES, ...fit.shipped })}\n`);
  writeFileSync(FOLDS_FILE, `${JSON.stringify({ ...folds, listingModels: fit.foldModels })}\n`);
  return listingReport(pages, fit);
}

/**
 * The page-kind decision (page-choice.ts), over the segment models of `folds`: reads the pages again unless
 * the cache was read by this build with these models; writes page-model.json and the fold decisions.
 */
async function fitPageKind(
  corpora: readonly Corpus[],
  folds: FoldsFile,
  foldOf: ReadonlyMap<string, number>,
  again: boolean,
  progress: Progress,
): Promise<string> {
  const build = readingBuild(readFileSync(LECTERN_JS, 'utf8'), folds.models);
  const modelOf = (page: CorpusPage): Model | undefined => {
    const fold = foldOf.get(siteOf(page));
    return fold === undefined ? undefined : folds.models[fold];
  };
  const read = () => readCachedLines<CachedChoice>(corpora, (c) => choiceCacheFile(CACHE, c), build);
  let cache = again ? null : read();
  if (cache === null) {
    await collectChoices(corpora, CACHE, modelOf, build, progress);
    cache = read();
  }
  if (cache === null) throw new Error('the page-choice cache was not written');
  const pages = choicePages(corpora, cache);
  const fit = fitPageChoice(pages, foldOf, PAGE_LAMBDA);
  writeFileSync(PAGE_MODEL_FILE, `${JSON.stringify({ features: PAGE_FEATURES, ...fit.shipped })}\n`);
  writeFileSync(FOLDS_FILE, `${JSON.stringify({ ...folds, pageModels: fit.foldModels })}\n`);
  return pageChoiceReport(pages, fit);
}

/**
 * Listing and collection pages are scored, never learnt from: their gold is the list itself (every card's
 * linked title), which taught the model that a run of same-shaped link boxes is article text. The extractor
 * answers "no article" on a listing unless asked (Show anyway), and a page of 20,000 one-line link replies
 * (e2e/robustness's huge page) then came out as a listing instead of its article.
 */
const NOT_LEARNT_FROM = new Set(['listing', 'collection']);

function learnsFrom(page: FitPage): boolean {
  return page.pageType === null || !NOT_LEARNT_FROM.has(page.pageType);
}

/** The cache holds every corpus, read by this very lectern.js (any change to src/ reads the pages again). */
function cacheCurrent(corpora: readonly Corpus[]): boolean {
  const build = buildHash(readFileSync(LECTERN_JS, 'utf8'));
  return corpora.every((corpus) => {
    const file = cacheFile(CACHE, corpus.name);
    if (!existsSync(file)) return false;
    const first = readFileSync(file, 'utf8').split('\n', 1)[0];
    return !!first && (JSON.parse(first) as Partial<CachedPage>).build === build;
  });
}

/**
 * The corpus's pages in the corpus's own order, not the cache's (two tabs collect at once, so lines land in
 * the order pages finish): the rows' order sets the order of the fit's sums, and so its last digits.
 */
function fitPages(corpus: Corpus): FitPage[] {
  const cached = new Map<string, CachedPage>();
  for (const line of readFileSync(cacheFile(CACHE, corpus.name), 'utf8').split('\n')) {
    if (line === '') continue;
    const record = JSON.parse(line) as CachedPage;
    cached.set(record.id, record);
  }
  const out: FitPage[] = [];
  for (const page of corpus.pages) {
    const record = cached.get(page.id);
    const gold = goldOf(page);
    if (!record || record.error || gold === null) continue;
    out.push({
      corpus: corpus.name,
      id: page.id,
      site: siteOf(page),
      pageType: page.pageType ?? null,
      segments: record.segments,
      labels: labelSegments(record.segments, gold),
      goldText: gold.kind === 'text' ? gold.text : null,
    });
  }
  return out;
}

/**
 * The gold as label.ts takes it. expected.html's text by stripping tags and entities: only its words matter
 * to the labels (tokens are runs of letters and digits).
 */
function goldOf(page: CorpusPage): Gold | null {
  const gold = page.gold;
  if (gold.kind === 'snippets') return { kind: 'snippets', with: gold.with, without: gold.without };
  if (gold.kind === 'plain') return { kind: 'text', text: gold.text };
  if (gold.html === null) return { kind: 'text', text: '' };
  return { kind: 'text', text: gold.html.replace(/<[^>]*>/g, ' ').replace(/&[#a-z0-9]+;/gi, ' ') };
}

/**
 * Rows weighted by visible length, each page's labelled rows summing to one: the run's score weighs a segment
 * by its length, and a page of 3,000 segments (a Wikipedia article with its references) must not outweigh a
 * hundred news pages.
 */
function dataset(pages: readonly FitPage[]): Dataset {
  let rows = 0;
  for (const page of pages) for (const label of page.labels) if (label !== null) rows++;
  const columns = FEATURES.length;
  const x = new Float64Array(rows * columns);
  const y = new Float64Array(rows);
  const w = new Float64Array(rows);
  let r = 0;
  for (const page of pages) {
    let total = 0;
    page.segments.forEach((s, i) => {
      if (page.labels[i] !== null && s.t !== '') total += s.n;
    });
    page.segments.forEach((s, i) => {
      const label = page.labels[i];
      if (label === null || label === undefined) return;
      x.set(s.f.slice(0, columns), r * columns);
      y[r] = label;
      // Collapsed boxes are never article text in the extractor (score/scored.ts): nothing to learn from them.
      w[r] = s.t === '' || total === 0 ? 0 : s.n / total;
      r++;
    });
  }
  return { x, rows, columns, y, w };
}

/** A model as the extractor reads it: the standardisation folded into the weights and bias (model.ts). */
function fitModel(pages: readonly FitPage[], lambda: number): { model: Model; fitted: Fitted } {
  const fitted = fitLogistic(dataset(pages), lambda);
  return { model: foldedModel(fitted), fitted };
}

/**
 * A spread of real rows and the probabilities the fit's own unrounded numbers give them (logistic.ts
 * `predict`), for src/score/model.test.ts: the extractor's inference over model.json must agree.
 */
function checkRows(pages: readonly FitPage[], fitted: Fitted): { row: number[]; probability: number }[] {
  const out: { row: number[]; probability: number }[] = [];
  for (let i = 0; i < pages.length && out.length < 24; i += Math.max(1, Math.floor(pages.length / 12))) {
    const page = pages[i] as FitPage;
    // The page's first segment (mostly chrome) and its middle one (often the article).
    for (const s of [page.segments[0], page.segments[Math.floor(page.segments.length / 2)]]) {
      if (s && s.t !== '') out.push({ row: s.f, probability: predict(fitted, s.f) });
    }
  }
  return out;
}

/**
 * The run a bare maximum-scoring subsequence takes over Σ (2p − 1) × length, with its −p segments left
 * out: a check of the probabilities in the setting they are used in, without the extractor's other steps
 * (the lead, notes, geometry), so not the bench's figures.
 */
function runText(segments: readonly CachedSegment[], probability: readonly number[]): string {
  let best = 0;
  let bestFrom = -1;
  let bestTo = -1;
  let sum = 0;
  let start = 0;
  segments.forEach((s, i) => {
    const score = (2 * (probability[i] ?? 0) - 1) * s.n;
    if (sum <= 0) {
      sum = score;
      start = i;
    } else sum += score;
    if (sum > best) {
      best = sum;
      bestFrom = start;
      bestTo = i;
    }
  });
  if (bestFrom < 0) return '';
  const from = bestFrom;
  const to = bestTo;
  return segments
    .slice(from, to + 1)
    .filter((_, k) => (probability[from + k] ?? 0) >= 0.5)
    .map((s) => s.t)
    .join('\n');
}

function report(
  pages: readonly FitPage[],
  outOfFold: ReadonlyMap<FitPage, number[]>,
  fitted: Fitted,
  lambda: number,
): string {
  const luoIndex = FEATURES.indexOf('luo');
  const nameIndex = FEATURES.indexOf('boilerplate name');
  const luo = (s: CachedSegment): number =>
    s.t === '' || (s.f[nameIndex] ?? 0) > 0 ? 0 : (s.f[luoIndex] ?? -1) > 0 ? 1 : 0;
  const groups = new Map<string, FitPage[]>();
  for (const page of pages) {
    for (const key of [page.corpus, ...(page.pageType ? [`${page.corpus} ${page.pageType}`] : [])]) {
      const list = groups.get(key) ?? [];
      list.push(page);
      groups.set(key, list);
    }
  }
  const lines = [
    `# npm run fit: ${pages.length} pages, ${FEATURES.length} features, λ ${lambda}, ${FOLDS} folds by site`,
    '',
    'Out of fold: every page scored by the model fitted without its site. Segment accuracy: labelled segments',
    'weighted by length, p ≥ ½ against the label. Bare-MSS F1: the best run over Σ (2p − 1) × length, its −',
    'segments left out, against the full-text gold (a check of the probabilities, not the extractor).',
    '',
    '| pages | n | segment accuracy, fitted | Luo | bare-MSS F1, fitted | Luo |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const [key, list] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    let right = 0;
    let rightLuo = 0;
    let total = 0;
    const fitted: ReturnType<typeof overlap>[] = [];
    const base: ReturnType<typeof overlap>[] = [];
    for (const page of list) {
      const p = outOfFold.get(page) ?? [];
      page.segments.forEach((s, i) => {
        const label = page.labels[i];
        if (label === null || label === undefined || s.t === '') return;
        total += s.n;
        if ((p[i] ?? 0) >= 0.5 === label >= 0.5) right += s.n;
        if (luo(s) >= 0.5 === label >= 0.5) rightLuo += s.n;
      });
      if (page.goldText !== null) {
        fitted.push(overlap(runText(page.segments, p), page.goldText));
        base.push(overlap(runText(page.segments, page.segments.map(luo)), page.goldText));
      }
    }
    const f1 = (o: typeof fitted) => (o.length ? (scoreText(o).f1 ?? 0).toFixed(3) : '–');
    lines.push(
      `| ${key} | ${list.length} | ${(right / (total || 1)).toFixed(3)} | ${(rightLuo / (total || 1)).toFixed(3)} | ${f1(fitted)} | ${f1(base)} |`,
    );
  }
  lines.push('', 'Weights of the shipped model over standardised features, largest first:', '');
  const ranked = fitted.weights
    .map((w, i) => ({ w, name: FEATURES[i] ?? '?' }))
    .sort((a, b) => Math.abs(b.w) - Math.abs(a.w));
  for (const { w, name } of ranked) lines.push(`- ${name}: ${w > 0 ? '+' : ''}${w.toFixed(3)}`);
  return `${lines.join('\n')}\n`;
}

runMain('fit', main);
