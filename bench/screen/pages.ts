/**
 * The pages the screen timing opens: a deterministic sample of each corpus the bench loaded (bench/corpora.ts),
 * served as the bench serves them (bench/serve.ts inflates a gzipped page itself).
 */
import type { Corpus, CorpusPage } from '../corpora.ts';

export interface TimedCorpus extends Corpus {
  /** The pages measured, in the corpus's order (`pages` holds them all). */
  measured: CorpusPage[];
  /** Every k-th page was taken (1: all, or the pages were named). */
  every: number;
  /** Long pages measured beside the sample (LONG_WORDS): none when every page is. */
  longAdded: number;
}

/**
 * A long page has this many words in its gold text: the reader's start on long pages is a target of its own, and
 * a sample of every 8th page holds too few of them (6 of the dev corpora's 34), so each is measured.
 */
export const LONG_WORDS = 5000;

/** The words of a page's gold text, or null where the gold is snippets (no length known). */
export function goldWords(page: CorpusPage): number | null {
  const { gold } = page;
  const text =
    gold.kind === 'plain'
      ? gold.text
      : gold.kind === 'text'
        ? (gold.html ?? '').replace(/<[^>]*>/g, ' ')
        : null;
  return text === null ? null : text.split(/\s+/).filter(Boolean).length;
}

const isLong = (page: CorpusPage): boolean => (goldWords(page) ?? 0) >= LONG_WORDS;

/**
 * Corpora this small are always measured whole: the fixtures are the reference set (15 pages), and a sample of
 * two or three pages says nothing.
 */
export const WHOLE_BELOW = 40;

/**
 * Every `every`-th page of `corpus` from the first, spread over the corpus's own order (ids, folder names), and
 * every long page besides.
 */
export function sampleCorpus(corpus: Corpus, every: number): TimedCorpus {
  const step = corpus.pages.length < WHOLE_BELOW ? 1 : Math.max(1, every);
  const sampled = (index: number) => index % step === 0;
  const measured = corpus.pages.filter((page, index) => sampled(index) || isLong(page));
  const longAdded = corpus.pages.filter((page, index) => !sampled(index) && isLong(page)).length;
  return { ...corpus, measured, every: step, longAdded };
}
