/**
 * Letter-or-digit tests without compiling a Unicode-property regex on every page.
 *
 * V8 compiles `\p{L}`-style classes into large native code the first time they run, once per page, at a cost
 * above the warm extraction of a whole page; the content script runs once per page, so every reader command
 * would pay it. Code ranges settle the characters of common scripts; the property regex is only compiled for
 * a page that has a character outside them.
 */

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/uy;

/** U+0080–U+00BF that are letters or digits: ª ² ³ µ ¹ º ¼ ½ ¾. */
const LATIN1_EXTRA = new Set([0xaa, 0xb2, 0xb3, 0xb5, 0xb9, 0xba, 0xbc, 0xbd, 0xbe]);

/**
 * The character at `i` is punctuation, a space, a symbol or an emoji from the blocks pages use most: the
 * Latin-1 signs (NBSP, ©, «), general punctuation, currency, arrows and operators, box drawing to
 * miscellaneous symbols, and emoji (U+1F300–U+1FAFF). None of them is a letter, digit or mark.
 */
export function isCommonSymbolAt(text: string, i: number): boolean {
  const code = text.charCodeAt(i);
  if (code >= 0x80 && code < 0xc0) return !LATIN1_EXTRA.has(code);
  if (
    (code >= 0x2000 && code <= 0x206f) ||
    (code >= 0x20a0 && code <= 0x20cf) ||
    (code >= 0x2190 && code <= 0x22ff) ||
    (code >= 0x2500 && code <= 0x26ff)
  )
    return true;
  if (code >= 0xd83c && code <= 0xd83e) {
    const cp = text.codePointAt(i) ?? code;
    return cp >= 0x1f300 && cp <= 0x1faff;
  }
  return false;
}

/** The code unit at `i` starts a letter or digit (\p{L} or \p{N}); a surrogate pair is read whole. */
export function isLetterOrDigitAt(text: string, i: number): boolean {
  const code = text.charCodeAt(i);
  if (code < 0x80)
    return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
  // Latin-1 letters and Latin Extended-A/B, all letters but × and ÷.
  if (code >= 0xc0 && code <= 0x24f) return code !== 0xd7 && code !== 0xf7;
  if (isCommonSymbolAt(text, i)) return false;
  // Combining diacritics and variation selectors are marks, not letters.
  if ((code >= 0x300 && code <= 0x36f) || (code >= 0xfe00 && code <= 0xfe0f)) return false;
  // CJK unified ideographs, Hangul syllables: all letters.
  if ((code >= 0x4e00 && code <= 0x9fff) || (code >= 0xac00 && code <= 0xd7a3)) return true;
  // Greek capitals and small letters with tonos.
  if (code >= 0x388 && code <= 0x3ce) return code !== 0x38b && code !== 0x38d && code !== 0x3a2;
  // Cyrillic letters (U+0482–U+0489 are a sign and combining marks).
  if (code >= 0x400 && code <= 0x52f) return code < 0x482 || code > 0x489;
  // Hebrew points and punctuation; Hebrew letters.
  if (code >= 0x591 && code <= 0x5c7) return false;
  if (code >= 0x5d0 && code <= 0x5ea) return true;
  // Arabic letters, harakat (marks), Arabic-Indic digits, extended letters.
  if (code >= 0x620 && code <= 0x64a) return true;
  if (code >= 0x64b && code <= 0x65f) return false;
  if (code >= 0x660 && code <= 0x669) return true;
  if (code >= 0x671 && code <= 0x6d3) return true;
  LETTER_OR_DIGIT.lastIndex = i;
  return LETTER_OR_DIGIT.test(text);
}

/** Code units taken by the character at `i` (2 for a surrogate pair). */
function width(text: string, i: number): number {
  const code = text.charCodeAt(i);
  return code >= 0xd800 && code <= 0xdbff && i + 1 < text.length ? 2 : 1;
}

/**
 * Text whose every character isLetterOrDigitAt settles by code range: ASCII, Latin-1, Latin Extended-A/B,
 * combining diacritics, Greek, Cyrillic, Hebrew, Arabic, general punctuation, arrows and operators, box
 * drawing to miscellaneous symbols, CJK ideographs, Hangul syllables; no surrogate. Titles and bylines nearly
 * always are. (Currency signs are left to the loop: an excluded range starting at U+20D0, a combining mark,
 * trips the lint rule against misleading character classes.)
 */
// Written as "nothing outside those blocks" so the class holds no control characters (lint rule).
const SIMPLE_ONLY =
  /^[^\u0250-\u02ff\u0370-\u0387\u03cf-\u03ff\u0530-\u0590\u05c8-\u05cf\u05eb-\u061f\u066a-\u0670\u06d4-\u1fff\u2070-\u218f\u2300-\u24ff\u2700-\u4dff\ua000-\uabff\ud7a4-\ufdff\ufe10-\uffff]*$/;
/**
 * Runs of what is not a letter or digit in those blocks, by the same ranges as isLetterOrDigitAt: a class of
 * code ranges, cheap to compile, unlike `\p{L}` (see the top of this file). Greek, Cyrillic, Hebrew, Arabic,
 * CJK and Hangul are in it, not only Latin: a loop over a title's characters is three times as slow as this
 * replace in V8's baseline tier.
 */
const SIMPLE_OTHER_RUN =
  /[^0-9A-Za-z\u00aa\u00b2\u00b3\u00b5\u00b9\u00ba\u00bc-\u00be\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u0388-\u038a\u038c\u038e-\u03a1\u03a3-\u03ce\u0400-\u0481\u048a-\u052f\u05d0-\u05ea\u0620-\u064a\u0660-\u0669\u0671-\u06d3\u4e00-\u9fff\uac00-\ud7a3]+/g;

/** `text` with every run of characters that are not letters or digits made one space, trimmed. */
export function lettersAndDigits(text: string): string {
  // Two native regex passes beat the loop below while the JIT is cold (the bench's second call in a tab).
  if (SIMPLE_ONLY.test(text)) return text.replace(SIMPLE_OTHER_RUN, ' ').trim();
  let out = '';
  let gap = false;
  for (let i = 0; i < text.length; ) {
    const w = width(text, i);
    if (isLetterOrDigitAt(text, i)) {
      if (gap && out !== '') out += ' ';
      out += w === 1 ? text[i] : text.slice(i, i + w);
      gap = false;
    } else gap = true;
    i += w;
  }
  return out;
}

/** For comparing texts: case, compatibility forms, punctuation and spacing don't matter. */
export function comparable(text: string): string {
  return lettersAndDigits(text.normalize('NFKC').toLowerCase());
}

/** `text` without the characters that are not letters or digits at either end. */
export function trimToLettersAndDigits(text: string): string {
  let start = 0;
  while (start < text.length && !isLetterOrDigitAt(text, start)) start += width(text, start);
  let end = text.length;
  while (end > start) {
    const code = text.charCodeAt(end - 1);
    const last = code >= 0xdc00 && code <= 0xdfff && end - 2 >= start ? end - 2 : end - 1;
    if (isLetterOrDigitAt(text, last)) break;
    end = last;
  }
  return text.slice(start, end);
}
