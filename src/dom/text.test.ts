import { describe, expect, it } from 'vitest';
import { collapseHtmlSpace, normalizeSpace, visibleLength } from './text.ts';

describe('whitespace collapsing', () => {
  // The definitions the narrower regexes implement: every run becomes one space.
  const normalizeReference = (text: string) => text.replace(/\s+/g, ' ').trim();
  const collapseReference = (text: string) => text.replace(/[ \t\n\r\f]+/g, ' ');
  const visibleReference = (text: string) => text.replace(/[ \t\n\r\f\u00a0]+/g, '').length;
  const pool = Array.from('ab  \t\n\v\r\f\u00a0\u2003\u3000x.');

  it('agrees with collapsing every run, on random strings', () => {
    let seed = 11;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 3000; i++) {
      const length = Math.floor(random() * 16);
      let text = '';
      for (let k = 0; k < length; k++) text += pool[Math.floor(random() * pool.length)];
      expect(normalizeSpace(text), JSON.stringify(text)).toBe(normalizeReference(text));
      expect(collapseHtmlSpace(text), JSON.stringify(text)).toBe(collapseReference(text));
      expect(visibleLength(text), JSON.stringify(text)).toBe(visibleReference(text));
    }
  });

  it('leaves text with single spaces as it is', () => {
    const text = 'The council met on Tuesday.';
    expect(collapseHtmlSpace(text)).toBe(text);
    expect(normalizeSpace(` ${text}\n`)).toBe(text);
    expect(collapseHtmlSpace('a\u00a0 b')).toBe('a\u00a0 b');
  });
});
