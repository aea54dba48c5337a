import { describe, expect, it } from 'vitest';
import { CJK_CHARS_PER_MINUTE, countWords, readingMinutes, WORDS_PER_MINUTE } from './reading.ts';

describe('countWords', () => {
  it('counts English words, joining apostrophes and hyphens', () => {
    expect(countWords('The quick brown fox jumps over the lazy dog.')).toBe(9);
    expect(countWords("Don't stop: a well-known fact about Covid-19, in 2024.")).toBe(9);
  });

  it('counts each Chinese character as a word', () => {
    expect(countWords('我爱北京天安门。')).toBe(7);
  });

  it('counts kana and kanji one by one, Latin words as words, in mixed Japanese', () => {
    // 私 は | iPhone | を 使 っ て い ま す
    expect(countWords('私はiPhoneを使っています。')).toBe(10);
    expect(countWords('コーヒー')).toBe(4);
  });

  it('counts Hangul syllables', () => {
    expect(countWords('안녕하세요 세계')).toBe(7);
  });

  it('counts nothing in empty or punctuation-only text', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('  — … !! ')).toBe(0);
  });
});

describe('readingMinutes', () => {
  it('is zero for no text and at least one minute for any text', () => {
    expect(readingMinutes('', 'en')).toBe(0);
    expect(readingMinutes('   ', null)).toBe(0);
    expect(readingMinutes('Hello.', 'en')).toBe(1);
  });

  it('reads English at the Brysbaert rate', () => {
    expect(readingMinutes('word '.repeat(WORDS_PER_MINUTE * 10), 'en')).toBe(10);
  });

  it('reads Chinese by characters', () => {
    expect(readingMinutes('字'.repeat(CJK_CHARS_PER_MINUTE * 4), 'zh')).toBe(4);
  });

  it('adds the two rates for mixed text', () => {
    const text = `${'word '.repeat(WORDS_PER_MINUTE * 2)}${'字'.repeat(CJK_CHARS_PER_MINUTE * 3)}`;
    expect(readingMinutes(text, 'ja')).toBe(5);
  });
});

describe('countWords against the regular-expression definition', () => {
  // The definition the one-pass counter implements, kept here as the oracle.
  const reference = (text: string): number => {
    const cjk = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc]/gu;
    let n = 0;
    const rest = text.replace(cjk, () => {
      n++;
      return ' ';
    });
    return n + Array.from(rest.matchAll(/[\p{L}\p{N}\p{M}]+(?:['’\u2010-][\p{L}\p{N}\p{M}]+)*/gu)).length;
  };
  const pool = Array.from("ab Z9 '’-\u2010.,é\u0301ß日本かナー한𝒜😀\n\t");

  it('agrees on random strings', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 2000; i++) {
      const length = Math.floor(random() * 20);
      let text = '';
      for (let k = 0; k < length; k++) text += pool[Math.floor(random() * pool.length)];
      expect(countWords(text), JSON.stringify(text)).toBe(reference(text));
    }
  });
});
