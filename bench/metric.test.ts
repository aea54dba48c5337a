import { describe, expect, it } from 'vitest';
import {
  bootstrapHalfWidth,
  countSnippets,
  median,
  normalizeSpace,
  overlap,
  percentile,
  scoreSnippets,
  scoreText,
  seededRandom,
  shingles,
  tokenize,
} from './metric.ts';

describe('tokenize', () => {
  it('keeps runs of letters and digits, lower-cased, and drops punctuation', () => {
    expect(tokenize('Hello, World! It’s 2024—ok?')).toEqual(['hello', 'world', 'it', 's', '2024', 'ok']);
  });

  it('is Unicode-aware', () => {
    expect(tokenize('Ça coûte 5 €; Straße, ΑΒΓ and ١٢٣')).toEqual([
      'ça',
      'coûte',
      '5',
      'straße',
      'αβγ',
      'and',
      '١٢٣',
    ]);
  });

  it('gives nothing for null, empty and punctuation-only text', () => {
    expect(tokenize(null)).toEqual([]);
    expect(tokenize('')).toEqual([]);
    expect(tokenize(' — … ')).toEqual([]);
  });
});

describe('shingles', () => {
  it('counts every 4-token window, repeats included', () => {
    const bag = shingles(tokenize('a b c d a b c d'));
    expect(bag.get('a b c d')).toBe(2);
    expect([...bag.values()].reduce((x, y) => x + y, 0)).toBe(5);
  });

  it('makes one shingle of a text shorter than 4 tokens, and none of an empty one', () => {
    expect([...shingles(['one', 'two'])]).toEqual([['one two', 1]]);
    expect(shingles([]).size).toBe(0);
  });
});

describe('overlap', () => {
  it('is perfect and exact on the same words however they are spaced and punctuated', () => {
    expect(overlap('The cat sat on the mat.', 'the  cat\nsat on the MAT')).toEqual({
      precision: 1,
      recall: 1,
      exact: true,
      predictedTokens: 6,
      goldTokens: 6,
    });
  });

  it('takes the multiset intersection', () => {
    // Predicted: the gold's 3 shingles plus the same sentence again (7 more shingles, 2 of them repeats).
    const gold = 'w1 w2 w3 w4 w5 w6';
    const result = overlap(`${gold} ${gold}`, gold);
    expect(result.recall).toBe(1);
    expect(result.precision).toBeCloseTo(3 / 9);
    expect(result.exact).toBe(false);
  });

  it('has no precision for an empty prediction and no recall for an empty gold', () => {
    expect(overlap(null, 'some gold text here')).toMatchObject({ precision: null, recall: 0, exact: false });
    expect(overlap('predicted text', '')).toMatchObject({ precision: 0, recall: null, exact: false });
    expect(overlap(null, '')).toMatchObject({ precision: null, recall: null, exact: true });
  });
});

describe('scoreText', () => {
  it('averages precision over predicted pages and recall over gold pages, then takes F1 of the means', () => {
    const score = scoreText([
      { precision: 1, recall: 0.5, exact: false, predictedTokens: 1, goldTokens: 1 },
      { precision: 0.5, recall: 1, exact: false, predictedTokens: 1, goldTokens: 1 },
      { precision: null, recall: 0, exact: false, predictedTokens: 0, goldTokens: 1 },
      { precision: null, recall: null, exact: true, predictedTokens: 0, goldTokens: 0 },
    ]);
    expect(score.precision).toBeCloseTo(0.75);
    expect(score.recall).toBeCloseTo(0.5);
    expect(score.f1).toBeCloseTo((2 * 0.75 * 0.5) / 1.25);
    expect(score.exact).toBe(0.25);
    expect(score.pages).toBe(4);
  });

  it('is undefined, not zero, without pages', () => {
    expect(scoreText([])).toEqual({ precision: null, recall: null, f1: null, exact: null, pages: 0 });
  });
});

describe('snippets', () => {
  it('normalises whitespace, Unicode spaces included', () => {
    expect(normalizeSpace('  a\u00a0\u2003b\n\tc ')).toBe('a b c');
  });

  it('counts found and missed snippets on both sides', () => {
    const counts = countSnippets('The quick  brown\nfox jumps. Footer text', {
      with: ['quick brown fox', 'lazy dog'],
      without: ['Footer text', 'Cookie banner'],
    });
    expect(counts).toEqual({ tp: 1, fn: 1, fp: 1, tn: 1 });
  });

  it('finds nothing in a failed extraction', () => {
    expect(countSnippets(null, { with: ['a'], without: ['b', 'c'] })).toEqual({ tp: 0, fn: 1, fp: 0, tn: 2 });
  });

  it('micro-averages over documents', () => {
    const score = scoreSnippets([
      { tp: 3, fp: 1, fn: 0, tn: 2 },
      { tp: 1, fp: 0, fn: 3, tn: 2 },
    ]);
    expect(score.precision).toBeCloseTo(4 / 5);
    expect(score.recall).toBeCloseTo(4 / 7);
    expect(score.f1).toBeCloseTo(8 / 12);
    expect(score.accuracy).toBeCloseTo(8 / 12);
  });
});

describe('bootstrap', () => {
  it('repeats with the same seed and differs with another', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    const first = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(first);
    expect(seededRandom(8)()).not.toBe(first[0]);
    for (const value of first) expect(value).toBeGreaterThanOrEqual(0);
    for (const value of first) expect(value).toBeLessThan(1);
  });

  it('is zero when every page is the same and grows with the spread', () => {
    const mean = (xs: number[]) => xs.reduce((x, y) => x + y, 0) / xs.length;
    expect(bootstrapHalfWidth([0.5, 0.5, 0.5], mean)).toBe(0);
    const narrow = bootstrapHalfWidth([0.4, 0.5, 0.6, 0.5, 0.45, 0.55], mean) ?? Number.NaN;
    const wide = bootstrapHalfWidth([0, 1, 0, 1, 0, 1], mean) ?? Number.NaN;
    expect(narrow).toBeGreaterThan(0);
    expect(wide).toBeGreaterThan(narrow);
    // The mean of 0/1 draws: half-width near 1.96 * sqrt(0.25 / 6) ≈ 0.4.
    expect(wide).toBeGreaterThan(0.25);
    expect(wide).toBeLessThan(0.55);
  });

  it('is null without pages', () => {
    expect(bootstrapHalfWidth([], () => 1)).toBeNull();
  });
});

describe('median and percentile', () => {
  it('interpolate between order statistics', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(percentile([1, 2, 3, 4, 5], 0.95)).toBeCloseTo(4.8);
    expect(median([])).toBeNull();
  });
});
