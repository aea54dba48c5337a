/** What one page's run records (one JSON line each), and the per-corpus numbers the report prints. */
import type { DiagnosticsSummary, ExtractorName } from './measure.ts';
import {
  type GoldOnPage,
  type MetaScore,
  type MetaVerdict,
  type Rate,
  scoreGoldOnPage,
  scoreMeta,
} from './meta.ts';
import {
  bootstrapHalfWidth,
  median,
  type PageOverlap,
  percentile,
  type SnippetCounts,
  scoreSnippets,
  scoreText,
} from './metric.ts';

export interface ExtractorRecord {
  /** Median of the timed calls (ms); null when the extractor failed. */
  ms: number | null;
  runsMs: number[];
  warmupMs: number | null;
  error: string | null;
  /** Length of the text; null when the extractor returned no article. */
  chars: number | null;
  tokens: number;
  /** Against full-text gold. */
  overlap: PageOverlap | null;
  /** Lectern, when it found no article: "Show anyway"'s text against the full-text gold. */
  forcedOverlap?: PageOverlap | null;
  /** Against snippet gold. */
  snippets: SnippetCounts | null;
  diagnostics?: DiagnosticsSummary | null;
  /** Corpora whose gold states a title, author and date (modern-dev): what the extractor gave, and the verdicts. */
  given?: { title: string | null; byline: string | null; published: string | null } | null;
  meta?: MetaVerdict;
}

export interface PageRecord {
  corpus: string;
  id: string;
  url: string;
  /** The page's type, where the corpus gives one (modern-dev). */
  pageType?: string;
  /** Full-text gold: its word tokens (0: no article). Snippet gold: how many of each. */
  gold: { tokens: number } | { with: number; without: number };
  /** Where the gold states metadata: whether the page states it too (the cap on every extractor). */
  goldOnPage?: GoldOnPage;
  lectern: ExtractorRecord;
  readability: ExtractorRecord | null;
  /** Absent from JSON lines written before Defuddle was measured. */
  defuddle?: ExtractorRecord | null;
  /** The page could not be loaded (the extractors then count as having found nothing). */
  loadError: string | null;
  /** Main-frame navigations away from the page that were refused (meta refresh). */
  blockedNavigations: string[];
  /** Which extractor ran first in the page (the run rotates it). */
  first: ExtractorName;
}

export interface ExtractorSummary {
  precision: number | null;
  recall: number | null;
  f1: number | null;
  /** Half-width of the 95% bootstrap interval of F1 (1000 page resamples, seed 1). */
  f1HalfWidth: number | null;
  /** Full-text corpora only. */
  exact: number | null;
  /** From the snippets: the snippet corpora, and a full-text corpus whose pages have some too (modern-dev). */
  accuracy: number | null;
  medianMs: number | null;
  p95Ms: number | null;
  /** Median of the first (warm-up) calls: the cost of a cold call. */
  warmupMedianMs: number | null;
  /** Pages where it returned no article. */
  nulls: number;
  /** Pages where it failed (error, timeout) or the page did not load. */
  errors: number;
}

export interface CorpusSummary {
  name: string;
  kind: 'snippets' | 'text';
  pages: number;
  lectern: ExtractorSummary;
  readability: ExtractorSummary | null;
  defuddle: ExtractorSummary | null;
  /** Full-text corpora: pages whose gold is empty (no article), and how often each extractor returned null. */
  noArticle: {
    pages: number;
    lecternNull: number;
    readabilityNull: number | null;
    defuddleNull: number | null;
  } | null;
  loadErrors: number;
  /** Full-text corpora whose pages have a type (modern-dev): one row per group of types, then 'all'. */
  byType: TypeRow[] | null;
}

/**
 * P, R and F1 over a set of pages, and how many of them fell short, and how. Each page counts once, under the
 * first that fits: empty, else other text, else cut short.
 */
export interface GroupScore {
  precision: number | null;
  recall: number | null;
  f1: number | null;
  /** No text at all (null, nothing but punctuation, an error, or a page that did not load). */
  empty: number;
  /** Text, but mostly not the gold's: page precision < 0.5 (whatever its recall). */
  otherText: number;
  /** Mostly the gold's text, but less than half of it: page precision ≥ 0.5, recall < 0.5. */
  cutShort: number;
  /** Answered wrongly or not at all: no text, or a page F1 below WRONG (gold with text only). */
  wrong: number;
  /** No article returned (null): right on a page without one, a miss on an article. */
  none: number;
}

export interface TypeRow {
  label: string;
  /** Pages per type in the row, e.g. { article: 213, blog: 1 }. */
  types: Record<string, number>;
  pages: number;
  /** A part of the row above it (listing, collection under listing + collection). */
  part: boolean;
  lectern: GroupScore;
  /** Lectern with "Show anyway" taken where it found no article: what a person who asks for the page gets. */
  showAnyway: GroupScore;
  readability: GroupScore | null;
  defuddle: GroupScore | null;
  /**
   * The row's pages are lists of things (listing, collection): a reader should show the list or say there is
   * no article (modern-dev's README), which the report counts per extractor.
   */
  lists: boolean;
  /** Where the gold states metadata (modern-dev): title, author, date and heading agreement. */
  meta: {
    lectern: MetaScore;
    readability: MetaScore | null;
    defuddle: MetaScore | null;
    /** The pages whose gold title, author and date the page states: the most any extractor can agree on. */
    onPage: { title: Rate; author: Rate; date: Rate };
  } | null;
}

