/**
 * The languages Lectern's words are written in (`_locales/<code>/messages.json`), with how each writes a count:
 * its digit grouping and its CLDR plural rule, and its direction. Written out here rather than asked of Intl because the reader's
 * first frame shows counts, and the first Intl object in a tab costs 10–20 ms of ICU set-up; the unit tests
 * check both against Intl.NumberFormat and Intl.PluralRules.
 */

export type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

export interface Locale {
  /** Between each three digits. */
  group: string;
  /** Before the fraction. */
  decimal: string;
  /** Its writing direction. */
  dir: 'ltr' | 'rtl';
  /** The fewest digits a number has before it is grouped (Spanish leaves "1234" whole). */
  minDigitsToGroup: number;
  /** The plural category of a whole number `n` ≥ 0. */
  plural(n: number): PluralCategory;
}

const millions = (n: number): boolean => n !== 0 && n % 1_000_000 === 0;

export const LOCALES = {
  en: {
    group: ',',
    decimal: '.',
    dir: 'ltr',
    minDigitsToGroup: 4,
    plural: (n) => (n === 1 ? 'one' : 'other'),
  },
  de: {
    group: '.',
    decimal: ',',
    dir: 'ltr',
    minDigitsToGroup: 4,
    plural: (n) => (n === 1 ? 'one' : 'other'),
  },
  es: {
    group: '.',
    decimal: ',',
    dir: 'ltr',
    minDigitsToGroup: 5,
    plural: (n) => (n === 1 ? 'one' : millions(n) ? 'many' : 'other'),
  },
  fr: {
    group: '\u202f',
    decimal: ',',
    dir: 'ltr',
    minDigitsToGroup: 4,
    plural: (n) => (n === 0 || n === 1 ? 'one' : millions(n) ? 'many' : 'other'),
  },
  ja: { group: ',', decimal: '.', dir: 'ltr', minDigitsToGroup: 4, plural: () => 'other' },
} as const satisfies Record<string, Locale>;

export type LocaleCode = keyof typeof LOCALES;

export const LOCALE_CODES = Object.keys(LOCALES) as LocaleCode[];

export const isLocaleCode = (code: string): code is LocaleCode => Object.hasOwn(LOCALES, code);

/** `n` rounded to a whole number and grouped the way `locale` writes it: "12,345", "12.345", "12 345". */
export function groupDigits(n: number, locale: LocaleCode): string {
  const { group, minDigitsToGroup } = LOCALES[locale];
  const whole = String(Math.round(Math.abs(n)));
  const sign = n < 0 && whole !== '0' ? '-' : '';
  if (whole.length < minDigitsToGroup) return sign + whole;
  return sign + whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
}

/** `n` with `digits` decimals (trailing zeros kept), written the way `locale` writes it: "1.5", "1,5". */
export function groupDecimal(n: number, digits: number, locale: LocaleCode): string {
  const [whole = '0', fraction] = Math.abs(n).toFixed(digits).split('.');
  const sign = n < 0 && /[1-9]/.test(whole + (fraction ?? '')) ? '-' : '';
  const grouped = groupDigits(Number(whole), locale);
  return sign + (fraction === undefined ? grouped : grouped + LOCALES[locale].decimal + fraction);
}
