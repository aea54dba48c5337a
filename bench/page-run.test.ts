import { describe, expect, it } from 'vitest';
import { runOrder } from './page-run.ts';

describe('runOrder', () => {
  it('rotates the first extractor page by page over those that run', () => {
    const all = { readability: true, defuddle: true };
    expect([0, 1, 2, 3].map((turn) => runOrder({ ...all, turn }))).toEqual([
      ['lectern', 'readability', 'defuddle'],
      ['readability', 'defuddle', 'lectern'],
      ['defuddle', 'lectern', 'readability'],
      ['lectern', 'readability', 'defuddle'],
    ]);
    expect(runOrder({ readability: true, defuddle: false, turn: 1 })).toEqual(['readability', 'lectern']);
    expect(runOrder({ readability: false, defuddle: true, turn: 1 })).toEqual(['defuddle', 'lectern']);
    expect(runOrder({ readability: false, defuddle: false, turn: 5 })).toEqual(['lectern']);
  });
});
