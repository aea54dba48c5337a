/** What one page's run records (one JSON line each), and the per-corpus numbers the report prints. */
import type { DiagnosticsSummary, ExtractorName } from './measure.ts';
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
  /** Against snippet gold. */
  snippets: SnippetCounts | null;
  diagnostics?: DiagnosticsSummary | null;
}

export interface PageRecord {
  corpus: string;
  id: string;
  url: string;
  /** Full-text gold: its word tokens (0: no article). Snippet gold: how many of each. */
  gold: { tokens: number } | { with: number; without: number };
  lectern: ExtractorRecord;
  readability: ExtractorRecord | null;
  /** The page could not be loaded (the extractors then count as having found nothing). */
  loadError: string | null;
  /** Main-frame navigations away from the page that were refused (meta refresh). */
  blockedNavigations: string[];
  /** Which extractor ran first in the page (the run alternates it). */
  first: 'lectern' | 'readability';
}

export interface ExtractorSummary {
  precision: number | null;
  recall: number | null;
  f1: number | null;
  /** Half-width of the 95% bootstrap interval of F1 (1000 page resamples, seed 1). */
  f1HalfWidth: number | null;
  /** Full-text corpora only. */
  exact: number | null;
  /** Snippet corpora only. */
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
  /** Full-text corpora: pages whose gold is empty (no article), and how often each extractor returned null. */
  noArticle: { pages: number; lecternNull: number; readabilityNull: number | null } | null;
  loadErrors: number;
}

const BOOTSTRAP = { rounds: 1000, seed: 1, level: 0.95 };

function summarizeExtractor(
  records: readonly PageRecord[],
  kind: 'snippets' | 'text',
  which: ExtractorName,
): ExtractorSummary | null {
  const runs = records.map((record) => record[which]);
  if (runs.some((run) => run === null)) return null;
  const present = runs as ExtractorRecord[];
  const times = present.flatMap((run) => (run.ms === null ? [] : [run.ms]));
  const warmups = present.flatMap((run) => (run.warmupMs === null ? [] : [run.warmupMs]));
  const timing = {
    medianMs: median(times),
    p95Ms: percentile(times, 0.95),
    warmupMedianMs: median(warmups),
    nulls: present.filter((run) => run.chars === null).length,
    // A page that failed to load counts against both extractors.
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
  return {
    precision: score.precision,
    recall: score.recall,
    f1: score.f1,
    f1HalfWidth: bootstrapHalfWidth(overlaps, (sample) => scoreText(sample).f1, BOOTSTRAP),
    exact: score.exact,
    accuracy: null,
    ...timing,
  };
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
  return {
    name,
    kind,
    pages: records.length,
    lectern,
    readability,
    noArticle:
      kind === 'text' && empty.length > 0
        ? {
            pages: empty.length,
            lecternNull: empty.filter((record) => record.lectern.chars === null).length,
            readabilityNull: readability
              ? empty.filter((record) => record.readability?.chars === null).length
              : null,
          }
        : null,
    loadErrors: records.filter((record) => record.loadError !== null).length,
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
