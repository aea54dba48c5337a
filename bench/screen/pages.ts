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
}

/**
 * Corpora this small are always measured whole: the fixtures are the reference set (15 pages), and a sample of
 * two or three pages says nothing.
 */
export const WHOLE_BELOW = 40;

/** Every `every`-th page of `corpus` from the first: spread over the corpus's own order (ids, folder names). */
export function sampleCorpus(corpus: Corpus, every: number): TimedCorpus {
  const step = corpus.pages.length < WHOLE_BELOW ? 1 : Math.max(1, every);
  return { ...corpus, measured: corpus.pages.filter((_, index) => index % step === 0), every: step };
}
