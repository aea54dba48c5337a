/**
 * The fixtures' hand-written truth (fixtures/pages/<slug>/expected.json) and the check of an extracted Article
 * against it. Shared by e2e/extractor/fixtures.spec.ts and scripts/fixture-update.ts.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Article, ArticleKind, TextDirection } from '../../src/types.ts';
import { FIXTURES } from './paths.ts';

/** expected.json. A key left out is not checked; `null` means the Article's field must be null. */
export interface FixtureTruth {
  url: string;
  /** false: extract() must return null (no article on this page). */
  article: boolean;
  title?: string;
  byline?: string | null;
  siteName?: string | null;
  published?: string | null;
  lang?: string | null;
  dir?: TextDirection;
  /** What kind of page it is; left out: 'article' (every fixture is checked for it). */
  kind?: ArticleKind;
  /** A thread's posts (or a listing's items): Article.records. */
  records?: number;
  /** Snippets that must appear in article.text (whitespace collapsed on both sides). */
  mustInclude?: string[];
  /** Snippets that must not appear in article.text. */
  mustExclude?: string[];
  minWords?: number;
  /** Exact reading minutes, worked out by hand from the letters in expected.html and the language's rate. */
  readingMinutes?: number;
  /** Absolute URLs that must each be the src of an <img> in article.content (lazy images resolved). */
  images?: string[];
  /** Of a page without an article: what "Show anyway" (`extract` with `force`) must give. */
  shownAnyway?: ShownAnyway;
}

/** The text a person gets from the "no article" notice's Show anyway button. */
export interface ShownAnyway {
  kind: ArticleKind;
  mustInclude: string[];
  mustExclude?: string[];
}

/** Every fixture folder, sorted. */
export function listFixtures(): string[] {
  return readdirSync(FIXTURES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

export function fixtureFile(
  slug: string,
  name: 'source.html' | 'expected.json' | 'expected.html' | 'expected.md',
): string {
  return path.join(FIXTURES, slug, name);
}

export function readTruth(slug: string): FixtureTruth {
  return JSON.parse(readFileSync(fixtureFile(slug, 'expected.json'), 'utf8')) as FixtureTruth;
}

/** expected.html, or null when the fixture has none yet. */
export function readExpectedHtml(slug: string): string | null {
  const file = fixtureFile(slug, 'expected.html');
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The ways the forced extraction departs from `shownAnyway`, one readable line each; empty when it matches. */
export function checkShownAnyway(forced: Article | null, truth: ShownAnyway): string[] {
  if (!forced) return ['Show anyway gave nothing'];
  const problems: string[] = [];
  if (forced.kind !== truth.kind) problems.push(`kind: expected ${truth.kind}, got ${forced.kind}`);
  const text = squash(forced.text);
  for (const snippet of truth.mustInclude) {
    if (!text.includes(squash(snippet))) problems.push(`Show anyway lacks "${snippet}"`);
  }
  for (const snippet of truth.mustExclude ?? []) {
    if (text.includes(squash(snippet))) problems.push(`Show anyway contains "${snippet}"`);
  }
  return problems;
}

/** The ways `article` departs from the truth, one readable line each; empty when it matches. */
export function checkArticle(article: Article | null, truth: FixtureTruth): string[] {
  if (!truth.article) {
    return article ? [`expected no article, got "${article.title}" (${article.wordCount} words)`] : [];
  }
  if (!article) return ['expected an article, got null'];
  const problems: string[] = [];
  const fields = ['title', 'byline', 'siteName', 'published', 'lang', 'dir'] as const;
  for (const field of fields) {
    const want = truth[field];
    if (want !== undefined && article[field] !== want) {
      problems.push(`${field}: expected ${JSON.stringify(want)}, got ${JSON.stringify(article[field])}`);
    }
  }
  const kind = truth.kind ?? 'article';
  if (article.kind !== kind) problems.push(`kind: expected ${kind}, got ${article.kind}`);
  if (truth.records !== undefined && article.records !== truth.records) {
    problems.push(`records: expected ${truth.records}, got ${article.records}`);
  }
  if (truth.readingMinutes !== undefined && article.readingMinutes !== truth.readingMinutes) {
    problems.push(`readingMinutes: expected ${truth.readingMinutes}, got ${article.readingMinutes}`);
  }
  const text = squash(article.text);
  for (const snippet of truth.mustInclude ?? []) {
    if (!text.includes(squash(snippet))) problems.push(`text lacks "${snippet}"`);
  }
  for (const snippet of truth.mustExclude ?? []) {
    if (text.includes(squash(snippet))) problems.push(`text contains "${snippet}"`);
  }
  if (truth.minWords !== undefined && article.wordCount < truth.minWords) {
    problems.push(`wordCount: expected at least ${truth.minWords}, got ${article.wordCount}`);
  }
  const sources = new Set(Array.from(article.content.matchAll(/<img\b[^>]*?\ssrc="([^"]*)"/g), (m) => m[1]));
  for (const image of truth.images ?? []) {
    if (!sources.has(image)) problems.push(`content has no <img src="${image}">`);
  }
  return problems;
}
