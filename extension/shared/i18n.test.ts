import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser } from 'webextension-polyfill';
import { inEnglish, PROBLEM_ENGLISH, type ProblemCode } from '../../src/rules/index.ts';
import { provideApi } from './api.ts';
import { formatNumber, messagesLocale, t, tCount } from './i18n.ts';
import { ruleProblem, SELECTOR_WHY } from './site-rules.ts';

type MessageFile = Record<string, { message: string }>;

/** A language's file, or none where Lectern is not written in it. */
function read(code: string): MessageFile {
  const file = path.resolve(import.meta.dirname, '../../_locales', code, 'messages.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as MessageFile) : {};
}

/**
 * The browser's i18n as both browsers behave: the UI language's file, else the default locale's (English), else
 * ''; `$1`… substituted. `ui` is the browser's UI language, which a test changes.
 */
let ui = 'en';
const fakeI18n = {
  getUILanguage: () => ui,
  getMessage(name: string, values: string[] = []) {
    const entry = (ui === 'en' ? undefined : read(ui.split('-')[0] ?? '')[name]) ?? read('en')[name];
    return entry ? entry.message.replace(/\$([1-9])/g, (_m, n: string) => values[Number(n) - 1] ?? '') : '';
  },
};
provideApi({ i18n: fakeI18n } as unknown as Browser);

describe('t and tCount in the person’s language', () => {
  it('speak English with English grouping and plurals', () => {
    ui = 'en';
    expect(messagesLocale()).toBe('en');
    expect(tCount('words', 1)).toBe('1 word');
    expect(tCount('words', 12345)).toBe('12,345 words');
    expect(t('saved', 'a.md')).toBe('Saved a.md');
  });

  it('follow the UI language: German forms and grouping', () => {
    ui = 'de';
    expect(messagesLocale()).toBe('de');
    expect(tCount('words', 1)).toBe('1 Wort');
    expect(tCount('words', 12345)).toBe('12.345 Wörter');
    expect(tCount('imported', 2, 'f.json')).toBe('2 Korrekturen aus f.json importiert.');
  });

  it('use French’s forms: 0 is singular, a round million takes “de”', () => {
    ui = 'fr';
    expect(tCount('words', 0)).toBe('0 mot');
    expect(tCount('words', 1_000_000)).toBe('1\u202f000\u202f000 de mots');
    expect(formatNumber(1234)).toBe('1\u202f234');
  });

  it('use Japanese’s one form and put the values where its grammar does', () => {
    ui = 'ja';
    expect(tCount('words', 1)).toBe('1 語');
    expect(tCount('importQuestion', 3, 'f.json')).toBe('f.json から 3 件の修正をインポートしますか?');
  });

  it('say what is wrong with a fix’s selector in the person’s language, its English the grammar’s own', () => {
    ui = 'en';
    for (const [code, english] of Object.entries(PROBLEM_ENGLISH))
      expect(read('en')[SELECTOR_WHY[code as ProblemCode]]?.message, code).toBe(english);
    const fix = { root: null, remove: ['main', 'h2 ~ p'] };
    expect(ruleProblem(fix)).toBe(`block 2 ("h2 ~ p"): ${inEnglish({ code: 'sibling', args: ['~'] })}.`);
    ui = 'de';
    expect(ruleProblem(fix)).toBe(
      'Block 2 ("h2 ~ p"): „~“ (Bereiche nebeneinander) ist nicht erlaubt: Nur ein Leerzeichen (darin) und „>“ (direkt darin) verbinden Bereiche.',
    );
    ui = 'ja';
    expect(ruleProblem({ root: null, remove: ['a'.repeat(1234)] })).toContain(
      '長すぎます(1,234 文字。最大 300 文字)',
    );
  });

  it('fall back to English in a language Lectern is not written in', () => {
    ui = 'it';
    expect(messagesLocale()).toBe('en');
    expect(tCount('words', 1234)).toBe('1,234 words');
  });
});
