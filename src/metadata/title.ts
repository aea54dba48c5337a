import { comparable } from '../dom/chars.ts';
import { countWords } from './reading.ts';

/**
 * The article title from a `<title>` ("First medal for Tanzania | BBC Sport" → "First medal for
 * Tanzania"), in the manner of Readability's `_getArticleTitle` (mozilla/readability). Pure string logic.
 *
 * 1. A known site name is stripped from either end, whatever is left.
 * 2. A part (or run of parts) equal to a heading of the page is the title.
 * 3. Otherwise one end is cut at a separator (`| – — - · » /`, dashes only with spaces around them, so
 *    "Covid-19" stays whole): the end holding the shorter part is taken for the site name. The cut is kept
 *    only when at least 3 words remain; "Brexit | BBC" stays as it is.
 *    Breadcrumb separators (» › >) keep the longest part.
 * A colon is a separator only for a known site name or a matching heading: "Review: the new phone" is the
 * title, not "the new phone".
 */

/** Separators between title and site name. Dashes and slashes need spaces around them; a pipe doesn't. */
const SEPARATOR = /\s+(?:[|–—·•»›>/~]|-{1,2}|::)\s+|\s*\|\s*/g;
const HIERARCHICAL = /^\s*[»›>]\s*$/;
const MIN_WORDS = 3;

export interface TitleHints {
  siteName?: string | null;
  /** Texts of the page's h1 (and h2) headings. */
  headings?: string[];
}

export function cleanTitle(raw: string, hints: TitleHints = {}): string {
  const title = normalize(raw);
  if (title === '') return '';
  const headings = new Set((hints.headings ?? []).map(comparable).filter((h) => h !== ''));
  if (headings.has(comparable(title))) return title;

  const site = hints.siteName ? normalize(hints.siteName) : '';
  if (site !== '') {
    const stripped = stripSiteName(title, site);
    if (stripped !== title && stripped !== '') return stripped;
  }

  const { parts, separators } = split(title);
  if (headings.size > 0) {
    const match = headingSpan(parts, separators, headings) ?? headingSpan(...colonSplit(title), headings);
    if (match !== null) return match;
  }
  if (parts.length < 2) return title;

  if (separators.some((s) => HIERARCHICAL.test(s))) {
    let best = '';
    for (const p of parts) if (countWords(p) > countWords(best)) best = p;
    return countWords(best) >= MIN_WORDS ? best : title;
  }
  const first = parts[0] ?? '';
  const last = parts[parts.length - 1] ?? '';
  const candidate =
    countWords(last) <= countWords(first)
      ? join(parts.slice(0, -1), separators.slice(0, -1))
      : join(parts.slice(1), separators.slice(1));
  return countWords(candidate) >= MIN_WORDS ? candidate : title;
}

/** A heading as long as this share of a title that begins with it is that title, shortened (a subtitle left out). */
const PREFIX_SHARE = 0.6;

/**
 * Whether `title` (one the page declares) names `heading` as its headline: the same text, one of its parts set
 * off by separators (the rest is the site's name or section), or its beginning, shortened by a subtitle or a
 * date. A heading that is only a fragment of it ("Nike Pegasus 41" in "Nike Pegasus 41 Men's Road Running Shoes")
 * is not the headline.
 */
export function confirmsHeading(title: string, heading: string): boolean {
  const h = comparable(heading);
  const t = comparable(title);
  if (h === '' || t === '') return false;
  if (h === t || (t.startsWith(h) && h.length >= PREFIX_SHARE * t.length)) return true;
  const { parts, separators } = split(normalize(title));
  const splits = [
    { spans: parts, seps: separators, firstIsTitle: true },
    // "Engora Data Blog: Small adventures…": before a colon is as often the site as the headline.
    { ...colonParts(normalize(title)), firstIsTitle: false },
  ];
  for (const { spans, seps, firstIsTitle } of splits) {
    // A part shorter than another is a site's or a section's name ("Story | Blog | Site"), not the headline,
    // unless it comes first ("Introduction - From Zero to QED").
    const longest = Math.max(...spans.map(countWords));
    for (let i = 0; i < spans.length; i++) {
      for (let j = i; j < spans.length; j++) {
        const span = join(spans.slice(i, j + 1), seps.slice(i, j));
        if (comparable(span) === h && ((i === 0 && firstIsTitle) || countWords(span) >= longest)) return true;
      }
    }
  }
  return false;
}

function colonParts(title: string): { spans: string[]; seps: string[] } {
  const [spans, seps] = colonSplit(title);
  return { spans, seps };
}

/** Words of four letters or more, lower-cased: what two titles of one story share ("the", "of" are not). */
function contentWords(text: string): Set<string> {
  return new Set((text.toLowerCase().match(/[\p{L}\p{N}]{4,}/gu) ?? []).slice(0, 200));
}

