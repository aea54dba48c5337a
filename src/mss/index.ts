/**
 * Maximum scoring subsequence over per-segment scores (Pasternack & Roth, WWW 2009).
 * Pure arithmetic, so it is unit-tested in Node against brute force.
 */

export interface Run {
  /** First index of the run (inclusive). */
  start: number;
  /** Last index of the run (inclusive). */
  end: number;
  score: number;
}

/**
 * Ruzzo–Tompa (1999): every maximal scoring subsequence in linear time, in document order.
 * Kadane gives only the best run; the others let the extractor consider a second chunk of the article
 * (a lead styled apart, a body split by a large ad block: Pasternack & Roth's "two chunks").
 */
export function maximalRuns(scores: ArrayLike<number>): Run[] {
  // Each candidate keeps L (cumulative total before its start) and R (cumulative total at its end).
  const starts: number[] = [];
  const ends: number[] = [];
  const lefts: number[] = [];
  const rights: number[] = [];
  let cumulative = 0;
  for (let i = 0; i < scores.length; i++) {
    const s = scores[i] ?? 0;
    const before = cumulative;
    cumulative += s;
    if (s <= 0) continue;
    let start = i;
    let left = before;
    const right = cumulative;
    for (;;) {
      // Find the rightmost earlier candidate j with L_j < L.
      let j = lefts.length - 1;
      while (j >= 0 && (lefts[j] ?? 0) >= left) j--;
      if (j < 0 || (rights[j] ?? 0) >= right) {
        starts.push(start);
        ends.push(i);
        lefts.push(left);
        rights.push(right);
        break;
      }
      // Extend candidate j to cover everything up to i, dropping the candidates after it.
      start = starts[j] ?? start;
      left = lefts[j] ?? left;
      starts.length = j;
      ends.length = j;
      lefts.length = j;
      rights.length = j;
    }
  }
  return starts.map((start, k) => ({
    start,
    end: ends[k] ?? start,
    score: (rights[k] ?? 0) - (lefts[k] ?? 0),
  }));
}
