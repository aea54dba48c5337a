/**
 * The benchmark's scoring, pure arithmetic so Vitest can check it (bench/metric.test.ts).
 *
 * Full-text gold (readability-test-pages, fixtures): word tokens, multisets of 4-token shingles, precision and
 * recall per page, averaged over pages. Shingles rather than a bag of words so that text in the wrong order, or a
 * paragraph repeated, costs something; a multiset so that a repeated paragraph is counted as often as it occurs.
 *
 * Snippet gold (trafilatura-dev): the metric of Trafilatura's tests/evaluate.py as restated in the corpus README:
 * whitespace-normalised substring matching, counts summed over all snippets (micro average).
 */

/**
 * Word tokens: maximal runs of Unicode letters and digits, lower-cased. Punctuation, whitespace and markup
 * differences between the extractors' text serialisations then don't count. A script written without spaces
 * (Chinese, Japanese) makes a run per stretch between punctuation marks, so those pages score by phrase.
 */
export function tokenize(text: string | null | undefined): string[] {
  if (!text) return [];
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

export const SHINGLE_SIZE = 4;

/**
 * The multiset of n-token shingles as shingle → count. A text with fewer than n tokens (but some) is one shingle
 * of what it has, so a short caption still counts; no tokens, no shingles. Tokens never contain a space, so a
 * space-joined key is unambiguous.
 */
export function shingles(tokens: readonly string[], size = SHINGLE_SIZE): Map<string, number> {
  const bag = new Map<string, number>();
  if (tokens.length === 0) return bag;
  if (tokens.length < size) {
    bag.set(tokens.join(' '), 1);
    return bag;
  }
  for (let i = 0; i + size <= tokens.length; i++) {
    const key = tokens.slice(i, i + size).join(' ');
    bag.set(key, (bag.get(key) ?? 0) + 1);
  }
  return bag;
}

function size(bag: Map<string, number>): number {
  let total = 0;
  for (const count of bag.values()) total += count;
  return total;
}

/** One page against its gold. `precision` is null when nothing was predicted, `recall` when the gold is empty. */
export interface PageOverlap {
  precision: number | null;
  recall: number | null;
  /** The token sequences are equal (both empty counts: "no article" rightly found nothing). */
  exact: boolean;
  predictedTokens: number;
  goldTokens: number;
}

export function overlap(predicted: string | null | undefined, gold: string | null | undefined): PageOverlap {
  const p = tokenize(predicted);
  const g = tokenize(gold);
  const pBag = shingles(p);
  const gBag = shingles(g);
  let common = 0;
  for (const [key, count] of pBag) common += Math.min(count, gBag.get(key) ?? 0);
  const pSize = size(pBag);
  const gSize = size(gBag);
  return {
    precision: pSize === 0 ? null : common / pSize,
    recall: gSize === 0 ? null : common / gSize,
    exact: p.length === g.length && p.every((token, i) => token === g[i]),
    predictedTokens: p.length,
    goldTokens: g.length,
  };
}

export interface TextScore {
  /** Mean precision over pages with a non-empty prediction; null when there are none. */
  precision: number | null;
  /** Mean recall over pages with a non-empty gold; null when there are none. */
  recall: number | null;
  /** Harmonic mean of the two means (macro P and R first, then F1). */
  f1: number | null;
  /** Share of all pages whose token sequence equals the gold's. */
  exact: number | null;
  pages: number;
}

function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let total = 0;
  for (const value of values) total += value;
  return total / values.length;
}

export function harmonic(a: number | null, b: number | null): number | null {
  if (a === null || b === null) return null;
  return a + b === 0 ? 0 : (2 * a * b) / (a + b);
}

export function scoreText(pages: readonly PageOverlap[]): TextScore {
  const precision = mean(pages.flatMap((page) => (page.precision === null ? [] : [page.precision])));
  const recall = mean(pages.flatMap((page) => (page.recall === null ? [] : [page.recall])));
  return {
    precision,
    recall,
    f1: harmonic(precision, recall),
    exact: pages.length === 0 ? null : pages.filter((page) => page.exact).length / pages.length,
    pages: pages.length,
  };
}

/** Every run of Unicode whitespace becomes one space, ends trimmed (JavaScript's \s is Unicode-aware). */
export function normalizeSpace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export interface SnippetCounts {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
}

/** One document's counts. A failed extraction (null) finds nothing: every 'with' is missed, every 'without' avoided. */
export function countSnippets(
  text: string | null | undefined,
  snippets: { with: readonly string[]; without: readonly string[] },
): SnippetCounts {
  const haystack = text ? normalizeSpace(text) : null;
  const found = (snippet: string) => haystack?.includes(normalizeSpace(snippet)) === true;
  const tp = snippets.with.filter(found).length;
  const fp = snippets.without.filter(found).length;
  return { tp, fn: snippets.with.length - tp, fp, tn: snippets.without.length - fp };
}

export interface SnippetScore extends SnippetCounts {
  precision: number | null;
  recall: number | null;
  f1: number | null;
  accuracy: number | null;
  pages: number;
}

export function scoreSnippets(pages: readonly SnippetCounts[]): SnippetScore {
  const sum: SnippetCounts = { tp: 0, fp: 0, fn: 0, tn: 0 };
  for (const page of pages) {
    sum.tp += page.tp;
    sum.fp += page.fp;
    sum.fn += page.fn;
    sum.tn += page.tn;
  }
  const ratio = (a: number, b: number) => (b === 0 ? null : a / b);
  return {
    ...sum,
    precision: ratio(sum.tp, sum.tp + sum.fp),
    recall: ratio(sum.tp, sum.tp + sum.fn),
    f1: ratio(2 * sum.tp, 2 * sum.tp + sum.fp + sum.fn),
    accuracy: ratio(sum.tp + sum.tn, sum.tp + sum.tn + sum.fp + sum.fn),
    pages: pages.length,
  };
}

/** mulberry32: a tiny seeded PRNG, so a bootstrap interval is the same on every run of the same results. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Half the width of the central `level` interval of `statistic` over `rounds` resamples of the pages (with
 * replacement, same size): the "±" printed next to an F1. Null when there are no pages or the statistic is
 * undefined on every resample.
 */
export function bootstrapHalfWidth<T>(
  pages: readonly T[],
  statistic: (sample: T[]) => number | null,
  options: { rounds?: number; seed?: number; level?: number } = {},
): number | null {
  const { rounds = 1000, seed = 1, level = 0.95 } = options;
  if (pages.length === 0) return null;
  const random = seededRandom(seed);
  const values: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const sample: T[] = [];
    for (let i = 0; i < pages.length; i++) {
      const page = pages[Math.floor(random() * pages.length)];
      if (page !== undefined) sample.push(page);
    }
    const value = statistic(sample);
    if (value !== null) values.push(value);
  }
  if (values.length === 0) return null;
  values.sort((a, b) => a - b);
  const tail = (1 - level) / 2;
  return (quantile(values, 1 - tail) - quantile(values, tail)) / 2;
}

/** Linear interpolation between order statistics (type 7, R's and NumPy's default) over sorted values. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const position = (sorted.length - 1) * q;
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  const a = sorted[lower] ?? Number.NaN;
  const b = sorted[upper] ?? Number.NaN;
  return a + (b - a) * (position - lower);
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  return quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}

export function percentile(values: readonly number[], q: number): number | null {
  if (values.length === 0) return null;
  return quantile(
    [...values].sort((a, b) => a - b),
    q,
  );
}