/**
 * How the report groups modern-dev's page types (its README lists them). Listings and collections are both
 * "show the listing or say there is no article", so they are scored together, and apart as well. The one
 * blog page is a post like any article. A type missing here gets a row of its own after these.
 */
export const PAGE_TYPE_GROUPS: readonly {
  label: string;
  types: readonly string[];
  part?: boolean;
  lists?: boolean;
}[] = [
  { label: 'article', types: ['article', 'blog'] },
  { label: 'documentation', types: ['documentation'] },
  { label: 'forum', types: ['forum'] },
  { label: 'product', types: ['product'] },
  { label: 'service', types: ['service'] },
  { label: 'listing + collection', types: ['listing', 'collection'], lists: true },
  { label: 'listing', types: ['listing'], part: true, lists: true },
  { label: 'collection', types: ['collection'], part: true, lists: true },
];

/** A page whose precision or recall is below this came out mostly other text, or cut short. */
export const SHORTFALL = 0.5;

/** A page whose F1 is below this was answered wrongly (another text, or a scrap of the right one). */
export const WRONG = 0.2;

/** Whether a page with gold text came out empty or wrong (F1 < WRONG); never for a page without gold text. */
export function answeredWrongly(page: PageOverlap): boolean {
  if (page.recall === null) return false;
  if (page.precision === null) return true;
  const f1 =
    page.precision + page.recall === 0
      ? 0
      : (2 * page.precision * page.recall) / (page.precision + page.recall);
  return f1 < WRONG;
}

export type Shortfall = 'empty' | 'other text' | 'cut short';

/** How a page fell short of its gold, if it did (see GroupScore). A page without gold text is never cut short. */
export function shortfall(page: PageOverlap): Shortfall | null {
  if (page.precision === null) return 'empty';
  if (page.precision < SHORTFALL) return 'other text';
  if (page.recall !== null && page.recall < SHORTFALL) return 'cut short';
  return null;
}

const BOOTSTRAP = { rounds: 1000, seed: 1, level: 0.95 };

function summarizeExtractor(
  records: readonly PageRecord[],
  kind: 'snippets' | 'text',
  which: ExtractorName,
): ExtractorSummary | null {
  const runs = records.map((record) => record[which]);
  if (runs.some((run) => run === null || run === undefined)) return null;
  const present = runs as ExtractorRecord[];
  const times = present.flatMap((run) => (run.ms === null ? [] : [run.ms]));
  const warmups = present.flatMap((run) => (run.warmupMs === null ? [] : [run.warmupMs]));
  const timing = {
    medianMs: median(times),
    p95Ms: percentile(times, 0.95),
    warmupMedianMs: median(warmups),
    nulls: present.filter((run) => run.chars === null).length,
    // A page that failed to load counts against every extractor.
    errors: records.filter((record) => record.loadError !== null || record[which]?.error).length,
  };
  if (kind === 'snippets') {
    const counts = present.map((run) => run.snippets ?? { tp: 0, fp: 0, fn: 0, tn: 0 });
    const score = scoreSnippets(counts);
    return {
      precision: score.precision,
      recall: score.recall,
      f1: score.f1,
      f1HalfWidth: bootstrapHalfWidth(counts, (sample) => scoreSnippets(sample).f1, BOOTSTRAP),
      exact: null,
      accuracy: score.accuracy,
      ...timing,
    };
  }
  const overlaps = present.flatMap((run) => (run.overlap ? [run.overlap] : []));
  const score = scoreText(overlaps);
  const snippets = present.flatMap((run) => (run.snippets ? [run.snippets] : []));
  return {
    precision: score.precision,
    recall: score.recall,
    f1: score.f1,
    f1HalfWidth: bootstrapHalfWidth(overlaps, (sample) => scoreText(sample).f1, BOOTSTRAP),
    exact: score.exact,
    accuracy:
      snippets.length > 0 && snippets.length === present.length ? scoreSnippets(snippets).accuracy : null,
    ...timing,
  };
}

/** P, R, F1 and the shortfall counts over some pages' overlaps with their full-text gold. */
export function groupScore(overlaps: readonly PageOverlap[]): GroupScore {
  const score = scoreText(overlaps);
  const verdicts = overlaps.map(shortfall);
  const count = (which: Shortfall) => verdicts.filter((verdict) => verdict === which).length;
  return {
    precision: score.precision,
    recall: score.recall,
    f1: score.f1,
    empty: count('empty'),
    otherText: count('other text'),
    cutShort: count('cut short'),
    wrong: overlaps.filter(answeredWrongly).length,
    none: overlaps.filter((page) => page.precision === null).length,
  };
}

