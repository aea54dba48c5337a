/**
 * How much of storage.local each kind of thing Lectern keeps may take. The browsers give an extension 10 MB
 * there; the fixes and the memory are bounded apart, each dropping its least recently used first, so that
 * together they stay well under it and one can never crowd out the other.
 */
import { formatDecimal, t } from './i18n.ts';

/** The fixes together: a fix is a few hundred bytes, at its bound (101 selectors of 300 characters) 30 KB. */
export const MAX_FIX_BYTES = 2_000_000;

/**
 * The boilerplate memory's sites together: a site's memory is 40–70 KB at its bound (src/template/), so this
 * holds 60 full ones and more smaller ones.
 */
export const MAX_MEMORY_BYTES = 4_000_000;

/** What a key and its value take in storage, as the browsers count it: the key and the value as JSON, UTF-8. */
export const bytesOf = (key: string, value: unknown): number =>
  new TextEncoder().encode(key + JSON.stringify(value)).length;

export const megabytes = (bytes: number): string => t('megabytes', formatDecimal(bytes / 1_000_000, 1));
