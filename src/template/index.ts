/**
 * Boilerplate memory (docs/extraction.md, "Boilerplate memory"): a site's template (its footer,
 * newsletter box, author panel, "related" headers) is the text that comes back on its other pages, which one
 * page alone cannot tell from the article (template detection by DOM mapping compares a page with the pages it
 * links to; we compare it with the pages of the site a person has read). A segment is known by a fingerprint,
 * a 32-bit hash of its normalised text: the memory holds numbers, never the text itself. A segment seen on
 * two or more other pages of the site is template, and score/scored.ts scores it as not article.
 *
 * Plain data and pure functions: the extension keeps one SiteMemory per origin (extension/shared/memory.ts),
 * the benchmark one per site of a sequence (bench/memory.ts).
 */
import type { Segment } from '../segments/index.ts';

/**
 * Shorter text is not worth a fingerprint: a "Share", a "Sort: Best Match" or a spec row ("Memory: 8 GB RAM")
 * says nothing of the site's template, and the same short line on two product pages is often the product's own.
 */
export const MIN_FINGERPRINT_CHARS = 20;

/**
 * The fingerprint of a text, normalised as a person reads it (case and runs of white space do not count), or 0
 * when it has fewer than MIN_FINGERPRINT_CHARS characters. Digits count: read as one, "300 reviews with an
 * average rating of 4.5" under every product of a shop's listing was one line, and the listing its template
 * (modern-dev's REI collections lost their whole text; docs/extraction.md, "Boilerplate memory").
 */
export function fingerprintOf(text: string): number {
  const normal = text.toLowerCase().replace(/\s+/g, ' ').trim();
  return normal.length < MIN_FINGERPRINT_CHARS ? 0 : hashOf(normal);
}

/** FNV-1a over the text's UTF-16 units, never 0 (0 is "no fingerprint"). */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0 || 1;
}

/**
 * Each segment's fingerprint, 0 where it has none (a box walked as one segment, raw '': its text was never read)
 * and where the page holds it more than once: a site's template block is on each page once, and a line a page
 * repeats (a rating under each product, a "Reply" under each post) is the page's own structure, never template.
 */
export function segmentFingerprints(segments: readonly Segment[]): number[] {
  const fingerprints = segments.map((s) => fingerprintOf(s.raw));
  const count = new Map<number, number>();
  for (const fp of fingerprints) count.set(fp, (count.get(fp) ?? 0) + 1);
  return fingerprints.map((fp) => (count.get(fp) === 1 ? fp : 0));
}

/** The page's fingerprints (segmentFingerprints, 0s left out), in page order: what the memory is told of it. */
export const pageFingerprints = (segments: readonly Segment[]): number[] =>
  segmentFingerprints(segments).filter((fp) => fp !== 0);

/**
 * What is remembered of one site: the pages read (their address's fingerprint, most recent last) and, for each
 * segment fingerprint, the pages it was seen on. `seen` is a list of [fingerprint, page, page, …], least
 * recently seen first, so that the bound drops what has not come back: template comes back on every page.
 */
export interface SiteMemory {
  pages: number[];
  seen: number[][];
}

/** The bounds of one site's memory: about 1,500 × 4 numbers, 40–60 KB as JSON. */
export const MAX_PAGES = 50;
export const MAX_FINGERPRINTS = 1500;
/** Two other pages make a segment template; one more keeps that true when the page itself is one of them. */
const MAX_PAGES_PER_FINGERPRINT = 3;
/** Bounds what one page may add, however many segments it has. */
const MAX_PAGE_FINGERPRINTS = 1000;
/** A segment seen on this many other pages of the site is template. */
export const TEMPLATE_PAGES = 2;

/** A page's address as the memory knows it: its hash as written, the fragment left out (the same page). */
export const pageOf = (url: string): number => hashOf(url.split('#')[0] as string);

/** The memory after reading a page: `fingerprints` (pageFingerprints) seen on `url`, within the bounds. */
export function remember(
  memory: SiteMemory | null,
  url: string,
  fingerprints: readonly number[],
): SiteMemory {
  const page = pageOf(url);
  const known = new Map<number, number[]>();
  for (const entry of readMemory(memory).seen) known.set(entry[0] as number, entry.slice(1));
  const pages = readMemory(memory).pages.filter((p) => p !== page);
  pages.push(page);
  const forgotten = new Set(pages.splice(0, Math.max(0, pages.length - MAX_PAGES)));
  for (const fp of fingerprints.slice(0, MAX_PAGE_FINGERPRINTS)) {
    const on = (known.get(fp) ?? []).filter((p) => p !== page);
    on.push(page);
    // Seen again: to the end of the list, which the bound drops from its start.
    known.delete(fp);
    known.set(fp, on.slice(-MAX_PAGES_PER_FINGERPRINT));
  }
  const seen: number[][] = [];
  for (const [fp, on] of known) {
    const kept = on.filter((p) => !forgotten.has(p));
    if (kept.length > 0) seen.push([fp, ...kept]);
  }
  return { pages, seen: seen.slice(-MAX_FINGERPRINTS) };
}

/**
 * The site's template for the page at `url`: the fingerprints seen on TEMPLATE_PAGES or more of its other
 * pages. `memory` is read as stored data (any shape gives what of it is well formed).
 */
export function templateFor(memory: unknown, url: string): number[] {
  const page = pageOf(url);
  const seen = (memory as Partial<SiteMemory> | null | undefined)?.seen;
  const out: number[] = [];
  // Read as stored data, whatever its shape: what is not a list of numbers counts for nothing.
  if (Array.isArray(seen))
    for (const entry of seen.slice(-MAX_FINGERPRINTS))
      if (Array.isArray(entry) && entry.filter((p, i) => i > 0 && p !== page).length >= TEMPLATE_PAGES)
        out.push(entry[0] as number);
  return out;
}

/** How many pages of the site the memory has read. */
export const pagesRead = (memory: unknown): number => readMemory(memory).pages.length;

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** A stored memory's well-formed parts, within the bounds; an empty memory for anything else. */
function readMemory(value: unknown): SiteMemory {
  const data = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const pages = Array.isArray(data.pages) ? data.pages.filter(isNumber).slice(-MAX_PAGES) : [];
  const seen = Array.isArray(data.seen)
    ? data.seen
        .slice(-MAX_FINGERPRINTS)
        .filter(
          (entry): entry is number[] => Array.isArray(entry) && entry.length >= 2 && entry.every(isNumber),
        )
    : [];
  return { pages, seen };
}
