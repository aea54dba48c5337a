/**
 * What a person sees first, beside the body text: the title, the byline, the date and the article's headings,
 * each judged against a gold that states it (modern-dev's gold.json `title`, `author`, `published`, and its
 * plain-text body for the headings). Pure functions: the page side only collects the strings.
 *
 * - title, exact: the same text once white space is collapsed (Unicode NFKC);
 * - title, close: word F1 ≥ 0.8, or one is the other less a part set off by `| - – — : ·` (the gold title is
 *   often the page's `<title>`, site name and all);
 * - author: every word of the gold author is in the byline, which is at most twice as long (in words), so a
 *   whole author box or a date beside the name doesn't pass;
 * - date: the same calendar day, as the text states it (no time-zone shift);
 * - headings: of the page's own h1–h6 whose text is a line of the gold text, the share the extractor kept as a
 *   heading of its article (or as its title).
 *
 * Each is capped by the gold: a gold title, author or date the page states nowhere can't be found by any
 * extractor. `goldOnPage` counts where it is stated (see PageStatements) by the same rules.
 */

/** What a corpus page's gold says of its metadata; null where it says nothing (such a page isn't counted). */
export interface GoldMeta {
  title: string | null;
  author: string | null;
  /** A date, as the gold writes it (YYYY-MM-DD in modern-dev). */
  published: string | null;
}

/** What an extractor gave for a page. */
export interface GivenMeta {
  title: string | null;
  byline: string | null;
  published: string | null;
  /** The text of each h1–h6 of its article, in order. */
  headings: string[];
}

/** One extractor's agreement with one page's gold: null where the gold says nothing. */
export interface MetaVerdict {
  titleExact: boolean | null;
  titleClose: boolean | null;
  author: boolean | null;
  date: boolean | null;
  /** The page's headings that are lines of the gold text, and how many of them the extractor kept. */
  headings: { found: number; kept: number };
}

