import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHARS_PER_MINUTE, countWords, readingMinutes, scriptCounts } from './reading.ts';

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

describe('scriptCounts against the regular-expression definition', () => {
  // The definition the table-driven counter implements, kept here as the oracle: CJK characters are words
  // of their own; other words are runs of letters, digits and marks joined by an inner apostrophe or
  // hyphen; letters and digits are counted by script, marks nowhere.
  const cjk = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc]/u;
  const reference = (text: string) => {
    const c = { words: 0, alphabetic: 0, arabic: 0, hebrew: 0, han: 0, kana: 0, hangul: 0 };
    const rest = text.replace(new RegExp(cjk.source, 'gu'), (ch) => {
      if (/[\p{Script=Hiragana}\p{Script=Katakana}\u30fc]/u.test(ch)) c.kana++;
      else if (/\p{Script=Hangul}/u.test(ch)) c.hangul++;
      else c.han++;
      return ' ';
    });
    c.words = Array.from(rest.matchAll(/[\p{L}\p{N}\p{M}]+(?:['’\u2010-][\p{L}\p{N}\p{M}]+)*/gu)).length;
    for (const ch of rest.match(/[\p{L}\p{N}]/gu) ?? []) {
      if (/\p{Script=Arabic}/u.test(ch)) c.arabic++;
      else if (/\p{Script=Hebrew}/u.test(ch)) c.hebrew++;
      else c.alphabetic++;
    }
    return c;
  };
  // ASCII, Latin-1 and combining marks, Greek, Cyrillic, Hebrew, Arabic (letters, harakat, digits), CJK,
  // symbols, a character beyond the BMP, an emoji, and surrogates on their own.
  const pool = Array.from("ab Z9 '’-\u2010.,é\u0301ßΩж©\u00a0²שׁםسَ٣日本かナー한𝒜😀\n\t").concat([
    '\ud835',
    '\udc9c',
  ]);

  it('agrees on random strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...pool), maxLength: 24 }), (text) => {
        expect(scriptCounts(text)).toEqual(reference(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('counts a text the same however often the table has seen its characters', () => {
    const text = 'Grüße, 世界! Не так ли? שלום 😀';
    const first = scriptCounts(text);
    expect(scriptCounts(text)).toEqual(first);
    expect(countWords(text)).toBe(7);
  });
});
