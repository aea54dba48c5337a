import {
  attributeOf,
  bodyOf,
  defaultViewOf,
  documentElementOf,
  elementsByTagName,
  querySelectorAllIn,
  querySelectorIn,
  textContentOf,
  titleOf,
} from '../dom/access.ts';
import { headingText } from '../dom/anchors.ts';
import { comparable } from '../dom/chars.ts';
import { parseUrl } from '../dom/url.ts';
import { wordSet } from '../dom/words.ts';
import type { Article, TextDirection } from '../types.ts';
import { type LinkedData, readLinkedData } from './jsonld.ts';
import { cleanTitle, normalize, stripSiteName } from './title.ts';

export { countWords, readingMinutes, readingStats } from './reading.ts';
export { cleanTitle } from './title.ts';

/**
 * Page metadata: title, byline, date, site name, language and direction, lead image,
 * description, each from the most explicit source first (Open Graph and schema.org, then the markup).
 * Only reads the document, through dom/access.ts (`<img name="title">` makes `document.title` an element);
 * never throws.
 */

/** The Article fields read from the page itself that the reader shows, and where they were read from. */
export type PageMetadata = Pick<Article, 'title' | 'byline' | 'siteName' | 'published' | 'lang' | 'dir'> & {
  from: MetadataSources;
};

/** The page's `<meta>` contents by name, and its schema.org data. */
export interface MetadataSources {
  meta: Map<string, string>;
  ld: LinkedData | null;
}

/** A byline longer than this is a paragraph that happens to carry an "author" class. */
const MAX_BYLINE = 100;

/** Right-to-left primary language subtags (and the scripts that make a tag right-to-left). */
const RTL_LANGS = wordSet('ar arc ckb dv fa he iw ji ks nqo ps sd syr ug ur yi');
const RTL_SCRIPTS = /-(arab|hebr|thaa|syrc|nkoo|adlm|rohg)(-|$)/i;
const BCP47 = /^[a-z]{2,8}(-[a-z0-9]{1,8})*$/i;

export function readMetadata(doc: Document): PageMetadata {
  const meta = metaMap(doc);
  const ld = guard(() => readLinkedData(doc), null);

  const siteName = guard(
    () => first(meta.get('og:site_name'), ld?.publisher, ld?.website, meta.get('application-name')),
    null,
  );
  const lang = guard(() => readLang(doc, meta), null);
  return {
    title: guard(() => readTitle(doc, meta, ld?.headline ?? null, siteName), ''),
    byline: guard(() => readByline(doc, meta, ld?.author ?? null, siteName), null),
    siteName,
    published: guard(() => readDate(doc, meta, ld?.published ?? null), null),
    lang,
    dir: guard(() => readDir(doc, lang), 'ltr'),
    from: { meta, ld },
  };
}

/**
 * The lead image and the page's own description (the excerpt's first source), from what readMetadata read.
 * Apart because only `extract` gives them: the reader shows neither, and its content script then carries none
 * of this.
 */
export function readLeadAndDescription(
  { meta, ld }: MetadataSources,
  baseUrl: string,
): { leadImage: string | null; description: string | null } {
  return {
    leadImage: guard(
      () =>
        absoluteImage(
          first(
            meta.get('og:image'),
            meta.get('og:image:url'),
            meta.get('og:image:secure_url'),
            meta.get('twitter:image'),
            meta.get('twitter:image:src'),
            ld?.image,
          ),
          baseUrl,
        ),
      null,
    ),
    description: guard(
      () =>
        first(
          meta.get('description'),
          meta.get('og:description'),
          meta.get('twitter:description'),
          ld?.description,
        ),
      null,
    ),
  };
}

function guard<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

/** `<meta>` content by property / name / itemprop / http-equiv, lower-cased; the first of each wins. */
function metaMap(doc: Document): Map<string, string> {
  const map = new Map<string, string>();
  for (const m of Array.from(elementsByTagName(doc, 'meta'))) {
    const content = attributeOf(m, 'content');
    if (content === null || content.trim() === '') continue;
    for (const attr of ['property', 'name', 'itemprop', 'http-equiv']) {
      const key = attributeOf(m, attr);
      if (!key) continue;
      // `property` may hold several space-separated names (RDFa).
      for (const k of key.toLowerCase().trim().split(/\s+/)) if (!map.has(k)) map.set(k, content);
    }
  }
  return map;
}

function first(...values: (string | null | undefined)[]): string | null {
  for (const v of values) {
    if (v === null || v === undefined) continue;
    const s = normalize(v);
    if (s !== '') return s;
  }
  return null;
}

function readTitle(
  doc: Document,
  meta: Map<string, string>,
  headline: string | null,
  site: string | null,
): string {
  const siteKey = site ? comparable(site) : '';
  const usable = (t: string | null | undefined): string | null => {
    const s = first(t);
    if (s === null || comparable(s) === siteKey) return null;
    return site ? stripSiteName(s, site) || s : s;
  };
  const fromMeta = usable(meta.get('og:title')) ?? usable(meta.get('twitter:title')) ?? usable(headline);
  if (fromMeta !== null) return fromMeta;

  const titleElement = querySelectorIn(doc, 'title');
  const docTitle = normalize(
    (titleElement === null ? null : textContentOf(titleElement)) ?? titleOf(doc) ?? '',
  );
  const headings = Array.from(elementsByTagName(doc, 'h1'))
    .slice(0, 10)
    .map((h) => normalize(headingText(h)))
    .filter((h) => h !== '');
  const h1 = bestHeading(headings, docTitle);
  if (h1 !== null) return h1;
  return cleanTitle(docTitle, { siteName: site, headings }) || headings[0] || '';
}