/** Words as the title and author measures count them: runs of letters and digits, lower-cased. */
export function metaWords(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** A heading's or a line's key: its words, so that a "¶" or "#" glyph, case and spacing don't count. */
export function headingKey(text: string): string {
  return metaWords(text).join(' ');
}

const tidy = (text: string): string => text.normalize('NFKC').replace(/\s+/g, ' ').trim();

/** Word F1 of two texts (multisets of words); 0 when either has none. */
export function wordF1(a: string, b: string): number {
  const aWords = metaWords(a);
  const bWords = metaWords(b);
  if (aWords.length === 0 || bWords.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const word of bWords) counts.set(word, (counts.get(word) ?? 0) + 1);
  let common = 0;
  for (const word of aWords) {
    const left = counts.get(word) ?? 0;
    if (left > 0) {
      common++;
      counts.set(word, left - 1);
    }
  }
  const precision = common / aWords.length;
  const recall = common / bWords.length;
  return common === 0 ? 0 : (2 * precision * recall) / (precision + recall);
}

/** A bar, a spaced hyphen, a dash, a colon or a middle dot between two parts of a title. */
const TITLE_SEPARATOR = /\s*[|–—:·]\s*|\s+-\s+/gu;

/** Whether `longer` is `shorter` with one part before or after a separator added. */
function lessAPart(longer: string, shorter: string): boolean {
  const target = headingKey(shorter);
  if (target === '') return false;
  for (const match of longer.matchAll(TITLE_SEPARATOR)) {
    const at = match.index ?? 0;
    if (headingKey(longer.slice(0, at)) === target) return true;
    if (headingKey(longer.slice(at + match[0].length)) === target) return true;
  }
  return false;
}

export function titleExact(given: string | null, gold: string): boolean {
  return given !== null && tidy(given) === tidy(gold);
}

export function titleClose(given: string | null, gold: string): boolean {
  if (given === null || tidy(given) === '') return false;
  return wordF1(given, gold) >= 0.8 || lessAPart(given, gold) || lessAPart(gold, given);
}

export function authorAgrees(byline: string | null, gold: string): boolean {
  if (byline === null) return false;
  const words = metaWords(byline);
  const goldWords = metaWords(gold);
  if (goldWords.length === 0 || words.length > 2 * goldWords.length) return false;
  const have = new Set(words);
  return goldWords.every((word) => have.has(word));
}

/** The calendar day a date string states, as YYYY-MM-DD; null when it states none. */
export function dayOf(text: string | null): string | null {
  if (text === null) return null;
  const iso = /(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const time = Date.parse(text);
  if (Number.isNaN(time)) return null;
  // Date.parse reads a date without a zone as local time: the local fields are the day as written.
  const date = new Date(time);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function dateAgrees(given: string | null, gold: string): boolean {
  const day = dayOf(given);
  return day !== null && day === dayOf(gold);
}

/**
 * Of `pageHeadings` (the page's h1–h6 texts), those whose key is a line of `goldText`, each key once; and how
 * many of those are among the extractor's headings or its title.
 */
export function headingRecall(
  pageHeadings: readonly string[],
  goldText: string,
  given: Pick<GivenMeta, 'title' | 'headings'>,
): { found: number; kept: number } {
  const lines = new Set(goldText.split('\n').map(headingKey));
  const found = new Set(pageHeadings.map(headingKey).filter((key) => key !== '' && lines.has(key)));
  const keptKeys = new Set(given.headings.map(headingKey));
  if (given.title !== null) keptKeys.add(headingKey(given.title));
  let kept = 0;
  for (const key of found) if (keptKeys.has(key)) kept++;
  return { found: found.size, kept };
}

export function judgeMeta(
  given: GivenMeta | null,
  gold: GoldMeta,
  goldText: string,
  pageHeadings: readonly string[],
): MetaVerdict {
  const title = given?.title ?? null;
  return {
    titleExact: gold.title === null ? null : titleExact(title, gold.title),
    titleClose: gold.title === null ? null : titleClose(title, gold.title),
    author: gold.author === null ? null : authorAgrees(given?.byline ?? null, gold.author),
    date: gold.published === null ? null : dateAgrees(given?.published ?? null, gold.published),
    headings: headingRecall(pageHeadings, goldText, { title, headings: given?.headings ?? [] }),
  };
}

/** A share: `hits` of `of` pages (or headings). */
export interface Rate {
  hits: number;
  of: number;
}

export interface MetaScore {
  titleExact: Rate;
  titleClose: Rate;
  author: Rate;
  date: Rate;
  /** Pooled over the pages: kept headings of all found. */
  headings: Rate;
}

export function rateValue(rate: Rate): number | null {
  return rate.of === 0 ? null : rate.hits / rate.of;
}

/** The verdicts of some pages, added up. */
export function scoreMeta(verdicts: readonly MetaVerdict[]): MetaScore {
  const count = (pick: (verdict: MetaVerdict) => boolean | null): Rate => {
    let hits = 0;
    let of = 0;
    for (const verdict of verdicts) {
      const value = pick(verdict);
      if (value === null) continue;
      of++;
      if (value) hits++;
    }
    return { hits, of };
  };
  let found = 0;
  let kept = 0;
  for (const verdict of verdicts) {
    found += verdict.headings.found;
    kept += verdict.headings.kept;
  }
  return {
    titleExact: count((verdict) => verdict.titleExact),
    titleClose: count((verdict) => verdict.titleClose),
    author: count((verdict) => verdict.author),
    date: count((verdict) => verdict.date),
    headings: { hits: kept, of: found },
  };
}

/**
 * What the page as loaded states, for the caps: its h1–h6; the titles it declares or shows (`<title>`, the
 * title metas, JSON-LD headline and name, h1 and h2); and its short texts (each element's text up to a few
 * hundred characters, meta contents, `datetime` attributes, JSON-LD strings), where a byline or a date is.
 */
export interface PageStatements {
  headings: string[];
  titles: string[];
  texts: string[];
}

/** Whether the gold title, author and date are stated on the page; null where the gold says nothing. */
export interface GoldOnPage {
  title: boolean | null;
  author: boolean | null;
  date: boolean | null;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const;
const MONTH = String.raw`\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?`;
const DAY = String.raw`(\d{1,2})(?:st|nd|rd|th)?`;
const DATE_FORMS: readonly { pattern: RegExp; read: (m: RegExpMatchArray) => [number, number, number][] }[] =
  [
    { pattern: /(\d{4})-(\d{1,2})-(\d{1,2})/g, read: (m) => [[+(m[1] ?? 0), +(m[2] ?? 0), +(m[3] ?? 0)]] },
    { pattern: /(\d{4})\/(\d{1,2})\/(\d{1,2})/g, read: (m) => [[+(m[1] ?? 0), +(m[2] ?? 0), +(m[3] ?? 0)]] },
    {
      pattern: new RegExp(`${MONTH}\\s+${DAY},?\\s+(\\d{4})`, 'gi'),
      read: (m) => [[+(m[3] ?? 0), monthNumber(m[1]), +(m[2] ?? 0)]],
    },
    {
      pattern: new RegExp(`${DAY}\\s+(?:of\\s+)?${MONTH},?\\s+(\\d{4})`, 'gi'),
      read: (m) => [[+(m[3] ?? 0), monthNumber(m[2]), +(m[1] ?? 0)]],
    },
    // Day and month either way round: the cap counts a date the page could mean.
    {
      pattern: /\b(\d{1,2})[/.](\d{1,2})[/.](\d{4})\b/g,
      read: (m) => [
        [+(m[3] ?? 0), +(m[1] ?? 0), +(m[2] ?? 0)],
        [+(m[3] ?? 0), +(m[2] ?? 0), +(m[1] ?? 0)],
      ],
    },
  ];

function monthNumber(name: string | undefined): number {
  return MONTHS.indexOf((name ?? '').slice(0, 3).toLowerCase() as (typeof MONTHS)[number]) + 1;
}

/**
 * The calendar days (YYYY-MM-DD) a text states in the forms pages write: ISO, year/month/day, English month
 * names either side of the day, and numeric day and month either way round.
 */
export function daysIn(text: string): string[] {
  const pad = (n: number) => String(n).padStart(2, '0');
  const days = new Set<string>();
  for (const form of DATE_FORMS) {
    for (const match of text.matchAll(form.pattern)) {
      for (const [year, month, day] of form.read(match)) {
        if (month >= 1 && month <= 12 && day >= 1 && day <= 31) days.add(`${year}-${pad(month)}-${pad(day)}`);
      }
    }
  }
  return [...days];
}

/** Where the page states the gold's title (close), author and date, by the rules the extractors are held to. */
export function goldOnPage(statements: PageStatements, gold: GoldMeta): GoldOnPage {
  const goldDay = gold.published === null ? null : dayOf(gold.published);
  return {
    title:
      gold.title === null ? null : statements.titles.some((title) => titleClose(title, gold.title ?? '')),
    author:
      gold.author === null ? null : statements.texts.some((text) => authorAgrees(text, gold.author ?? '')),
    date:
      gold.published === null
        ? null
        : statements.texts.some((text) => daysIn(text).some((day) => day === goldDay)),
  };
}

/** The share of pages whose gold title, author and date the page states: the most any extractor can agree. */
export function scoreGoldOnPage(pages: readonly GoldOnPage[]): { title: Rate; author: Rate; date: Rate } {
  const count = (pick: (page: GoldOnPage) => boolean | null): Rate => {
    const values = pages.map(pick).filter((value): value is boolean => value !== null);
    return { hits: values.filter(Boolean).length, of: values.length };
  };
  return {
    title: count((page) => page.title),
    author: count((page) => page.author),
    date: count((page) => page.date),
  };
}
