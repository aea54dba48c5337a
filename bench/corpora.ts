/**
 * The corpora the benchmark reads (read-only), and what counts as the truth in each:
 *
 * - a snippet corpus: a folder with gold.json (`{id: {file, with, without}}`), Trafilatura's evaluation set;
 * - a folder corpus: one folder per page with source.html, and expected.html whose text is the gold
 *   (readability-test-pages: Readability's own output, so this measures agreement with Readability; this repo's
 *   fixtures/pages: the reviewed output). A page whose expected.json says `"article": false` has an empty gold.
 * - a typed corpus: html/<id>.html.gz (gzip, UTF-8) and gold.json (`{id: {articleBody, page_type, with,
 *   without, …}}`), the modern-dev set: plain-text gold, the page's type, and must / must-not snippets.
 */
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { FIXTURES, ROOT } from '../e2e/support/paths.ts';
import type { GoldMeta } from './meta.ts';

export type Gold =
  | { kind: 'snippets'; with: string[]; without: string[] }
  /** `html` null: the page has no article, so the gold text is empty and returning nothing is right. */
  | { kind: 'text'; html: string | null }
  /**
   * The gold as plain text (modern-dev's articleBody, paragraphs on lines of their own), scored like 'text';
   * its snippets are counted too, for the accuracy column.
   */
  | { kind: 'plain'; text: string; with: string[]; without: string[]; meta: GoldMeta };

export interface CorpusPage {
  /** The name the page goes by in the corpus: the gold.json key, or the folder name. */
  id: string;
  /** The URL path segment the page is served under: safe in a URL, unique in the corpus. */
  slug: string;
  /** The page's HTML file; a name ending in .gz is gzipped (the server inflates it). */
  file: string;
  gold: Gold;
  /** What kind of page it is, where the corpus says (modern-dev: article, forum, product …). */
  pageType?: string;
  /** The address the page was saved from, where the corpus says: its site groups the fit's folds (fit/). */
  sourceUrl?: string;
}

export interface Corpus {
  /** Short name for tables and file names. */
  name: string;
  dir: string;
  /** How it is scored: 'text' by shingles against a full-text gold (expected.html or plain text). */
  kind: 'snippets' | 'text';
  /**
   * 'fixtures' pages are served at https://news.test/<slug>/ as e2e does (their relative images and absolute
   * URLs are written for that origin); every other corpus comes from the local HTTP server.
   */
  origin: 'server' | 'fixtures';
  pages: CorpusPage[];
  /** Folders that were left out, with why (e.g. no expected.html). */
  skipped: string[];
}

/** The shared data sits next to the repository (../shared/data); the fixtures are in it. */
export const SHARED_DATA = path.resolve(ROOT, '..', 'shared', 'data');
export const DEFAULT_CORPORA = [
  path.join(SHARED_DATA, 'trafilatura-dev'),
  path.join(SHARED_DATA, 'readability-test-pages'),
  path.join(SHARED_DATA, 'modern-dev'),
  FIXTURES,
];

const inflate = promisify(gunzip);

/** A page file's bytes as served: a name ending in .gz (modern-dev's html/NNNN.html.gz) is inflated. */
export async function readPageFile(file: string): Promise<Buffer> {
  const body = await readFile(file);
  return file.endsWith('.gz') ? inflate(body) : body;
}

function sameDir(a: string, b: string): boolean {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return false;
  }
}

export function loadCorpus(dir: string): Corpus {
  const resolved = path.resolve(dir);
  if (!existsSync(resolved) || !statSync(resolved).isDirectory()) {
    const hint = resolved.startsWith(SHARED_DATA)
      ? ` The benchmark expects the shared data next to the repository, as ${path.relative(process.cwd(), SHARED_DATA) || SHARED_DATA} (trafilatura-dev/, readability-test-pages/, modern-dev/); pass --corpus <path> to read another folder.`
      : '';
    throw new Error(`corpus not found: ${resolved}.${hint}`);
  }
  const goldFile = path.join(resolved, 'gold.json');
  if (existsSync(goldFile)) {
    const gold = JSON.parse(readFileSync(goldFile, 'utf8')) as Record<string, unknown>;
    const typed = Object.values(gold).some(
      (entry) => typeof entry === 'object' && entry !== null && 'articleBody' in entry,
    );
    return typed
      ? loadTypedCorpus(resolved, gold as Record<string, TypedGoldEntry>)
      : loadSnippetCorpus(resolved, gold as Record<string, GoldEntry>);
  }
  return loadFolderCorpus(resolved);
}