/**
 * Whether `title` names nothing `heading` does: no word of four letters or more in common. A `<title>` that is
 * the site's own ("Reddit - The heart of the internet") is not a variant of the story's headline; an SEO
 * title reworded from the headline still shares its subject's words.
 */
export function unrelatedTitles(title: string, heading: string): boolean {
  return contentWords(heading).size > 0 && sharedWords(title, heading) === 0;
}

/** How many words of four letters or more `a` and `b` have in common. */
function sharedWords(a: string, b: string): number {
  const words = contentWords(b);
  let shared = 0;
  for (const word of contentWords(a)) if (words.has(word)) shared++;
  return shared;
}

/**
 * Whether `heading` is a headline of the story `title` declares, worded apart: a sentence of four words or
 * more sharing two of the title's words. Sites write a `<title>` and `og:title` for search and sharing
 * ("Best Apps to Learn a Language in 2025 – Top 10 Picks") over the headline a reader sees ("Top 10: Best
 * Language Learning App"); a logo, a menu or a section's name is shorter or shares nothing. A heading holding
 * every word of the title is the title with more beside it ("(news.test)"), and one whose every word the title
 * holds is the title less its brand: either way the declared title is the same words, and kept.
 */
export function rewordsTitle(title: string, heading: string): boolean {
  const shared = sharedWords(title, heading);
  return (
    countWords(heading) >= 4 &&
    shared >= 2 &&
    shared < contentWords(title).size &&
    shared < contentWords(heading).size
  );
}

/** The title without a known site name at its start or end (colons count as separators here). */
export function stripSiteName(title: string, site: string): string {
  const name = escapeRegExp(normalize(site));
  if (name === '' || comparable(title) === comparable(site)) return title;
  const sep = String.raw`(?:\s*[|–—·•»›>/:~]\s*|\s+-{1,2}\s*|\s*-{1,2}\s+|\s*::\s*)`;
  const end = new RegExp(`${sep}${name}\\s*$`, 'iu');
  const start = new RegExp(`^\\s*${name}${sep}`, 'iu');
  return title.replace(end, '').replace(start, '').trim();
}

/** The title without a first or last part that spells the site's host (spellsHost): "… | Bold.org". */
export function stripHostPart(title: string, hosts: readonly string[]): string {
  const { parts, separators } = split(title);
  if (parts.length < 2) return title;
  if (spellsHost(parts[parts.length - 1] ?? '', hosts))
    return join(parts.slice(0, -1), separators.slice(0, -1));
  if (spellsHost(parts[0] ?? '', hosts)) return join(parts.slice(1), separators.slice(1));
  return title;
}

/**
 * Whether `text`'s letters and digits spell one of the hosts: whole, or its site's own name (the label before
 * the last, "virtualbox" or "virtualbox.org" for forums.virtualbox.org), `www.` aside.
 */
export function spellsHost(text: string, hosts: readonly string[]): boolean {
  const squeeze = (value: string) => comparable(value).replace(/\s+/g, '');
  const key = squeeze(text);
  if (key.length < 3) return false;
  return hosts.some((host) => {
    const labels = host.replace(/^www\./i, '').split('.');
    const site = labels.slice(-2);
    const names = [labels.join('.'), labels.slice(0, -1).join('.'), site.join('.'), site[0] ?? ''];
    return names.some((name) => squeeze(name).length >= 3 && squeeze(name) === key);
  });
}

function split(title: string): { parts: string[]; separators: string[] } {
  const parts: string[] = [];
  const separators: string[] = [];
  let from = 0;
  for (const m of title.matchAll(SEPARATOR)) {
    const at = m.index ?? 0;
    const part = title.slice(from, at).trim();
    from = at + m[0].length;
    if (part === '') continue;
    parts.push(part);
    separators.push(m[0]);
  }
  const tail = title.slice(from).trim();
  if (tail !== '') parts.push(tail);
  else separators.pop();
  return { parts, separators };
}

function colonSplit(title: string): [string[], string[]] {
  const parts = title.split(/:\s+/);
  return [parts, parts.slice(1).map(() => ': ')];
}

/** The longest run of consecutive parts that equals a heading, joined as in the title. */
function headingSpan(parts: string[], separators: string[], headings: Set<string>): string | null {
  let best: string | null = null;
  for (let i = 0; i < parts.length; i++) {
    for (let j = i; j < parts.length; j++) {
      if (i === 0 && j === parts.length - 1) continue;
      const span = join(parts.slice(i, j + 1), separators.slice(i, j));
      if (headings.has(comparable(span)) && (best === null || span.length > best.length)) best = span;
    }
  }
  return best;
}

function join(parts: string[], separators: string[]): string {
  let out = parts[0] ?? '';
  for (let i = 1; i < parts.length; i++) out += (separators[i - 1] ?? ' ') + (parts[i] ?? '');
  return out.trim();
}

export function normalize(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Escaped for a `u` regular expression, where escaping a character that needs none ("\\-") is an error. */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(/ /g, '\\s+');
}
