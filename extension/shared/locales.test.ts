import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { groupDecimal, groupDigits, LOCALE_CODES, LOCALES, type LocaleCode } from './locales.ts';

const LOCALES_DIR = path.resolve(import.meta.dirname, '../../_locales');

type MessageFile = Record<string, { message: string; description?: string }>;

const read = (code: string): MessageFile =>
  JSON.parse(readFileSync(path.join(LOCALES_DIR, code, 'messages.json'), 'utf8')) as MessageFile;

const PLURAL = /^(.+)_(zero|one|two|few|many|other)$/;

/** A message's name without its plural form, and the `$1`… it takes. */
const baseName = (name: string): string => PLURAL.exec(name)?.[1] ?? name;
const valuesOf = (message: string): string[] => [...new Set(message.match(/\$[1-9]/g) ?? [])].sort();

/** Numbers that reach every plural form of the five languages: 0, 1, 2, the teens, and the millions. */
const SAMPLES = [...Array.from({ length: 2001 }, (_, n) => n), 1_000_000, 2_000_000, 1_000_001, 3_500_000];

const english = read('en');

describe('the locale files', () => {
  it('are the languages locales.ts lists, each naming itself', () => {
    expect(readdirSync(LOCALES_DIR).sort()).toEqual([...LOCALE_CODES].sort());
    for (const code of LOCALE_CODES) expect(read(code).locale?.message, code).toBe(code);
  });

  for (const code of LOCALE_CODES) {
    describe(code, () => {
      const messages = read(code);

      it('has every message English has and no other, none empty', () => {
        const bases = (file: MessageFile) => [...new Set(Object.keys(file).map(baseName))].sort();
        expect(bases(messages)).toEqual(bases(english));
        for (const [name, { message }] of Object.entries(messages)) expect(message.trim(), name).not.toBe('');
      });

      it('writes each counted message in exactly the plural forms the language uses', () => {
        const forms = new Set(SAMPLES.map((n) => LOCALES[code].plural(n)));
        for (const base of new Set(
          Object.keys(english)
            .filter((n) => PLURAL.test(n))
            .map(baseName),
        )) {
          const given = Object.keys(messages)
            .filter((name) => baseName(name) === base && PLURAL.test(name))
            .map((name) => PLURAL.exec(name)?.[2])
            .sort();
          expect(given, base).toEqual([...forms].sort());
        }
      });

      it('takes the same values ($1…) as English in each message', () => {
        for (const [name, { message }] of Object.entries(messages)) {
          const inEnglish = english[name] ?? english[`${baseName(name)}_other`];
          expect(valuesOf(message), name).toEqual(valuesOf(inEnglish?.message ?? ''));
        }
      });
    });
  }
});

describe('how each language writes a count', () => {
  for (const code of LOCALE_CODES) {
    it(`${code}: the plural rule, the digit grouping and the direction are Intl's`, () => {
      const rules = new Intl.PluralRules(code);
      const numbers = new Intl.NumberFormat(code, { maximumFractionDigits: 0 });
      for (const n of SAMPLES) expect(LOCALES[code].plural(n), `${code} ${n}`).toBe(rules.select(n));
      const info = new Intl.Locale(code) as Intl.Locale & { textInfo?: { direction: string } };
      expect(LOCALES[code].dir).toBe(info.textInfo?.direction);
      for (const n of [0, 7, 999, 1000, 1234, 12_345, 999_999, 1_234_567, 42_000_000]) {
        expect(groupDigits(n, code as LocaleCode), `${code} ${n}`).toBe(numbers.format(n));
      }
      const tenths = new Intl.NumberFormat(code, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
      for (const n of [0, 0.25, 1.5, 4, 12.34, 1234.5, 20_000.06]) {
        expect(groupDecimal(n, 1, code as LocaleCode), `${code} ${n}`).toBe(tenths.format(n));
      }
    });
  }
});