interface GoldEntry {
  file: string;
  url?: string;
  with: string[];
  without: string[];
}

function loadSnippetCorpus(dir: string, gold: Record<string, GoldEntry>): Corpus {
  const pages: CorpusPage[] = [];
  const skipped: string[] = [];
  const slugs = new Set<string>();
  for (const [id, entry] of Object.entries(gold)) {
    const file = path.join(dir, entry.file);
    if (!existsSync(file)) {
      skipped.push(`${id}: ${entry.file} is missing`);
      continue;
    }
    // The ids are URLs; the file names are unique and readable, so they make the URL path.
    let slug = path
      .basename(entry.file)
      .replace(/\.html?$/i, '')
      .replace(/[^\w.-]+/g, '_');
    while (slugs.has(slug)) slug += '_';
    slugs.add(slug);
    pages.push({
      id,
      slug,
      file,
      gold: { kind: 'snippets', with: entry.with, without: entry.without },
      ...(typeof entry.url === 'string' ? { sourceUrl: entry.url } : {}),
    });
  }
  return { name: path.basename(dir), dir, kind: 'snippets', origin: 'server', pages, skipped };
}

function loadFolderCorpus(dir: string): Corpus {
  const fixtures = sameDir(dir, FIXTURES);
  const pages: CorpusPage[] = [];
  const skipped: string[] = [];
  const folders = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  for (const name of folders) {
    const folder = path.join(dir, name);
    const file = path.join(folder, 'source.html');
    if (!existsSync(file)) {
      skipped.push(`${name}: no source.html`);
      continue;
    }
    const expectedHtml = path.join(folder, 'expected.html');
    const expectedJson = path.join(folder, 'expected.json');
    const noArticle =
      existsSync(expectedJson) &&
      (JSON.parse(readFileSync(expectedJson, 'utf8')) as { article?: boolean }).article === false;
    if (noArticle) {
      pages.push({ id: name, slug: encodeURIComponent(name), file, gold: { kind: 'text', html: null } });
    } else if (existsSync(expectedHtml)) {
      const html = readFileSync(expectedHtml, 'utf8');
      pages.push({ id: name, slug: encodeURIComponent(name), file, gold: { kind: 'text', html } });
    } else {
      skipped.push(`${name}: no expected.html`);
    }
  }
  return {
    name: fixtures ? 'fixtures' : path.basename(dir),
    dir,
    kind: 'text',
    origin: fixtures ? 'fixtures' : 'server',
    pages,
    skipped,
  };
}

/** modern-dev's gold.json entry. */
interface TypedGoldEntry {
  articleBody?: unknown;
  title?: unknown;
  author?: unknown;
  published?: unknown;
  url?: unknown;
  page_type?: unknown;
  with?: unknown;
  without?: unknown;
}

const stringOrNull = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/**
 * The page of `id` is html/<id>.html.gz (or html/<id>.html); ids sort as they are numbered (0001, 0003 …), so
 * --limit takes the same pages every time. An entry without a string articleBody or page_type is left out.
 */
function loadTypedCorpus(dir: string, gold: Record<string, TypedGoldEntry>): Corpus {
  const pages: CorpusPage[] = [];
  const skipped: string[] = [];
  for (const id of Object.keys(gold).sort()) {
    const entry = gold[id] ?? {};
    if (typeof entry.articleBody !== 'string' || typeof entry.page_type !== 'string') {
      skipped.push(`${id}: no articleBody or page_type in gold.json`);
      continue;
    }
    const file = [`${id}.html.gz`, `${id}.html`]
      .map((name) => path.join(dir, 'html', name))
      .find((candidate) => existsSync(candidate));
    if (!file) {
      skipped.push(`${id}: html/${id}.html.gz is missing`);
      continue;
    }
    pages.push({
      id,
      slug: encodeURIComponent(id),
      file,
      gold: {
        kind: 'plain',
        text: entry.articleBody,
        with: strings(entry.with),
        without: strings(entry.without),
        meta: {
          title: stringOrNull(entry.title),
          author: stringOrNull(entry.author),
          published: stringOrNull(entry.published),
        },
      },
      pageType: entry.page_type,
      ...(typeof entry.url === 'string' ? { sourceUrl: entry.url } : {}),
    });
  }
  return { name: path.basename(dir), dir, kind: 'text', origin: 'server', pages, skipped };
}
