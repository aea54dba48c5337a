import { describe, expect, it } from 'vitest';
import { facesToWarm, familiesOf, isTypefaces, MAX_TYPEFACES } from './typefaces.ts';

const SERIF = 'normal 700 40px Charter, "Bitstream Charter", "Sitka Text", Cambria, Georgia, serif';
const SANS = 'normal 500 14px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

describe('familiesOf', () => {
  it('reads the stack after the size, without quotes or case', () => {
    expect(familiesOf(SERIF)).toEqual([
      'charter',
      'bitstream charter',
      'sitka text',
      'cambria',
      'georgia',
      'serif',
    ]);
  });

  it('reads nothing from a face with no size in px', () => {
    expect(familiesOf('bold serif')).toEqual([]);
  });
});

describe('facesToWarm', () => {
  it('keeps every face when the page declares none of their families', () => {
    expect(facesToWarm([SERIF, SANS], new Set(['open sans', 'merriweather']))).toEqual([SERIF, SANS]);
  });

  it('leaves out a face with a family the page declares a font of, wherever it is in the stack', () => {
    expect(facesToWarm([SERIF, SANS], new Set(['georgia']))).toEqual([SANS]);
    expect(facesToWarm([SERIF, SANS], new Set(['roboto']))).toEqual([SERIF]);
  });
});

describe('isTypefaces', () => {
  it('takes a list of faces as the reader makes them', () => {
    expect(isTypefaces([SERIF, SANS])).toBe(true);
    expect(isTypefaces([])).toBe(true);
  });

  it('refuses anything else: not a list, not strings, empty or overlong faces, too many', () => {
    expect(isTypefaces(SERIF)).toBe(false);
    expect(isTypefaces({ 0: SERIF })).toBe(false);
    expect(isTypefaces([SERIF, 12])).toBe(false);
    expect(isTypefaces([''])).toBe(false);
    expect(isTypefaces([`normal 400 16px ${'a'.repeat(400)}`])).toBe(false);
    expect(isTypefaces(Array.from({ length: MAX_TYPEFACES + 1 }, () => SERIF))).toBe(false);
  });
});