/**
 * The `<h1>` that best matches the document title: contained in it and the longest such (a logo `<h1>`
 * with the site name is contained too, but shorter than the article's).
 */
function bestHeading(headings: string[], docTitle: string): string | null {
  const title = comparable(docTitle);
  if (title === '') return null;
  let best: string | null = null;
  for (const h of headings) {
    const c = comparable(h);
    if (c === '' || !title.includes(c) || c.length / title.length < 0.3) continue;
    if (best === null || h.length > best.length) best = h;
  }
  return best;
}

function readByline(
  doc: Document,
  meta: Map<string, string>,
  ldAuthor: string | null,
  site: string | null,
): string | null {
  const candidates: (() => string | null)[] = [
    () => meta.get('author') ?? null,
    () => ldAuthor,
    () => {
      const el = querySelectorIn(doc, '[itemprop~="author" i]');
      if (el === null) return null;
      const name = querySelectorIn(el, '[itemprop~="name" i]');
      return (
        (name === null ? null : (attributeOf(name, 'content') ?? textContentOf(name))) ??
        attributeOf(el, 'content') ??
        textContentOf(el)
      );
    },
    () => {
      const link = querySelectorIn(doc, 'a[rel~="author" i]');
      return link === null ? null : textContentOf(link);
    },
    () => {
      const candidates = querySelectorAllIn(doc, '.byline, .author, .byline-name, .author-name');
      for (const el of Array.from(candidates).slice(0, 10)) {
        const text = textContentOf(el) ?? '';
        if (normalize(text).length > 0 && normalize(text).length < MAX_BYLINE) return text;
      }
      return null;
    },
  ];
  const siteKey = site ? comparable(site) : '';
  for (const read of candidates) {
    const byline = cleanByline(read());
    if (byline !== null && comparable(byline) !== siteKey) return byline;
  }
  return null;
}

function cleanByline(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let s = normalize(raw)
    .replace(/^(by|written by|von|par|por|di|door|av|af)\s*:?\s+/i, '')
    .replace(/^[|·•,:–—-]\s*|\s*[|·•,:–—-]$/g, '')
    .trim();
  if (/^https?:\/\//i.test(s)) return null;
  s = s.replace(/\s+/g, ' ');
  return s !== '' && s.length < MAX_BYLINE ? s : null;
}

const DATE_META = [
  'article:published_time',
  'datepublished',
  'og:published_time',
  'publishdate',
  'pubdate',
  'date',
  'dc.date',
  'dc.date.issued',
  'dcterms.created',
  'dcterms.date',
  'sailthru.date',
  'parsely-pub-date',
];

function readDate(doc: Document, meta: Map<string, string>, ldDate: string | null): string | null {
  const fromMeta = meta.get('article:published_time') ?? null;
  const itemprop = querySelectorIn(doc, '[itemprop~="datePublished" i]');
  const fromItemprop = itemprop
    ? (attributeOf(itemprop, 'content') ?? attributeOf(itemprop, 'datetime') ?? textContentOf(itemprop))
    : null;
  let raw = first(fromMeta, fromItemprop, ldDate);
  if (raw === null) {
    for (const key of DATE_META) {
      raw = first(meta.get(key));
      if (raw !== null) break;
    }
  }
  if (raw === null) {
    const scope = querySelectorIn(doc, 'article, [itemprop~="articleBody" i], main') ?? doc;
    const time =
      querySelectorIn(scope, 'time[datetime]') ?? querySelectorIn(doc, 'time[pubdate], time[datetime]');
    raw = first(time === null ? null : attributeOf(time, 'datetime'));
  }
  return raw === null ? null : isoDate(raw);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * An ISO 8601 string is returned as the page wrote it: re-serialising through Date would move it to UTC
 * and could change the day (00:30 in Tokyo is the previous day in UTC). Anything else Date can parse
 * becomes an ISO string; the rest is returned raw.
 */
export function isoDate(raw: string): string {
  const s = raw.trim();
  if (ISO_DATE.test(s)) return s;
  const t = Date.parse(s);
  return Number.isFinite(t) ? new Date(t).toISOString() : s;
}

function readLang(doc: Document, meta: Map<string, string>): string | null {
  const html = documentElementOf(doc);
  const candidates = [
    html === null ? null : attributeOf(html, 'lang'),
    html === null ? null : attributeOf(html, 'xml:lang'),
    meta.get('content-language')?.split(',')[0],
    meta.get('og:locale'),
  ];
  for (const c of candidates) {
    const tag = c?.trim().replace(/_/g, '-');
    if (tag && BCP47.test(tag)) return tag;
  }
  return null;
}

function readDir(doc: Document, lang: string | null): TextDirection {
  const body = bodyOf(doc);
  for (const el of [documentElementOf(doc), body]) {
    const dir = el === null ? undefined : attributeOf(el, 'dir')?.trim().toLowerCase();
    if (dir === 'rtl' || dir === 'ltr') return dir;
  }
  const view = defaultViewOf(doc);
  if (view && body && typeof view.getComputedStyle === 'function') {
    // Only an rtl verdict is telling: ltr is also what a page that never set a direction computes to.
    if (view.getComputedStyle(body).direction === 'rtl') return 'rtl';
  }
  if (lang !== null) {
    const primary = lang.toLowerCase().split('-')[0] ?? '';
    if (RTL_SCRIPTS.test(lang)) return 'rtl';
    if (RTL_LANGS.has(primary) && !/-(latn|cyrl)(-|$)/i.test(lang)) return 'rtl';
  }
  return 'ltr';
}

function absoluteImage(raw: string | null, baseUrl: string): string | null {
  if (raw === null) return null;
  const url = parseUrl(raw, baseUrl);
  return url !== null && (url.protocol === 'http:' || url.protocol === 'https:') ? url.href : null;
}
