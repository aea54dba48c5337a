import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHARS_PER_MINUTE, countWords, readingMinutes } from './reading.ts';

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

  it('reads English at 987 letters and digits a minute, spaces and punctuation not counted', () => {
    // "reading" is 7 letters: 987 of them are 6,909 characters, 7 minutes.
    expect(readingMinutes('reading, '.repeat(CHARS_PER_MINUTE.en), 'en')).toBe(7);
    expect(readingMinutes('reading '.repeat(CHARS_PER_MINUTE.en), 'en-GB')).toBe(7);
  });

  it("reads an alphabetic language at its own rate, and an unmeasured one at English's", () => {
    const text = 'lesen '.repeat(CHARS_PER_MINUTE.de * 2); // 9,200 letters
    expect(readingMinutes(text, 'de-AT')).toBe(10);
    expect(readingMinutes(text, 'en')).toBe(9);
    expect(readingMinutes(text, 'eo')).toBe(9);
    expect(readingMinutes(text, null)).toBe(9);
  });

  it('does not count combining marks as characters', () => {
    const plain = 'cafe '.repeat(CHARS_PER_MINUTE.en);
    const combined = 'cafe\u0301 '.repeat(CHARS_PER_MINUTE.en);
    expect(readingMinutes(combined, 'en')).toBe(readingMinutes(plain, 'en'));
  });

  it('reads Chinese by characters, tagged or not', () => {
    const text = `${'字'.repeat(CHARS_PER_MINUTE.zh * 4)}。`;
    expect(readingMinutes(text, 'zh-Hans')).toBe(4);
    expect(readingMinutes(text, null)).toBe(4);
  });

  it('reads Japanese at its rate: tagged, or told apart by its kana', () => {
    const kanji = '字'.repeat(CHARS_PER_MINUTE.ja * 2);
    expect(readingMinutes(kanji, 'ja')).toBe(2);
    // 714 kanji read as Chinese take 2.8 minutes; with kana beside them the page is Japanese.
    expect(readingMinutes(kanji, null)).toBe(3);
    expect(readingMinutes(`${kanji}${'か'.repeat(CHARS_PER_MINUTE.ja)}`, null)).toBe(3);
    expect(readingMinutes(`${kanji}${'か'.repeat(CHARS_PER_MINUTE.ja)}`, 'zh')).toBe(4);
  });

  it('reads Arabic and Hebrew script at their own rates whatever the tag says', () => {
    const arabic = 'كتاب '.repeat(CHARS_PER_MINUTE.ar); // 4 letters a word
    expect(readingMinutes(arabic, 'ar')).toBe(4);
    expect(readingMinutes(arabic, 'fa')).toBe(4);
    expect(readingMinutes(arabic, null)).toBe(4);
    const hebrew = 'סֵפֶר '.repeat(CHARS_PER_MINUTE.he); // 3 letters, pointed
    expect(readingMinutes(hebrew, 'he')).toBe(3);
  });

  it('adds the scripts of mixed text, each at its rate', () => {
    const text = `${'reading '.repeat(CHARS_PER_MINUTE.en)}${'字'.repeat(CHARS_PER_MINUTE.zh * 3)}`;
    expect(readingMinutes(text, 'zh-CN')).toBe(10);
  });

  it('reads Hangul syllables at the Japanese rate', () => {
    expect(readingMinutes('한'.repeat(CHARS_PER_MINUTE.ja * 5), 'ko')).toBe(5);
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
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...pool), maxLength: 20 }), (text) => {
        expect(countWords(text)).toBe(reference(text));
      }),
      { numRuns: 2000 },
    );
  });
});
