/**
 * Word counts and reading time, CJK-aware. Pure string functions (unit-tested in Node).
 *
 * Words: Chinese and Japanese are written without spaces, so each Han ideograph, kana and Hangul syllable
 * counts as one word; everything else counts runs of letters and digits, with an inner apostrophe or hyphen
 * joining a run ("don't", "Covid-19": one word each, as word processors count them). Reading time: letters
 * and digits a minute, at the rate of the language and script they are in (see CHARS_PER_MINUTE).
 */

import { isCommonSymbolAt, isLetterOrDigitAt } from '../dom/chars.ts';

/**
 * Han, Hiragana, Katakana, Hangul; U+30FC (the kana length mark) is script Common but read as a kana. Sticky
 * (`y`): tested in place at `lastIndex`, so no one-character string is made per character.
 */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc]/uy;
const WORD_CHAR = /[\p{L}\p{N}\p{M}]/uy;

/**
 * Characters (letters and digits) read a minute, by language: the means of IReST (Trauzettel-Klosinski &
 * Dietz 2012, "Standardized assessment of reading performance: the new International Reading Speed Texts
 * IReST", IOVS 53(9):5452), the same ten texts read by 25 adults in each of 17 languages. Firefox's Reader
 * View takes its reading times from the same table, but divides the text's whole length, spaces included.
 * IReST's characters are letters: its English 987 characters a minute at 228 words a minute is 4.3 a word,
 * and the English fixture articles have 4.1–4.6 letters and digits a word (median 4.4) but 5.2–5.8
 * characters a word with spaces and punctuation, which would make every estimate a third too long. Read aloud,
 * English IReST readers managed 228 words a minute, within 5% of the silent 238 that Brysbaert's
 * meta-analysis of 190 studies finds for non-fiction (J. Memory and Language 109, 2019), so the table serves
 * for silent reading too.
 */
export const CHARS_PER_MINUTE = {
  ar: 612,
  de: 920,
  en: 987,
  es: 1025,
  fi: 1078,
  fr: 998,
  he: 833,
  it: 950,
  ja: 357,
  nl: 978,
  pl: 916,
  pt: 913,
  ru: 986,
  sl: 885,
  sv: 917,
  tr: 1054,
  zh: 255,
} as const;

type Language = keyof typeof CHARS_PER_MINUTE;

/** The table's languages read in a script with a bucket of its own: their rates apply to that script. */
const OWN_SCRIPT = new Set<string>(['ar', 'he', 'ja', 'zh']);

/** Letters and digits by the script that decides their reading rate, and words (CJK characters apart). */
interface Counts {
  words: number;
  /** Latin, Greek, Cyrillic and every other script without a rate of its own. */
  alphabetic: number;
  arabic: number;
  hebrew: number;
  han: number;
  kana: number;
  hangul: number;
}

enum Kind {
  Other,
  Word,
  Joiner,
  Cjk,
}

/** The script bucket of a letter or digit outside ASCII, by code range (the caller knows it is one). */
function bucketOf(code: number): 'alphabetic' | 'arabic' | 'hebrew' {
  if ((code >= 0x590 && code <= 0x5ff) || (code >= 0xfb1d && code <= 0xfb4f)) return 'hebrew';
  if (
    (code >= 0x600 && code <= 0x6ff) ||
    (code >= 0x750 && code <= 0x77f) ||
    (code >= 0x8a0 && code <= 0x8ff) ||
    (code >= 0xfb50 && code <= 0xfdff) ||
    (code >= 0xfe70 && code <= 0xfeff)
  )
    return 'arabic';
  return 'alphabetic';
}

/** A CJK character's bucket: kana (with U+30FC, the length mark), Hangul, else Han. */
function cjkBucketOf(code: number): 'han' | 'kana' | 'hangul' {
  if (
    (code >= 0x3041 && code <= 0x30ff) ||
    (code >= 0x31f0 && code <= 0x31ff) ||
    (code >= 0xff66 && code <= 0xff9f)
  )
    return 'kana';
  if (
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0x1100 && code <= 0x11ff) ||
    (code >= 0x3130 && code <= 0x318f)
  )
    return 'hangul';
  return 'han';
}

