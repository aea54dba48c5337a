import { describe, expect, it } from 'vitest';
import { maximalRuns, type Run } from './index.ts';

/** Brute force: the best contiguous sum over all O(n²) runs (earliest start, then shortest, on ties). */
function bruteBest(a: number[]): number {
  let best = 0;
  for (let i = 0; i < a.length; i++) {
    let sum = 0;
    for (let j = i; j < a.length; j++) {
      sum += a[j] ?? 0;
      best = Math.max(best, sum);
    }
  }
  return best;
}

/**
 * Brute-force maximal subsequences by their definition (Ruzzo & Tompa 1999): repeatedly take the best run
 * among positions not yet covered, where a run may not overlap or touch-extend a chosen one.
 */
function bruteMaximal(a: number[]): Run[] {
  const used = new Array<boolean>(a.length).fill(false);
  const runs: Run[] = [];
  for (;;) {
    let best: Run | null = null;
    for (let i = 0; i < a.length; i++) {
      if (used[i]) continue;
      let sum = 0;
      for (let j = i; j < a.length && !used[j]; j++) {
        sum += a[j] ?? 0;
        // Prefer higher score, then the earliest and shortest run, like the linear algorithm.
        if (sum > 0 && (best === null || sum > best.score)) best = { start: i, end: j, score: sum };
      }
    }
    if (best === null) break;
    for (let k = best.start; k <= best.end; k++) used[k] = true;
    runs.push(best);
  }
  return runs.sort((x, y) => x.start - y.start);
}

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('maximalRuns (Ruzzo–Tompa)', () => {
  it('splits two chunks separated by a deep gap', () => {
    expect(maximalRuns([5, 5, -30, 8, -1, 8])).toEqual([
      { start: 0, end: 1, score: 10 },
      { start: 3, end: 5, score: 15 },
    ]);
  });
  it('its best run has the brute-force best score', () => {
    const rnd = random(7);
    for (let t = 0; t < 2000; t++) {
      const a = Array.from({ length: Math.floor(rnd() * 30) }, () => Math.round((rnd() - 0.5) * 100));
      const runs = maximalRuns(a);
      const top = runs.reduce((m, r) => Math.max(m, r.score), 0);
      expect(top).toBe(bruteBest(a));
    }
  });
  it('matches the brute-force definition on 2,000 random arrays', () => {
    const rnd = random(1234);
    for (let t = 0; t < 2000; t++) {
      // Unrounded floats: exact ties (which the definition leaves open) have probability zero.
      const a = Array.from({ length: Math.floor(rnd() * 20) }, () => (rnd() - 0.5) * 1000);
      const got = maximalRuns(a);
      const want = bruteMaximal(a);
      expect(got.map((r) => [r.start, r.end])).toEqual(want.map((r) => [r.start, r.end]));
    }
  });
});
