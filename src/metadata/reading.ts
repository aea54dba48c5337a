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

/**
 * A character's class: its kind (what it does to a word) and the count, if any, it adds one to, packed in a
 * byte (kind in bits 3–4, count in bits 0–2) so the classes of the code units a page uses fit in a table.
 * Bit 5 is always set: 0 in the table means "not classified yet".
 */
const OTHER = 0;
const WORD = 1;
const JOINER = 2;
const CJK_CHAR = 3;
const CLASSIFIED = 0x20;
/** Count slots; 0 counts nothing (spaces, punctuation, marks). */
const SLOT_OF = { alphabetic: 1, arabic: 2, hebrew: 3, han: 4, kana: 5, hangul: 6 } as const;

function classOf(kind: number, slot: number): number {
  return CLASSIFIED | (kind << 3) | slot;
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
 * The class of the character at `i`: common scripts by range, the rest by Unicode property. A word is a run
 * of letters, digits and marks; an apostrophe or hyphen between two such runs joins them. Marks join words
 * but are not characters read on their own, so they count nowhere.
 */
function classAt(text: string, i: number): number {
  const code = text.charCodeAt(i);
  if (code < 128) {
    if ((code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122))
      return classOf(WORD, SLOT_OF.alphabetic);
    return classOf(code === 39 || code === 45 ? JOINER : OTHER, 0);
  }
  if (code >= 0xc0 && code <= 0x52f && code !== 0xd7 && code !== 0xf7) {
    // Latin-1 letters, Latin Extended, combining marks, Greek, Cyrillic: most non-ASCII text on European
    // pages, all word characters (a regex test per character made German text 2.4x slower than English).
    return classOf(WORD, isLetterOrDigitAt(text, i) ? SLOT_OF.alphabetic : 0);
  }
  if (code >= 0x2000 && code <= 0x206f) {
    // General punctuation (dashes, curly quotes, spaces): only U+2010 and U+2019 join a word.
    return classOf(code === 0x2019 || code === 0x2010 ? JOINER : OTHER, 0);
  }
  if (
    (code >= 0x4e00 && code <= 0x9fff) ||
    (code >= 0x3041 && code <= 0x30ff) ||
    (code >= 0xac00 && code <= 0xd7a3)
  ) {
    // Common Han, kana, Hangul syllables.
    return classOf(CJK_CHAR, SLOT_OF[cjkBucketOf(code)]);
  }
  if (isCommonSymbolAt(text, i) || (code >= 0xfe00 && code <= 0xfe0f)) {
    // NBSP, ©, €, arrows, emoji and the variation selector after one: checked before the property regexes,
    // which are slow to compile on the first page that runs them (src/dom/chars.ts).
    return classOf(OTHER, 0);
  }
  CJK.lastIndex = i;
  if (CJK.test(text)) return classOf(CJK_CHAR, SLOT_OF[cjkBucketOf(code)]);
  WORD_CHAR.lastIndex = i;
  if (!WORD_CHAR.test(text)) return classOf(OTHER, 0);
  return classOf(WORD, isLetterOrDigitAt(text, i) ? SLOT_OF[bucketOf(code)] : 0);
}

/**
 * Classes of the code units met so far, outside the surrogates (whose class depends on the next unit): a
 * code unit's class never changes, and an article uses a few hundred distinct ones, so each is worked out
 * once and the loop over the text is a table read per character.
 */
const classes = new Uint8Array(0x10000);

/** Tally slots after the counts': words, and where the text is (0: outside a word, 1: in one, 2: after a joiner in one). */
const WORDS = 7;
const STATE = 8;

/** Words, and letters and digits by script, in one pass over `text`. */
export function scriptCounts(text: string): Counts {
  const tally = new Int32Array(9);
  for (let i = scan(text, 0, tally); i < text.length; i = scan(text, i, tally)) {
    const code = text.charCodeAt(i);
    const cls = classAt(text, i);
    if (code < 0xd800 || code > 0xdfff) {
      // Kept: the scan counts it when it goes on from here.
      classes[code] = cls;
      continue;
    }
    // A surrogate's class depends on the unit after it, so it is counted here and not kept; a character
    // beyond the BMP is two code units (a lone surrogate is one, as the /u regexes read it).
    add(tally, cls);
    const low = text.charCodeAt(i + 1);
    i += code <= 0xdbff && low >= 0xdc00 && low <= 0xdfff ? 2 : 1;
  }
  return {
    words: tally[WORDS] as number,
    alphabetic: tally[1] as number,
    arabic: tally[2] as number,
    hebrew: tally[3] as number,
    han: tally[4] as number,
    kana: tally[5] as number,
    hangul: tally[6] as number,
  };
}

/** Counts one character of class `cls` (the scan does the same for the characters in the table). */
function add(tally: Int32Array, cls: number): void {
  const slot = cls & 7;
  tally[slot] = (tally[slot] as number) + 1;
  const kind = (cls >> 3) & 3;
  const state = tally[STATE] as number;
  if (kind === WORD) {
    if (state === 0) tally[WORDS] = (tally[WORDS] as number) + 1;
    tally[STATE] = 1;
  } else tally[STATE] = kind === JOINER && state === 1 ? 2 : 0;
}

/**
 * Counts from `from` on while every code unit's class is in the table; returns where one is not (or the end).
 * The loop that runs once per character has no call in it: V8 optimises it while the first article is still
 * being counted, and with the classifier inlined into it that compile costs milliseconds of a core.
 */
function scan(text: string, from: number, tally: Int32Array): number {
  let words = tally[WORDS] as number;
  let state = tally[STATE] as number;
  let i = from;
  for (; i < text.length; i++) {
    const cls = classes[text.charCodeAt(i)] as number;
    if (cls === 0) break;
    const slot = cls & 7;
    tally[slot] = (tally[slot] as number) + 1;
    const kind = (cls >> 3) & 3;
    if (kind === WORD) {
      if (state === 0) words++;
      state = 1;
    } else state = kind === JOINER && state === 1 ? 2 : 0;
  }
  tally[WORDS] = words;
  tally[STATE] = state;
  return i;
}

export function countWords(text: string): number {
  const c = scriptCounts(text);
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
  const c = scriptCounts(text);
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