/**
 * One pass, no allocation per character, common scripts by range: the regex-replace version (`/[\p{Script=Han}…]/gu` then
 * `matchAll` over words) was 5% of extract() time on trafilatura-dev pages. A word is a run of letters,
 * digits and marks; an apostrophe or hyphen between two such runs joins them. Marks join words but are not
 * characters read on their own, so they are not counted as characters.
 */
function counts(text: string): Counts {
  const c: Counts = { words: 0, alphabetic: 0, arabic: 0, hebrew: 0, han: 0, kana: 0, hangul: 0 };
  // 0: outside a word, 1: in a word, 2: right after a joiner that follows a word.
  let state = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    let kind: Kind;
    if (code < 128) {
      if ((code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122)) {
        kind = Kind.Word;
        c.alphabetic++;
      } else {
        kind = code === 39 || code === 45 ? Kind.Joiner : Kind.Other;
      }
    } else if (code >= 0xc0 && code <= 0x52f && code !== 0xd7 && code !== 0xf7) {
      // Latin-1 letters, Latin Extended, combining marks, Greek, Cyrillic: most non-ASCII text on European
      // pages, all word characters (a regex test per character made German text 2.4x slower than English).
      kind = Kind.Word;
      if (isLetterOrDigitAt(text, i)) c.alphabetic++;
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
      if (kind === Kind.Word && isLetterOrDigitAt(text, i)) c[bucketOf(code)]++;
      // A character beyond the BMP is two code units: step over the second.
      if (code >= 0xd800 && code <= 0xdbff) i++;
    }
    if (kind === Kind.Word) {
      if (state === 0) c.words++;
      state = 1;
    } else if (kind === Kind.Joiner && state === 1) {
      state = 2;
    } else {
      if (kind === Kind.Cjk) c[cjkBucketOf(code)]++;
      state = 0;
    }
  }
  return c;
}

export function countWords(text: string): number {
  const c = counts(text);
  return c.words + c.han + c.kana + c.hangul;
}

/** The primary language subtag of a BCP 47 tag, lower case ("zh-Hant-TW" → "zh", "PT_br" → "pt"). */
function primaryLanguage(lang: string | null): string {
  return (lang ?? '').split(/[-_]/, 1)[0]?.trim().toLowerCase() ?? '';
}

/**
 * Minutes to read `text` in the language `lang` (the article's, or null), at least 1 for any text with a
 * word in it, 0 for none. Each script's characters go at the rate of the language they are read in:
 * - letters of an alphabet at the rate of `lang` when IReST measured it, else English's (alphabetic rates
 *   differ little: a coefficient of variation of 6.1% across IReST's alphabetic languages);
 * - Arabic script at Arabic's rate and Hebrew script at Hebrew's, whatever `lang` says (a Persian or Urdu
 *   page has no measured rate of its own; the script, not the language, sets how many characters a word has);
 * - Han at Japanese's rate on a Japanese page (one tagged `ja`, or untagged with kana in it), else Chinese's;
 *   kana at Japanese's;
 * - Hangul syllables at Japanese's rate: IReST has no Korean, and Japanese, a text of mostly syllabic kana,
 *   is the measured language nearest to reading one syllable block a character.
 */
export function readingMinutes(text: string, lang: string | null): number {
  return readingStats(text, lang).minutes;
}

/** Word count and reading minutes from one pass over the text. */
export function readingStats(text: string, lang: string | null): { words: number; minutes: number } {
  const c = counts(text);
  const words = c.words + c.han + c.kana + c.hangul;
  if (words === 0) return { words, minutes: 0 };
  const primary = primaryLanguage(lang);
  const measured = Object.hasOwn(CHARS_PER_MINUTE, primary) && !OWN_SCRIPT.has(primary);
  const alphabetRate = measured ? CHARS_PER_MINUTE[primary as Language] : CHARS_PER_MINUTE.en;
  const japanese = primary === 'ja' || (primary !== 'zh' && c.kana > 0);
  const minutes =
    c.alphabetic / alphabetRate +
    c.arabic / CHARS_PER_MINUTE.ar +
    c.hebrew / CHARS_PER_MINUTE.he +
    c.han / (japanese ? CHARS_PER_MINUTE.ja : CHARS_PER_MINUTE.zh) +
    (c.kana + c.hangul) / CHARS_PER_MINUTE.ja;
  return { words, minutes: Math.max(1, Math.round(minutes)) };
}
