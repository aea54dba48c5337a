/**
 * The segments of every corpus page as the extractor sees them (src/inspect.ts): text, length and feature
 * vector, read in headless Chromium with page JavaScript off, as the bench reads pages. One JSON line per
 * page in fit/cache/<corpus>.jsonl; the fit reads these instead of loading a thousand pages again.
 */
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import type { Progress } from '../bench/cli.ts';
import type { Corpus, CorpusPage } from '../bench/corpora.ts';
import { errorText, injectScripts, readScripts, withTimeout } from '../bench/measure.ts';
import { benchContext, type Routing, startServer } from '../bench/serve.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/index.ts';

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
  features: string[];
  segments: CachedSegment[];
  error: string | null;
}

const LOAD_TIMEOUT_MS = 30_000;
const INSPECT_TIMEOUT_MS = 60_000;
/** Two tabs at a time: the machine has two cores, and a page's work is mostly in its renderer. */
const PARALLEL = 2;

export function cacheFile(cacheDir: string, corpus: string): string {
  return path.join(cacheDir, `${corpus}.jsonl`);
}

export async function collect(
  corpora: readonly Corpus[],
  cacheDir: string,
  progress: Progress,
): Promise<void> {
  mkdirSync(cacheDir, { recursive: true });
  const scripts = await readScripts(false);
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
  });
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
            const record = await inspectPage(await context.newPage(), routing, url, scripts.lectern);
            out.write(`${JSON.stringify({ corpus: corpus.name, id: page.id, ...record })}\n`);
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
  tab: Page,
  routing: Routing,
  url: string,
  lectern: string,
): Promise<Omit<CachedPage, 'corpus' | 'id'>> {
  try {
    routing.expect(url);
    try {
      await tab.goto(url, { waitUntil: 'load', timeout: LOAD_TIMEOUT_MS });
    } catch (error) {
      if (!/Timeout/i.test(errorText(error))) throw error;
    }
    await injectScripts(tab, { lectern, lecternBuilt: new Date(), readability: null });
    const inspection = await withTimeout(
      tab.evaluate(() => globalThis.Lectern.inspectSegments(document, null)),
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
    await tab.close();
  }
}
