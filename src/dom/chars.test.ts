import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLetterOrDigitAt, lettersAndDigits, trimToLettersAndDigits } from './chars.ts';

describe('isLetterOrDigitAt', () => {
  it('agrees with /[\\p{L}\\p{N}]/u on every code point of the BMP and the emoji planes', () => {
    const property = /^[\p{L}\p{N}]/u;
    const wrong: string[] = [];
    for (let cp = 0; cp <= 0x1ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const s = String.fromCodePoint(cp);
      if (isLetterOrDigitAt(s, 0) !== property.test(s)) wrong.push(cp.toString(16));
    }
    expect(wrong).toEqual([]);
  });
});

describe('lettersAndDigits', () => {
  it('folds every run of other characters into one space and trims', () => {
    expect(lettersAndDigits('  “Hello”, wörld — 2024! ')).toBe('Hello wörld 2024');
    expect(lettersAndDigits('東京 — ソウル🙂서울')).toBe('東京 ソウル 서울');
    expect(lettersAndDigits('𝐀𝐁 x')).toBe('𝐀𝐁 x');
    expect(lettersAndDigits('—…')).toBe('');
  });

  it('equals the property-regex version for every character of the BMP, between letters and alone', () => {
    const wrong: string[] = [];
    for (let cp = 0; cp <= 0xffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const c = String.fromCodePoint(cp);
      // Latin letters around it keep the fast path in play whenever the character itself allows it.
      for (const s of [`a${c}b`, `${c}`, `${c}${c} x`, `ж${c}ع`]) {
        if (lettersAndDigits(s) !== s.replace(/[^\p{L}\p{N}]+/gu, ' ').trim()) wrong.push(cp.toString(16));
      }
    }
    expect(wrong).toEqual([]);
  });

  it('equals the property-regex version on random mixed-script strings', () => {
    const pool =
      ' ,.;:!?-—’“”«»()[]{}#%&*/\\\u00a0\u00ad©®°±²µ¶·¹º¼½¾×÷ÀÉÖØßæøÿĀőŒžƒǅȳΑάωЖжѢ҂Ӂאבּعً٣東ソ서€™→∑■☃🙂𝐀1a';
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...Array.from(pool)), maxLength: 12 }), (s) => {
        expect(lettersAndDigits(s)).toBe(s.replace(/[^\p{L}\p{N}]+/gu, ' ').trim());
      }),
      { numRuns: 2000 },
    );
  });
});

describe('trimToLettersAndDigits', () => {
  it('cuts quotes, dashes and emoji at the edges only', () => {
    expect(trimToLettersAndDigits('“It was, in short, a mess.” 🙂')).toBe('It was, in short, a mess');
    expect(trimToLettersAndDigits('— ¿Qué? —')).toBe('Qué');
    expect(trimToLettersAndDigits('...')).toBe('');
    expect(trimToLettersAndDigits('𝐀')).toBe('𝐀');
  });
});
