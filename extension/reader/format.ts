/** Pure text formatting for the header and the toast; no DOM, so it can be unit-tested in Node. */
import type { ArticleKind } from '../../src/types.ts';
import { COPY, type CopyFormat } from '../shared/formats.ts';
import { t, tCount } from '../shared/i18n.ts';
import type { CopyResult, SaveResult } from './types.ts';

/**
 * A BCP 47 tag usable in `lang` and Intl, or null. og:locale spells tags with an underscore (`en_US`), which
 * Intl rejects with a RangeError and `:lang()` selectors do not match.
 */
export function normalizeLang(lang: string | null): string | null {
  const tag = lang?.trim().replace(/_/g, '-');
  if (!tag) return null;
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? null;
  } catch {
    return null;
  }
}

/** Chinese, Japanese and Korean break lines between characters, so they get their own line-breaking rules. */
export function isCjk(lang: string | null): boolean {
  return /^(zh|ja|ko)(-|$)/i.test(lang ?? '');
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

export interface DisplayDate {
  /** What a person reads: "5 March 2024" in the article's language, or the page's own words. */
  text: string;
  /** A machine-readable value for `<time datetime>`, when the date parsed. */
  iso: string | null;
}

/** `Article.published` when it is an ISO 8601 date that parses, which formatPublished writes out through Intl. */
export function isoDateOf(published: string | null): string | null {
  const raw = published?.trim();
  return raw && ISO_DATE.test(raw) && !Number.isNaN(Date.parse(raw)) ? raw : null;
}

/** Formats `Article.published` (ISO 8601 when parseable, else the page's own string) for the header. */
export function formatPublished(published: string | null, lang: string | null): DisplayDate | null {
  const raw = published?.trim();
  if (!raw) return null;
  if (isoDateOf(raw) === null) return { text: raw, iso: null };
  const time = Date.parse(raw);
  // A bare date is midnight UTC; shown in a zone west of Greenwich it would become the day before.
  const options: Intl.DateTimeFormatOptions = {
    dateStyle: 'long',
    ...(DATE_ONLY.test(raw) && { timeZone: 'UTC' }),
  };
  for (const locale of [normalizeLang(lang), 'en']) {
    if (!locale) continue;
    try {
      return { text: new Intl.DateTimeFormat(locale, options).format(time), iso: raw };
    } catch {
      // An unsupported locale: try the next one.
    }
  }
  return { text: raw, iso: raw };
}

export function formatWords(words: number): string {
  return tCount('words', words);
}

/**
 * What the page is, when it is not one article: "Thread · 3 replies" (the first post is the question, the rest
 * answer it), "List · 12 items" (or "List", uncounted), "Product"; null for an article.
 */
export function formatKind(kind: ArticleKind, records: number): string | null {
  if (kind === 'thread') return tCount('kindThread', Math.max(0, records - 1));
  // A listing whose cards were not found as one set has no count to give.
  if (kind === 'listing') return records > 0 ? tCount('kindList', records) : t('kindListUncounted');
  if (kind === 'product') return t('kindProduct');
  return null;
}

export function formatReadingTime(minutes: number): string {
  return tCount('minutesRead', Number.isFinite(minutes) ? Math.max(1, Math.round(minutes)) : 1);
}

/**
 * The toast after a copy: "Copied 1,234 words as Markdown", "Copied the selection (42 words)", or why it
 * failed and what to do about it.
 */
export function copyMessage(format: CopyFormat, result: CopyResult, selection = false): string {
  if (!result.ok) return couldNot('copy', result.error);
  return tCount(selection ? COPY[format].copiedSelection : COPY[format].copied, result.words);
}

/** The toast after a code block's Copy code: "Copied the code (12 lines)". */
export function codeCopyMessage(code: string): string {
  const lines = code.replace(/\n$/, '').split('\n').length;
  return tCount('codeCopied', lines);
}

/** The toast after saving: the file's name, or why it failed. */
export function saveMessage(result: SaveResult): string {
  return result.ok ? t('saved', result.name) : couldNot('save', result.error);
}

/** Why a copy or a save failed, where nothing more is known than the error. */
export function couldNot(action: 'copy' | 'save', error: string): string {
  return t(action === 'copy' ? 'couldntCopy' : 'couldntSave', error);
}

/** The site line: the page's own name for itself, else its host name without "www.". */
export function siteLabel(siteName: string | null, url: string): string | null {
  if (siteName?.trim()) return siteName.trim();
  try {
    return new URL(url).hostname.replace(/^www\./, '') || null;
  } catch {
    return null;
  }
}
