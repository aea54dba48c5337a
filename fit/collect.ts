/**
 * The segments of every corpus page as the extractor sees them (src/inspect.ts): text, length and feature
 * vector, read in headless Chromium with page JavaScript off, as the bench reads pages. One JSON line per
 * page in fit/cache/<corpus>.jsonl; the fit reads these instead of loading a thousand pages again.
 */
import { createHash } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import type { Progress } from '../bench/cli.ts';
import type { Corpus, CorpusPage } from '../bench/corpora.ts';
import { errorText, readScripts, type Scripts, withTimeout } from '../bench/measure.ts';
import { openPage } from '../bench/page-run.ts';
import { benchContext, launchBrowser, type Routing, startServer } from '../bench/serve.ts';

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
        f: s.features.map((v) => Math.round(v * 1e4) / 1e4),
      })),
      error: null,
    };
  } catch (error) {
    return { features: [], segments: [], error: errorText(error) };
  } finally {
    await tab?.close();
  }
}
