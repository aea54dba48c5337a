/**
 * Word counts and reading time, CJK-aware. Pure string functions (unit-tested in Node).
 *
 * Chinese and Japanese are written without spaces, and Korean readers' speed is measured in syllables, so
 * each Han ideograph, kana and Hangul syllable counts as one word; everything else counts runs of letters
 * and digits, with an inner apostrophe or hyphen joining a run ("don't", "Covid-19": one word each, as word
 * processors count them).
 */

import { isCommonSymbolAt } from '../dom/chars.ts';

/**
 * Han, Hiragana, Katakana, Hangul; U+30FC (the kana length mark) is script Common but read as a kana. Sticky
 * (`y`): tested in place at `lastIndex`, so no one-character string is made per character.
 */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc]/uy;
const WORD_CHAR = /[\p{L}\p{N}\p{M}]/uy;

/**
 * English silent reading of non-fiction: 238 words per minute (Brysbaert 2019, "How many words do we read
 * per minute?", J. Memory and Language 109, meta-analysis of 190 studies). News is non-fiction.
 */
export const WORDS_PER_MINUTE = 238;

/**
 * Chinese and Japanese: 500 characters per minute, the rate Medium's published read-time rule uses for CJK.
 * A cross-check from data: in IReST (Trauzettel-Klosinski & Dietz 2012, IOVS 53(9): the same ten texts in
 * 17 languages, read aloud) Chinese readers finish the texts 1.12× as fast as English readers (1.67 vs 1.49
 * texts/min) and Japanese readers 0.81× as fast (1.21). Scaled to Brysbaert's silent 238 wpm that is ~265
 * and ~195 English-word-equivalents a minute; with roughly 1.5–2 Chinese characters (2–2.5 Japanese,
 * kana being phonetic) per English word, both land near 400–500 characters a minute. Hangul syllables are
 * counted at the same rate for want of a measurement.
 */
export const CJK_CHARS_PER_MINUTE = 500;

interface Counts {
  words: number;
  cjk: number;
}

enum Kind {
  Other,
  Word,
  Joiner,
  Cjk,
}

/**
 * One pass, no allocation per character, common scripts by range: the regex-replace version (`/[\p{Script=Han}…]/gu` then
 * `matchAll` over words) was 5% of extract() time on trafilatura-dev pages. A word is a run of letters,
 * digits and marks; an apostrophe or hyphen between two such runs joins them.
 */
function counts(text: string): Counts {
  let words = 0;
  let cjk = 0;
  // 0: outside a word, 1: in a word, 2: right after a joiner that follows a word.
  let state = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    let kind: Kind;
    if (code < 128) {
      kind =
        (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122)
          ? Kind.Word
          : code === 39 || code === 45
            ? Kind.Joiner
            : Kind.Other;
    } else if (code >= 0xc0 && code <= 0x52f && code !== 0xd7 && code !== 0xf7) {
      // Latin-1 letters, Latin Extended, combining marks, Greek, Cyrillic: most non-ASCII text on European
      // pages, all word characters (a regex test per character made German text 2.4x slower than English).
      kind = Kind.Word;
    } else if (code >= 0x2000 && code <= 0x206f) {
      // General punctuation (dashes, curly quotes, spaces): only U+2010 and U+2019 join a word.
      kind = code === 0x2019 || code === 0x2010 ? Kind.Joiner : Kind.Other;
    } else if (
      (code >= 0x4e00 && code <= 0x9fff) ||
      (code >= 0x3041 && code <= 0x30ff) ||
      (code >= 0xac00 && code <= 0xd7a3)
    ) {
      // Common Han, kana, Hangul syllables.
      kind = Kind.Cjk;
    } else if (isCommonSymbolAt(text, i) || (code >= 0xfe00 && code <= 0xfe0f)) {
      // NBSP, ©, €, arrows, emoji and the variation selector after one: checked before the property regexes,
      // which cost 4–10 ms to compile on the first page that runs them (src/dom/chars.ts).
      kind = Kind.Other;
      if (code >= 0xd800 && code <= 0xdbff) i++;
    } else {
      CJK.lastIndex = i;
      WORD_CHAR.lastIndex = i;
      kind = CJK.test(text) ? Kind.Cjk : WORD_CHAR.test(text) ? Kind.Word : Kind.Other;
      // A character beyond the BMP is two code units: step over the second.
      if (code >= 0xd800 && code <= 0xdbff) i++;
    }
    if (kind === Kind.Word) {
      if (state === 0) words++;
      state = 1;
    } else if (kind === Kind.Joiner && state === 1) {
      state = 2;
    } else {
      if (kind === Kind.Cjk) cjk++;
      state = 0;
    }
  }
  return { words, cjk };
}

export function countWords(text: string): number {
  const c = counts(text);
  return c.words + c.cjk;
}

/**
 * Minutes to read `text`, at least 1 for any text with a word in it, 0 for none. `lang` is accepted for
 * per-language rates; none is measured well enough yet to differ from the two above.
 */
export function readingMinutes(text: string, lang: string | null): number {
  return readingStats(text, lang).minutes;
}

/** Word count and reading minutes from one pass over the text. */
export function readingStats(text: string, _lang: string | null): { words: number; minutes: number } {
  const c = counts(text);
  const words = c.words + c.cjk;
  if (words === 0) return { words, minutes: 0 };
  return {
    words,
    minutes: Math.max(1, Math.round(c.words / WORDS_PER_MINUTE + c.cjk / CJK_CHARS_PER_MINUTE)),
  };
}
