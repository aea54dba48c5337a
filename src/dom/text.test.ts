import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collapseHtmlSpace, normalizeSpace, visibleLength } from './text.ts';

describe('whitespace collapsing', () => {
  // The definitions the narrower regexes implement: every run becomes one space.
  const normalizeReference = (text: string) => text.replace(/\s+/g, ' ').trim();
  const collapseReference = (text: string) => text.replace(/[ \t\n\r\f]+/g, ' ');
  const visibleReference = (text: string) => text.replace(/[ \t\n\r\f\u00a0]+/g, '').length;
  const pool = Array.from('ab  \t\n\v\r\f\u00a0\u2003\u3000x.');

  it('agrees with collapsing every run, on random strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...pool), maxLength: 16 }), (text) => {
        expect(normalizeSpace(text)).toBe(normalizeReference(text));
        expect(collapseHtmlSpace(text)).toBe(collapseReference(text));
        expect(visibleLength(text)).toBe(visibleReference(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('leaves text with single spaces as it is', () => {
    const text = 'The council met on Tuesday.';
    expect(collapseHtmlSpace(text)).toBe(text);
    expect(normalizeSpace(` ${text}\n`)).toBe(text);
    expect(collapseHtmlSpace('a\u00a0 b')).toBe('a\u00a0 b');
  });
});
