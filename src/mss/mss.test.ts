import { describe, expect, it } from 'vitest';
import { maximalRuns, maxRun, type Run } from './index.ts';

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

describe('maxRun (Kadane)', () => {
  it('finds the best run on a hand example', () => {
    expect(maxRun([-5, 10, -3, 7, -20, 4])).toEqual({ start: 1, end: 3, score: 14 });
  });
  it('returns null when nothing is positive', () => {
    expect(maxRun([-1, -2, 0])).toBeNull();
    expect(maxRun([])).toBeNull();
  });
  it('matches brute force on 2,000 random arrays', () => {
    const rnd = random(42);
    for (let t = 0; t < 2000; t++) {
      const a = Array.from({ length: Math.floor(rnd() * 25) }, () => Math.round((rnd() - 0.55) * 200));
      const run = maxRun(a);
      const best = bruteBest(a);
      expect(run?.score ?? 0).toBe(best);
      if (run) expect(a.slice(run.start, run.end + 1).reduce((x, y) => x + y, 0)).toBe(run.score);
    }
  });
});

describe('maximalRuns (Ruzzo–Tompa)', () => {
  it('splits two chunks separated by a deep gap', () => {
    expect(maximalRuns([5, 5, -30, 8, -1, 8])).toEqual([
      { start: 0, end: 1, score: 10 },
      { start: 3, end: 5, score: 15 },
    ]);
  });
  it('its best run is Kadane’s best score', () => {
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
