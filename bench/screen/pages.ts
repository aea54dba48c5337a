/**
 * The pages the screen timing opens: the bench's corpora (bench/corpora.ts, read-only), a deterministic sample of
 * each, and where each page is served. modern-dev (html/NNNN.html.gz, gold.json with page_type) is read here if
 * loadCorpus can't read it (it could not when this was written), and any .gz page is unzipped to a temp folder,
 * so the page is served as HTML whether or not the bench server inflates it.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { FIXTURES } from '../../e2e/support/paths.ts';
import { DEFAULT_CORPORA, loadCorpus, SHARED_DATA } from '../corpora.ts';

export interface TimedPage {
  corpus: string;
  /** The corpus's own name for the page (gold.json key or folder). */
  id: string;
  /** URL-safe, unique in the corpus. */
  slug: string;
  file: string;
  /** modern-dev's page_type; null elsewhere. */
  pageType: string | null;
}

export interface TimedCorpus {
  name: string;
  dir: string;
  /** 'fixtures' pages are served at https://news.test/<slug>/ with the files beside them, as e2e does. */
  origin: 'server' | 'fixtures';
  /** Every page of the corpus, in the corpus's order. */
  all: TimedPage[];
  /** The ones measured. */
  pages: TimedPage[];
  /** Every k-th page was taken (1: all). */
  every: number;
  /** Pages the loader left out, with why; and how this corpus was read, if not by loadCorpus. */
  skipped: string[];
  note: string | null;
}

export const MODERN_DEV = path.join(SHARED_DATA, 'modern-dev');
/** The dev corpora and the fixtures (last, the smallest): what the screen timing covers by default. */
export const SCREEN_CORPORA = [
  ...new Set([...DEFAULT_CORPORA.filter((dir) => dir !== FIXTURES), MODERN_DEV, FIXTURES]),
];

/**
 * Corpora this small are always measured whole: the fixtures are the reference set (15 pages), and a sample of
 * two or three pages says nothing.
 */
export const WHOLE_BELOW = 40;

interface ModernGold {
  page_type?: string;
}

function typeOf(page: object): string | null {
  const type = (page as { pageType?: unknown }).pageType;
  return typeof type === 'string' ? type : null;
}

function readGold(dir: string): Record<string, ModernGold> | null {
  const file = path.join(dir, 'gold.json');
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, ModernGold>;
}

/** modern-dev as its README describes it, for when bench/corpora.ts does not read it (yet). */
function loadGzipCorpus(dir: string): { pages: TimedPage[]; skipped: string[] } {
  const gold = readGold(dir) ?? {};
  const name = path.basename(dir);
  const pages: TimedPage[] = [];
  const skipped: string[] = [];
  for (const id of Object.keys(gold).sort()) {
    const file = path.join(dir, 'html', `${id}.html.gz`);
    if (!existsSync(file)) {
      skipped.push(`${id}: html/${id}.html.gz is missing`);
      continue;
    }
    pages.push({
      corpus: name,
      id,
      slug: id.replace(/[^\w.-]+/g, '_'),
      file,
      pageType: gold[id]?.page_type ?? null,
    });
  }
  return { pages, skipped };
}

export function loadTimedCorpus(dir: string, every: number): TimedCorpus {
  const resolved = path.resolve(dir);
  let pages: TimedPage[];
  let skipped: string[];
  let note: string | null = null;
  let name = path.basename(resolved);
  let origin: TimedCorpus['origin'] = 'server';
  const gzipped = existsSync(path.join(resolved, 'html')) && existsSync(path.join(resolved, 'gold.json'));
  try {
    const corpus = loadCorpus(resolved);
    const gold = readGold(resolved);
    name = corpus.name;
    origin = corpus.origin;
    skipped = corpus.skipped;
    pages = corpus.pages.map((page) => ({
      corpus: corpus.name,
      id: page.id,
      slug: page.slug,
      file: page.file,
      // bench/corpora.ts may carry the type itself; gold.json's page_type otherwise.
      pageType: typeOf(page) ?? gold?.[page.id]?.page_type ?? null,
    }));
  } catch (error) {
    if (!gzipped) throw error;
    ({ pages, skipped } = loadGzipCorpus(resolved));
    note = `read by bench/screen/pages.ts (bench/corpora.ts: ${error instanceof Error ? error.message.split('\n')[0] : String(error)})`;
  }
  const step = pages.length < WHOLE_BELOW ? 1 : Math.max(1, every);
  return {
    name,
    dir: resolved,
    origin,
    all: pages,
    // Every k-th page from the first: deterministic, spread over the corpus's own order (ids, folder names).
    pages: pages.filter((_, index) => index % step === 0),
    every: step,
    skipped,
    note,
  };
}

/**
 * The HTML file to serve for a page: itself, or for a .gz page its text unzipped into `scratch` (the bench
 * server sends a file's bytes as they are, with charset=utf-8).
 */
export function servableFile(page: TimedPage, scratch: string): string {
  if (!page.file.endsWith('.gz')) return page.file;
  const folder = path.join(scratch, page.corpus);
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `${page.slug}.html`);
  if (!existsSync(file)) writeFileSync(file, gunzipSync(readFileSync(page.file)));
  return file;
}