const typeOf = (record: PageRecord): string => record.pageType ?? '(none)';

function typeRow(
  group: { label: string; part: boolean; lists: boolean },
  records: readonly PageRecord[],
  peers: Peers,
): TypeRow {
  const { label, part, lists } = group;
  const types: Record<string, number> = {};
  for (const record of records) {
    const type = typeOf(record);
    types[type] = (types[type] ?? 0) + 1;
  }
  const score = (which: ExtractorName) =>
    groupScore(records.flatMap((record) => (record[which]?.overlap ? [record[which].overlap] : [])));
  const shown = groupScore(
    records.flatMap((record) => {
      const overlap = record.lectern.forcedOverlap ?? record.lectern.overlap;
      return overlap ? [overlap] : [];
    }),
  );
  const meta = (which: ExtractorName) =>
    scoreMeta(records.flatMap((record) => (record[which]?.meta ? [record[which].meta] : [])));
  return {
    label,
    types,
    pages: records.length,
    part,
    lectern: score('lectern'),
    showAnyway: shown,
    readability: peers.readability ? score('readability') : null,
    defuddle: peers.defuddle ? score('defuddle') : null,
    lists,
    meta: records.some((record) => record.lectern.meta)
      ? {
          lectern: meta('lectern'),
          readability: peers.readability ? meta('readability') : null,
          defuddle: peers.defuddle ? meta('defuddle') : null,
          onPage: scoreGoldOnPage(
            records.flatMap((record) => (record.goldOnPage ? [record.goldOnPage] : [])),
          ),
        }
      : null,
  };
}

/** Which of the other extractors ran on every page of a set (a row only shows one that did). */
interface Peers {
  readability: boolean;
  defuddle: boolean;
}

function peersOf(records: readonly PageRecord[]): Peers {
  const ran = (which: 'readability' | 'defuddle') =>
    records.every((record) => record[which] !== null && record[which] !== undefined);
  return { readability: ran('readability'), defuddle: ran('defuddle') };
}

/**
 * The per-type rows: PAGE_TYPE_GROUPS in order (a group with no page left out), then any other type, then
 * 'all'. Null when no page has a type.
 */
export function summarizeByType(records: readonly PageRecord[]): TypeRow[] | null {
  if (!records.some((record) => record.pageType !== undefined)) return null;
  const peers = peersOf(records);
  const rows: TypeRow[] = [];
  for (const group of PAGE_TYPE_GROUPS) {
    // Type by type, so the row lists its types in the group's order (article, then blog).
    const members = group.types.flatMap((type) => records.filter((record) => typeOf(record) === type));
    const kind = { label: group.label, part: group.part === true, lists: group.lists === true };
    if (members.length > 0) rows.push(typeRow(kind, members, peers));
  }
  const grouped = new Set(PAGE_TYPE_GROUPS.flatMap((group) => group.types));
  const others = [...new Set(records.map(typeOf))].filter((type) => !grouped.has(type)).sort();
  for (const type of others) {
    const members = records.filter((record) => typeOf(record) === type);
    rows.push(typeRow({ label: type, part: false, lists: false }, members, peers));
  }
  rows.push(typeRow({ label: 'all', part: false, lists: false }, records, peers));
  return rows;
}

export function summarizeCorpus(
  name: string,
  kind: 'snippets' | 'text',
  records: readonly PageRecord[],
): CorpusSummary {
  const lectern = summarizeExtractor(records, kind, 'lectern');
  if (!lectern) throw new Error('every page has a Lectern record');
  const empty = records.filter((record) => 'tokens' in record.gold && record.gold.tokens === 0);
  const readability = summarizeExtractor(records, kind, 'readability');
  const defuddle = summarizeExtractor(records, kind, 'defuddle');
  const nulls = (which: ExtractorName) => empty.filter((record) => record[which]?.chars === null).length;
  return {
    name,
    kind,
    pages: records.length,
    lectern,
    readability,
    defuddle,
    noArticle:
      kind === 'text' && empty.length > 0
        ? {
            pages: empty.length,
            lecternNull: nulls('lectern'),
            readabilityNull: readability ? nulls('readability') : null,
            defuddleNull: defuddle ? nulls('defuddle') : null,
          }
        : null,
    loadErrors: records.filter((record) => record.loadError !== null).length,
    byType: kind === 'text' ? summarizeByType(records) : null,
  };
}

/** The running F1 the progress line shows, without the bootstrap. */
export function quickF1(
  records: readonly PageRecord[],
  kind: 'snippets' | 'text',
  which: ExtractorName,
): number | null {
  const runs = records.flatMap((record) => {
    const run = record[which];
    return run ? [run] : [];
  });
  if (kind === 'snippets')
    return scoreSnippets(runs.flatMap((run) => (run.snippets ? [run.snippets] : []))).f1;
  return scoreText(runs.flatMap((run) => (run.overlap ? [run.overlap] : []))).f1;
}
