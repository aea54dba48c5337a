import { describe, expect, it } from 'vitest';
import {
  codeCopyMessage,
  copyMessage,
  formatKind,
  formatPublished,
  formatReadingTime,
  formatWords,
  isCjk,
  normalizeLang,
  siteLabel,
} from './format.ts';

describe('normalizeLang', () => {
  it('turns og:locale underscores into BCP 47 and drops junk', () => {
    expect(normalizeLang('en_US')).toBe('en-US');
    expect(normalizeLang(' fr ')).toBe('fr');
    expect(normalizeLang('not a tag!')).toBeNull();
    expect(normalizeLang('')).toBeNull();
    expect(normalizeLang(null)).toBeNull();
  });
});

describe('formatKind', () => {
  it('names what the page is when it is not one article, counted where the count is known', () => {
    expect(formatKind('thread', 4)).toBe('Thread · 3 replies');
    expect(formatKind('thread', 2)).toBe('Thread · 1 reply');
    expect(formatKind('listing', 12)).toBe('List · 12 items');
    // Shown anyway, a listing whose cards were not found as one set has no count: not "List · 0 items".
    expect(formatKind('listing', 0)).toBe('List');
    expect(formatKind('product', 0)).toBe('Product');
    expect(formatKind('article', 0)).toBeNull();
  });
});

describe('isCjk', () => {
  it('matches Chinese, Japanese and Korean tags only', () => {
    expect(['zh', 'zh-Hant-TW', 'ja', 'ko-KR'].map(isCjk)).toEqual([true, true, true, true]);
    expect(['en', 'jv', 'kok', null].map(isCjk)).toEqual([false, false, false, false]);
  });
});

describe('formatPublished', () => {
  it('writes an ISO date in the article language, on the stated day whatever the time zone', () => {
    expect(formatPublished('2024-03-05', 'en')).toEqual({ text: 'March 5, 2024', iso: '2024-03-05' });
    expect(formatPublished('2024-03-05', 'de_DE')?.text).toBe('5. März 2024');
  });
  it('falls back to English for an unusable language, and keeps a date it cannot parse as written', () => {
    expect(formatPublished('2024-03-05', 'xx-invalid-tag-')?.text).toBe('March 5, 2024');
    expect(formatPublished('Tuesday morning', 'en')).toEqual({ text: 'Tuesday morning', iso: null });
    expect(formatPublished(null, 'en')).toBeNull();
    expect(formatPublished('  ', 'en')).toBeNull();
  });
});

describe('counts', () => {
  it('groups thousands and says "word" for one', () => {
    expect(formatWords(1234)).toBe('1,234 words');
    expect(formatWords(1)).toBe('1 word');
    expect(formatWords(999)).toBe('999 words');
    expect(formatWords(1234567)).toBe('1,234,567 words');
    expect(formatReadingTime(0.2)).toBe('1 min read');
    expect(formatReadingTime(12.6)).toBe('13 min read');
    expect(formatReadingTime(Number.NaN)).toBe('1 min read');
  });
});

describe('copyMessage', () => {
  it('confirms the count and the format, or says why it failed', () => {
    expect(copyMessage('text', { ok: true, words: 1234 })).toBe('Copied 1,234 words');
    expect(copyMessage('markdown', { ok: true, words: 1234 })).toBe('Copied 1,234 words as Markdown');
    expect(copyMessage('html', { ok: true, words: 3 }, true)).toBe(
      'Copied the selection (3 words) as rich text',
    );
    expect(copyMessage('text', { ok: false, error: 'Denied.' })).toBe('Couldn’t copy: Denied.');
  });
});

describe('codeCopyMessage', () => {
  it('counts the code’s lines, a last line break ending the last line rather than starting one', () => {
    expect(codeCopyMessage('x = 1')).toBe('Copied the code (1 line)');
    expect(codeCopyMessage('def f():\n    return 1\n')).toBe('Copied the code (2 lines)');
    expect(codeCopyMessage(`${'a\n'.repeat(1200)}`)).toBe('Copied the code (1,200 lines)');
  });
});

describe('siteLabel', () => {
  it('prefers the site name, else the host without www', () => {
    expect(siteLabel('The Harbour Review', 'https://news.test/a')).toBe('The Harbour Review');
    expect(siteLabel(null, 'https://www.example.org/a')).toBe('example.org');
    expect(siteLabel('  ', 'not a url')).toBeNull();
  });
});
