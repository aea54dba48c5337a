import { describe, expect, it } from 'vitest';
import type { Segment } from '../segments/index.ts';
import {
  fingerprintOf,
  MAX_FINGERPRINTS,
  MAX_PAGES,
  pageFingerprints,
  pagesRead,
  remember,
  type SiteMemory,
  templateFor,
} from './index.ts';

const FOOTER = fingerprintOf('© 2026 The Daily. All rights reserved.');
const PANEL = fingerprintOf('Maria Lopez writes about the city for The Daily.');
const page = (n: number) => `https://news.example/story/${n}`;
const story = (n: number) => fingerprintOf(`Story number ${'x'.repeat(n)} says something of its own.`);

describe('fingerprintOf', () => {
  it('reads text as a person does: case and white space do not count, words and numbers do', () => {
    expect(fingerprintOf('© 2026 The  Daily.\nAll rights reserved.')).toBe(
      fingerprintOf('© 2026 the daily. all rights RESERVED.'),
    );
    // A rating under each product is each product's own (modern-dev's REI listings).
    expect(fingerprintOf('300 reviews with an average rating of 4.5')).not.toBe(
      fingerprintOf('120 reviews with an average rating of 4.1'),
    );
    expect(fingerprintOf('A story about the library')).not.toBe(fingerprintOf('A story about the harbour'));
  });

  it('gives no fingerprint (0) to text too short to say anything of a site', () => {
    expect(fingerprintOf('Share')).toBe(0);
    expect(fingerprintOf('   Memory: 8 GB RAM   ')).toBe(0);
  });
});

describe('pageFingerprints', () => {
  it('gives the blocks a page holds once: a line it repeats is its own structure, never template', () => {
    const segments = [
      'The Daily is funded by its readers, every story free to read.',
      'Add to cart and compare with similar items',
      'The story itself, in words of its own.',
      'Add to cart and compare with similar items',
      '', // a box walked as one segment: its text was never read
    ].map((raw) => ({ raw }) as Segment);
    expect(pageFingerprints(segments)).toEqual([
      fingerprintOf('The Daily is funded by its readers, every story free to read.'),
      fingerprintOf('The story itself, in words of its own.'),
    ]);
  });
});

describe('remember and templateFor', () => {
  it('calls template what two other pages of the site showed, not what this page showed before', () => {
    let memory: SiteMemory | null = null;
    memory = remember(memory, page(1), [FOOTER, PANEL, story(1)]);
    expect(templateFor(memory, page(3))).toEqual([]);
    memory = remember(memory, page(2), [FOOTER, story(2)]);
    expect(templateFor(memory, page(3))).toEqual([FOOTER]);
    // Page 1 read again: only page 2 showed its footer besides itself.
    expect(templateFor(memory, page(1))).toEqual([]);
    // The same page read twice (and with a fragment) is one page.
    memory = remember(memory, `${page(2)}#comments`, [FOOTER, PANEL, story(2)]);
    expect(pagesRead(memory)).toBe(2);
    expect(templateFor(memory, page(3)).sort()).toEqual([FOOTER, PANEL].sort());
  });

  it('stays within its bounds, keeping what comes back on every page', () => {
    let memory: SiteMemory | null = null;
    for (let n = 0; n < MAX_PAGES + 20; n++) {
      const own = Array.from({ length: 400 }, (_, i) =>
        fingerprintOf(`page ${'y'.repeat(n)} block ${'z'.repeat(i)}`),
      );
      memory = remember(memory, page(n), [FOOTER, ...own]);
    }
    expect(memory?.pages.length).toBe(MAX_PAGES);
    expect(memory?.seen.length).toBeLessThanOrEqual(MAX_FINGERPRINTS);
    expect(templateFor(memory, page(1000))).toContain(FOOTER);
    expect(JSON.stringify(memory).length).toBeLessThan(80_000);
  });

  it('reads a stored memory of any shape without throwing', () => {
    for (const stored of [
      null,
      'x',
      42,
      {},
      { seen: 'x' },
      { seen: [null, ['a', 1, 2], [7]] },
      { pages: [1] },
    ])
      expect(() => templateFor(stored, page(1))).not.toThrow();
    expect(
      remember({ pages: ['x'], seen: [[1, 'a']] } as unknown as SiteMemory, page(1), [FOOTER]).seen,
    ).toEqual([[FOOTER, expect.any(Number)]]);
  });
});
