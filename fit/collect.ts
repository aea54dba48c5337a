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

export async function collect(
  corpora: readonly Corpus[],
  cacheDir: string,
  progress: Progress,
): Promise<void> {
  mkdirSync(cacheDir, { recursive: true });
  const scripts = await readScripts(false);
  const server = await startServer();
  const browser = await launchBrowser();
  const build = buildHash(scripts.lectern);
  try {
    for (const corpus of corpora) {
      const out = createWriteStream(cacheFile(cacheDir, corpus.name));
      // One context (and routing) per worker: a context lets one main-frame navigation through at a time.
      const workers = await Promise.all(
        Array.from({ length: PARALLEL }, () => benchContext(browser, server.origin)),
      );
      let next = 0;
      let done = 0;
      await Promise.all(
        workers.map(async ({ context, routing }) => {
          for (let i = next++; i < corpus.pages.length; i = next++) {
            const page = corpus.pages[i] as CorpusPage;
            const url = server.add(corpus.name, page.slug, page.file);
            const record = await inspectPage(context, routing, url, scripts);
            out.write(`${JSON.stringify({ corpus: corpus.name, id: page.id, build, ...record })}\n`);
            progress.update(`collect ${corpus.name} ${++done}/${corpus.pages.length} ${page.id}`);
          }
        }),
      );
      await Promise.all(workers.map((w) => w.context.close()));
      await new Promise<void>((resolve) => out.end(resolve));
    }
  } finally {
    progress.done();
    await browser.close();
    await server.close();
  }
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
