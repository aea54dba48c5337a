/**
 * The segments of every corpus page as the extractor sees them (src/inspect.ts): text, length and feature
 * vector, read in headless Chromium with page JavaScript off, as the bench reads pages. One JSON line per
 * page in fit/cache/<corpus>.jsonl; the fit reads these instead of loading a thousand pages again.
 */
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import type { Progress } from '../bench/cli.ts';
import type { Corpus, CorpusPage } from '../bench/corpora.ts';
import { errorText, readScripts, type Scripts, withTimeout } from '../bench/measure.ts';
import { openPage } from '../bench/page-run.ts';
import { benchContext, launchBrowser, type Routing, startServer } from '../bench/serve.ts';
import { siteOf } from './sites.ts';

export interface CachedSegment {
  /** Text ('' for a box walked as one). */
  t: string;
  /** Visible characters. */
  n: number;
  f: number[];
}

export interface CachedPage {
  corpus: string;
  id: string;
  /** sha256 of the lectern.js that read the page: a cache from another build is read again. */
  build: string;
  features: string[];
  segments: CachedSegment[];
  error: string | null;
}

const INSPECT_TIMEOUT_MS = 60_000;
/** Two tabs at a time: the machine has two cores, and a page's work is mostly in its renderer. */
const PARALLEL = 2;

export function cacheFile(cacheDir: string, corpus: string): string {
  return path.join(cacheDir, `${corpus}.jsonl`);
}

/** What a cache line's `build` is compared with. */
export function buildHash(lectern: string): string {
  return createHash('sha256').update(lectern).digest('hex');
}

/**
 * What a decision's cache line was read with: this lectern.js and these fold models. The shipped decisions are
 * in lectern.js too, so a new fit reads the pages once more, though the readings never use them.
 */
export function readingBuild(lectern: string, models: unknown): string {
  return createHash('sha256').update(lectern).update(JSON.stringify(models)).digest('hex');
}

/**
 * The cached lines of every corpus (`fileOf(corpus)`), by `corpus/id`, or null when a corpus is missing or was
 * read by another build.
 */
export function readCachedLines<T extends { corpus: string; id: string; build: string }>(
  corpora: readonly Corpus[],
  fileOf: (corpus: string) => string,
  build: string,
): Map<string, T> | null {
  const out = new Map<string, T>();
  for (const corpus of corpora) {
    const file = fileOf(corpus.name);
    if (!existsSync(file)) return null;
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (line === '') continue;
      const cached = JSON.parse(line) as T;
      if (cached.build !== build) return null;
      out.set(`${cached.corpus}/${cached.id}`, cached);
    }
  }
  return out;
}

/**
 * The cached lines that read without error, in the corpora's own page order (the rows' order sets the order of
 * a fit's sums, and so its last digits), each with its page.
 */
export function inCorpusOrder<T extends { error: string | null }>(
  corpora: readonly Corpus[],
  cache: ReadonlyMap<string, T>,
): { corpus: Corpus; page: CorpusPage; cached: T }[] {
  const out: { corpus: Corpus; page: CorpusPage; cached: T }[] = [];
  for (const corpus of corpora) {
    for (const page of corpus.pages) {
      const cached = cache.get(`${corpus.name}/${page.id}`);
      if (cached && !cached.error) out.push({ corpus, page, cached });
    }
  }
  return out;
}

/** A page the page-level fits learn from: where it is, the gold's type for it, and its site (the folds' unit). */
export interface FitPage {
  corpus: string;
  id: string;
  pageType: string | null;
  site: string;
}

export function fitPageOf(corpus: Corpus, page: CorpusPage): FitPage {
  return { corpus: corpus.name, id: page.id, pageType: page.pageType ?? null, site: siteOf(page) };
}

/** Feature values as a cache line keeps them: four decimals, so that a re-read page writes the same line. */
export function roundedFeatures(values: readonly number[]): number[] {
  return values.map((v) => Math.round(v * 1e4) / 1e4);
}

/** A tab's context and the bench's routing for it: one per worker. */
export interface Worker {
  context: BrowserContext;
  routing: Routing;
}

/**
 * Reads every page of `corpora` in PARALLEL tabs with the bench's server and routing, and writes what `read`
 * makes of each page as one JSON line (`{ corpus, id, build, …record }`) of `fileOf(corpus)`, in the order the
 * pages finish. Shared by the segments' collection below and the page decision's (page-choice.ts).
 */
export async function readEveryPage<R extends object>(
  corpora: readonly Corpus[],
  how: { fileOf: (corpus: string) => string; build: string; label: string; progress: Progress },
  read: (worker: Worker, url: string, scripts: Scripts, page: CorpusPage) => Promise<R>,
): Promise<void> {
  const scripts = await readScripts(false);
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    for (const corpus of corpora) {
      const out = createWriteStream(how.fileOf(corpus.name));
      // One context (and routing) per worker: a context lets one main-frame navigation through at a time.
      const workers = await Promise.all(
        Array.from({ length: PARALLEL }, () => benchContext(browser, server.origin)),
      );
      let next = 0;
      let done = 0;
      await Promise.all(
        workers.map(async (worker) => {
          for (let i = next++; i < corpus.pages.length; i = next++) {
            const page = corpus.pages[i] as CorpusPage;
            const url = server.add(corpus.name, page.slug, page.file);
            const record = await read(worker, url, scripts, page);
            out.write(
              `${JSON.stringify({ corpus: corpus.name, id: page.id, build: how.build, ...record })}\n`,
            );
            how.progress.update(`${how.label} ${corpus.name} ${++done}/${corpus.pages.length} ${page.id}`);
          }
        }),
      );
      await Promise.all(workers.map((w) => w.context.close()));
      await new Promise<void>((resolve) => out.end(resolve));
    }
  } finally {
    how.progress.done();
    await browser.close();
    await server.close();
  }
}

export async function collect(
  corpora: readonly Corpus[],
  cacheDir: string,
  progress: Progress,
): Promise<void> {
  mkdirSync(cacheDir, { recursive: true });
  const build = buildHash((await readScripts(false)).lectern);
  await readEveryPage(
    corpora,
    { fileOf: (corpus) => cacheFile(cacheDir, corpus), build, label: 'collect', progress },
    ({ context, routing }, url, scripts) => inspectPage(context, routing, url, scripts),
  );
}

async function inspectPage(
  context: BrowserContext,
  routing: Routing,
  url: string,
  scripts: Scripts,
): Promise<Omit<CachedPage, 'corpus' | 'id' | 'build'>> {
  let tab: Page | null = null;
  try {
    tab = await openPage(context, routing, url, scripts);
    const page = tab;
    const inspection = await withTimeout(
      page.evaluate(() => globalThis.Lectern.inspectSegments(document, null)),
      INSPECT_TIMEOUT_MS,
      'inspectSegments',
    );
    return {
      features: [...inspection.features],
      segments: inspection.segments.map((s) => ({
        t: s.collapsed ? '' : s.text,
        n: s.length,
        f: roundedFeatures(s.features),
      })),
      error: null,
    };
  } catch (error) {
    return { features: [], segments: [], error: errorText(error) };
  } finally {
    await tab?.close();
  }
}
