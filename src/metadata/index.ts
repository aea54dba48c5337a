import {
  attributeOf,
  baseUriOf,
  bodyOf,
  closestOf,
  containsNode,
  defaultViewOf,
  documentElementOf,
  elementsByTagName,
  localNameOf,
  ownerDocumentOf,
  parentElementOf,
  querySelectorAllIn,
  querySelectorIn,
  textContentOf,
  titleOf,
} from '../dom/access.ts';
import { headingText } from '../dom/anchors.ts';
import { comparable } from '../dom/chars.ts';
import { isSamePage, pageAddresses, parseUrl } from '../dom/url.ts';
import { wordSet } from '../dom/words.ts';
import { declaredPageTypes } from '../score/page-type.ts';
import type { Article, TextDirection } from '../types.ts';
import { MONTH_NAME, parseDateText } from './date.ts';
import {
  type AuthorBox,
  bylineNearHeadline,
  dateInAuthorBox,
  dateLineAfter,
  dateNearHeadline,
  findAuthorBox,
  inCommentBox,
  labelledDate,
  nameAfterLabel,
} from './headline.ts';
import { type LinkedData, readLinkedData } from './jsonld.ts';
import { countWords } from './reading.ts';
import {
  cleanTitle,
  confirmsHeading,
  normalize,
  rewordsTitle,
  spellsHost,
  stripHostPart,
  stripSiteName,
  unrelatedTitles,
} from './title.ts';

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
  // The page's first h1 and the author box after it, read once for the byline and the date (box: when asked).
  const headline = guard(() => storyHeadline(doc, meta, ld?.headline ?? null, siteName), null);
  let box: AuthorBox | null | undefined;
  const near: Near = {
    headline,
    authorBox: () => {
      box ??= guard(() => findAuthorBox(headline, doc), null);
      return box;
    },
  };
  const published = guard(
    () => readDate(doc, meta, { published: ld?.published ?? null, modified: ld?.modified ?? null }, near),
    null,
  );
  // A dated story's or a product's h1 is its headline or its name; a landing page's is a slogan.
  const headlined = published !== null || guard(() => declaredPageTypes(doc).product, false);
  return {
    // Never empty when the page has a title: whatever goes wrong in choosing, its `<title>` is left.
    title: guard(
      () => readTitle(doc, meta, ld?.headline ?? null, siteName, headlined),
      guard(() => normalize(titleOf(doc) ?? ''), ''),
    ),
    byline: guard(() => readByline(doc, meta, ld?.author ?? null, siteName, near), null),
    siteName,
    published,
    lang,
    dir: guard(() => readDir(doc, lang), 'ltr'),
    from: { meta, ld },
  };
}

/**
 * The titles the page declares for its story, most explicit first: the headline read (the `h1` a declared
 * title confirms, else the declared title), `og:title`, `twitter:title`, the JSON-LD headline. The choice
 * finds the story's headline among the segments by them (choose/story.ts).
 */
export function declaredTitles(metadata: PageMetadata): string[] {
  const { meta, ld } = metadata.from;
  const titles = [metadata.title, meta.get('og:title'), meta.get('twitter:title'), ld?.headline];
  return titles.flatMap((t) => (t ? [t] : []));
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

/** A headline long enough to be a sentence, not a blog's or a section's name ("Our Blog", "Antoyo's Blog"). */
const SENTENCE_WORDS = 6;

/**
 * The headline a person sees: the page's `h1` when one of the titles the page declares (`<title>`,
 * `og:title`, `twitter:title`, schema.org `headline`) confirms it, since a social-media title is often a
 * variant written for sharing; else the declared title, less the site's name; else the `h1`.
 */
function readTitle(
  doc: Document,
  meta: Map<string, string>,
  headline: string | null,
  site: string | null,
  headlined: boolean,
): string {
  const siteKey = site ? comparable(site) : '';
  const hosts = pageAddresses(doc).map((url) => url.hostname);
  const usable = (t: string | null | undefined): string | null => {
    const s = first(t);
    if (s === null || comparable(s) === siteKey) return null;
    const less = site ? stripSiteName(s, site) || s : s;
    return stripHostPart(less, hosts);
  };
  const docTitle = documentTitle(doc);
  const headings = Array.from(elementsByTagName(doc, 'h1'))
    .slice(0, 10)
    .map((h) => normalize(headingText(h)))
    .filter((h) => h !== '' && comparable(h) !== siteKey && !spellsHost(h, hosts));
  const confirmed = bestHeading(headings, titlesDeclared(doc, meta, headline));
  if (confirmed !== null) return confirmed;

  const fromMeta = usable(meta.get('og:title')) ?? usable(meta.get('twitter:title')) ?? usable(headline);
  const title = fromMeta ?? stripHostPart(cleanTitle(docTitle, { siteName: site, headings }), hosts);
  // The headline a reader sees, where the declared title is the story's worded for search or sharing.
  // Not when the page shows the declared title as a heading: then its h1 is a section's ("But what they love is
  // the sense of empowerment", under a blog post's h2 title).
  const reworded =
    headlined && !showsAsHeading(doc, title) ? headings.find((h) => rewordsTitle(title, h)) : undefined;
  if (reworded !== undefined) return reworded;
  // A declared title that shares no word with the page's one h1, a sentence, is the site's, not the story's.
  const only = headings.length === 1 ? (headings[0] ?? '') : '';
  if (countWords(only) >= SENTENCE_WORDS && unrelatedTitles(title, only)) return only;
  return title || headings[0] || '';
}

/** The longest `<h1>` a declared title names as its headline (title.ts confirmsHeading). */
function bestHeading(headings: string[], titles: string[]): string | null {
  let best: string | null = null;
  for (const title of titles) {
    for (const h of headings) {
      if (!confirmsHeading(title, h)) continue;
      if (best === null || h.length > best.length) best = h;
    }
  }
  return best;
}

/**
 * Whether one of the page's first headings is `title`, or its first or last part set off by a separator and most
 * of it (the title less its brand: "What do people love about Rust?" of "What do people love about Rust? | Rust
 * Blog"). A heading the title merely starts with is no part of it ("… trends for 2026" of "… for 2026-2030").
 */
function showsAsHeading(doc: Document, title: string): boolean {
  const whole = normalize(title).toLowerCase();
  if (whole === '') return false;
  return firstHeadings(doc).some((heading) => {
    const text = normalize(headingText(heading)).toLowerCase();
    if (text === '' || text.length * 2 < whole.length) return false;
    if (text === whole) return true;
    if (whole.startsWith(text)) return PART_AFTER.test(whole.slice(text.length));
    return whole.endsWith(text) && PART_BEFORE.test(whole.slice(0, whole.length - text.length));
  });
}

/** A title's separator before or after one of its parts: " | ", " – ", ": ", " - ". */
const PART_AFTER = /^(?:\s*[|–—·•:]\s|\s+-{1,2}\s)/;
const PART_BEFORE = /(?:\s[|–—·•:]\s*|\s-{1,2}\s+)$/;

/** Headings read for the one a declared title names, when the page's first `h1` is not the story's. */
const HEADINGS_READ = 40;

/** The page's first `h1`–`h3` elements, in order. */
function firstHeadings(doc: Document): Element[] {
  return Array.from(querySelectorAllIn(doc, 'h1, h2, h3')).slice(0, HEADINGS_READ);
}

/** The page's `<title>` text (else the document's title), normalised. */
function documentTitle(doc: Document): string {
  const titleElement = querySelectorIn(doc, 'title');
  return normalize((titleElement === null ? null : textContentOf(titleElement)) ?? titleOf(doc) ?? '');
}

/** The titles the page declares, as it wrote them: `og:title`, `twitter:title`, the JSON-LD headline, `<title>`. */
function titlesDeclared(doc: Document, meta: Map<string, string>, ldHeadline: string | null): string[] {
  const titles = [meta.get('og:title'), meta.get('twitter:title'), ldHeadline, documentTitle(doc)];
  return titles.flatMap((title) => (title ? [normalize(title)] : []));
}

/**
 * The story's headline element, that the byline and the date are read beside: the page's first `h1`, unless
 * that is the site's logo (no text, the site's name or its host name, or a link to the site's home page) or
 * there is none, as on forums that set the thread's title in an `h2` under the board's logo: then the first
 * `h1`–`h3` that a title the page declares names.
 */
function storyHeadline(
  doc: Document,
  meta: Map<string, string>,
  ldHeadline: string | null,
  site: string | null,
): Element | null {
  const first = querySelectorIn(doc, 'h1');
  if (first !== null && !isLogo(first, site)) return first;
  const declared = titlesDeclared(doc, meta, ldHeadline);
  const named = firstHeadings(doc).find((heading) => {
    if (heading === first) return false;
    const text = normalize(headingText(heading));
    return text !== '' && declared.some((title) => confirmsHeading(title, text));
  });
  return named ?? first;
}

/** Whether an `h1` is the site's logo rather than a headline. */
function isLogo(h1: Element, site: string | null): boolean {
  const text = normalize(headingText(h1));
  if (text === '') return true;
  if (site !== null && comparable(text) === comparable(site)) return true;
  const doc = ownerDocumentOf(h1);
  if (doc === null) return false;
  const pages = pageAddresses(doc);
  if (
    spellsHost(
      text,
      pages.map((url) => url.hostname),
    )
  )
    return true;
  // The h1 is a link to the site's home page.
  const link = querySelectorIn(h1, 'a[href]');
  if (link === null || normalize(textContentOf(link) ?? '') !== text) return false;
  const target = parseUrl(attributeOf(link, 'href') ?? '', baseUriOf(link));
  return target !== null && target.pathname === '/' && pages.some((url) => url.host === target.host);
}

/** The page's headline and the author box after it, for the byline and the date. */
interface Near {
  headline: Element | null;
  authorBox: () => AuthorBox | null;
}

function readByline(
  doc: Document,
  meta: Map<string, string>,
  ldAuthor: string | null,
  site: string | null,
  near: Near,
): string | null {
  const { headline } = near;
  const candidates: (() => string | null)[] = [
    () => meta.get('author') ?? null,
    () => ldAuthor,
    () => {
      const el = firstOutsideReplies(querySelectorAllIn(doc, '[itemprop~="author" i]'), headline);
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
    () => microformatAuthor(doc),
    () => (headline === null ? null : bylineNearHeadline(headline)),
    () => near.authorBox()?.name ?? (headline === null ? null : nameAfterLabel(headline)),
    () => {
      const candidates = querySelectorAllIn(doc, '.byline, .author, .byline-name, .author-name');
      for (const el of Array.from(candidates).slice(0, 10)) {
        const text = textContentOf(el) ?? '';
        if (normalize(text).length > 0 && normalize(text).length < MAX_BYLINE) return text;
      }
      return null;
    },
  ];
  // The site's own name, or an account name, is the author only when no source names anyone else.
  const siteKey = site ? comparable(site) : '';
  let fallback: string | null = null;
  for (const read of candidates) {
    const byline = cleanByline(read());
    if (byline === null) continue;
    // A line that holds the account name found before is the box around it ("via scvalex 1 year ago | …").
    if (fallback !== null && isHandle(fallback) && byline !== fallback && holdsWord(byline, fallback)) {
      return fallback;
    }
    if (comparable(byline) !== siteKey && !isHandle(byline)) return byline;
    fallback ??= byline;
  }
  return fallback;
}

/**
 * The author microformats mark (`p-author` or `u-author`, an `h-card` whose `p-name` is the name): the name
 * alone, where the box around it ("via scvalex 1 year ago | caches | 12 comments") runs on into the story's
 * other facts. A reply's (in a comment box, or an `h-cite`) is a reader's.
 */
function microformatAuthor(doc: Document): string | null {
  const marked = Array.from(querySelectorAllIn(doc, '.p-author, .u-author')).slice(0, 20);
  const author = marked.find((el) => !inCommentBox(el) && closestOf(el, '.h-cite') === null);
  if (author === undefined) return null;
  const name = querySelectorIn(author, '.p-name');
  return textContentOf(name ?? author);
}

/** Whether `name` is a word (or words) of `line`. */
function holdsWord(line: string, name: string): boolean {
  return ` ${comparable(line)} `.includes(` ${comparable(name)} `);
}

/** A login name rather than a person's ("kffnirmitap", "andrew.keaveney"): one word, no capital letter. */
function isHandle(byline: string): boolean {
  return !/\s/.test(byline) && !/\p{Lu}/u.test(byline) && /\p{Ll}/u.test(byline);
}

/**
 * A date in a byline ("By Ann Lee - Mar 27, 2024", "Ann Lee on 04-08-2021 5:11", "Sat, 20 Dec, 2025"): a
 * month's name or abbreviation before a number, a number run such as 27.03.2024, a day before a month, or a year.
 */
const BYLINE_DATE = new RegExp(
  `(?:\\b(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\\.?,?\\s+)?(?:\\b${MONTH_NAME}\\.?\\s+\\d|\\b\\d{1,4}[./-]\\d{1,2}[./-]\\d{1,4}|\\b\\d{1,2}\\.?\\s+${MONTH_NAME}\\b|\\b(?:19|20)\\d\\d\\b)`,
  'i',
);
/** A name run into the word after it by markup without spaces ("Ann LeeDecember 17", "Ann LeePublished on"). */
const RUN_TOGETHER =
  /(\p{Ll})(?=(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Oct|Nov|Dec|Published|Updated|Posted|Last)\b)/gu;
/** What joins a name to its date ("on", "updated", "published", a dot or a bar), left dangling once the date goes. */
const DANGLING = /(?:\s*(?:[|·•,:–—»›-]|\bon|\b(?:last\s+)?updated|\bpublished|\bposted))+\s*$/i;
const LEADING = /^(?:\s*(?:[|·•,:–—-]|by\b))+\s*/i;

/** The byline less a date in it: the name before the date, or after it when the date comes first. */
function withoutDate(byline: string): string {
  const text = byline.replace(RUN_TOGETHER, '$1 ');
  const date = BYLINE_DATE.exec(text);
  if (!date) return text;
  const before = text.slice(0, date.index).replace(DANGLING, '').trim();
  if (before !== '') return before;
  // The date came first ("Dec. 19, 2025 · Ann Lee"): the name follows the date's year and a separator.
  const from = text.slice(date.index);
  const rest = from.replace(/^[^·•|–—]*?\d{4}\b[^·•|–—]*/, '');
  return rest === from ? '' : rest.replace(LEADING, '').trim();
}

export function cleanByline(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let s = normalize(raw)
    .replace(/^(by|written by|posted by|post by|started by|von|par|por|di|door|av|af)\s*:?\s+/i, '')
    .replace(/^[|·•,:–—»›-]\s*|\s*[|·•,:–—»›-]$/g, '')
    .trim();
  // A byline is a name, not a date: a date beside the name goes, a date alone is no byline.
  s = withoutDate(s);
  if (/^https?:\/\//i.test(s)) return null;
  s = s.replace(/\s+/g, ' ');
  return s !== '' && s.length < MAX_BYLINE && !isLowercaseSentence(s) ? s : null;
}

/**
 * Three or more words of a cased script without a capital: a sentence that happens to start with "By" ("By
 * continuing, you agree to our Terms"), not a name. A handle is one word ("slow-poke"), a name is capitalised.
 */
function isLowercaseSentence(text: string): boolean {
  return text.split(' ').length >= 3 && /\p{Ll}/u.test(text) && !/\p{Lu}/u.test(text);
}

const DATE_META = [
  'article:published_time',
  'datepublished',
  'og:published_time',
  'publishdate',
  'pubdate',
  'published',
  'date',
  'dc.date',
  'dc.date.issued',
  'dcterms.created',
  'dcterms.date',
  'sailthru.date',
  'parsely-pub-date',
];

function readDate(
  doc: Document,
  meta: Map<string, string>,
  ld: { published: string | null; modified: string | null },
  near: Near,
): string | null {
  const { headline } = near;
  const fromMeta = meta.get('article:published_time') ?? null;
  const itemprop = headlineItemDate(doc, headline);
  const fromItemprop = itemprop
    ? (attributeOf(itemprop, 'content') ?? attributeOf(itemprop, 'datetime') ?? textContentOf(itemprop))
    : null;
  let raw = first(fromMeta, fromItemprop, ld.published);
  // JSON-LD whose datePublished is its dateModified, to the character, was stamped at the last save (a site
  // builder writes both each time): the date the page shows by its headline or author, if earlier, is the day
  // it was published.
  if (raw !== null && raw === ld.published && raw === ld.modified) raw = shownDateBefore(raw, near) ?? raw;
  if (raw === null) {
    for (const key of DATE_META) {
      raw = first(meta.get(key));
      if (raw !== null) break;
    }
  }
  if (raw === null) {
    const scope = querySelectorIn(doc, 'article, [itemprop~="articleBody" i], main');
    const time = scope === null ? null : querySelectorIn(scope, 'time[datetime]');
    raw = first(time === null ? null : attributeOf(time, 'datetime'));
  }
  // Beside the headline before anywhere else on the page, where a related story's or a comment's date sits.
  if (raw === null && headline !== null) raw = dateNearHeadline(headline);
  if (raw === null) {
    const found = near.authorBox();
    raw = found === null ? null : dateInAuthorBox(found);
  }
  if (raw === null && headline !== null) raw = dateLineAfter(headline);
  if (raw === null) raw = labelledDate(headline, doc);
  if (raw === null) {
    const time = querySelectorIn(doc, 'time[pubdate], time[datetime]');
    raw = first(time === null ? null : attributeOf(time, 'datetime'));
  }
  return raw === null ? null : isoDate(raw);
}

/** The date the page shows by its headline or in its author box, when it is a day before `declared`. */
function shownDateBefore(declared: string, near: Near): string | null {
  const { headline } = near;
  const box = near.authorBox();
  const shown =
    (headline === null ? null : dateNearHeadline(headline)) ?? (box === null ? null : dateInAuthorBox(box));
  if (shown === null) return null;
  const day = isoDate(shown).slice(0, 10);
  return /^\d{4}-\d\d-\d\d$/.test(day) && day < isoDate(declared).slice(0, 10) ? shown : null;
}

/**
 * The first `itemprop=datePublished` of the item the headline belongs to, or of no item: a related story's card
 * or a comment is an item of its own (`itemscope`) without the page's `h1` in it.
 */
function headlineItemDate(doc: Document, headline: Element | null): Element | null {
  const dates = Array.from(querySelectorAllIn(doc, '[itemprop~="datePublished" i]'))
    .slice(0, 50)
    .filter((el) => !inReply(el, headline));
  for (const el of dates) {
    const item = closestOf(el, '[itemscope]');
    if (item === null || headline === null || containsNode(item, headline)) return el;
  }
  // A question or a thread's post states when it was written as `dateCreated` (schema.org Question, Comment).
  if (headline !== null) {
    const created = Array.from(querySelectorAllIn(doc, '[itemprop~="dateCreated" i]')).slice(0, 50);
    const own = created.find((el) => {
      const item = closestOf(el, '[itemscope]');
      return item !== null && containsNode(item, headline) && !inReply(el, headline);
    });
    if (own !== undefined) return own;
  }
  // The headline outside every item (a page header above the article's item): an item that links nowhere
  // but to this page (a blog post's date is often its own permalink).
  return (
    dates.find((el) => !leadsAway(closestOf(el, 'a[href]')) && !linksAway(closestOf(el, '[itemscope]'))) ??
    null
  );
}

/**
 * The properties that make an item a reply to the page's own: a comment, an answer, a review. Not the type
 * alone: some forums type every post, the first one too, as a Comment.
 */
const REPLY_PROPERTY = /(?:^|\s)(?:comment|answer|suggestedanswer|acceptedanswer|review)(?:\s|$)/i;
/** Items a reply can sit in, read upwards. */
const ITEM_LEVELS = 8;

/**
 * Whether `el` belongs to a reply's item: a comment's or an answer's date and author are a reader's (schema.org
 * `comment`, `suggestedAnswer`), where a question's come first. The item that holds the headline is the page's.
 */
function inReply(el: Element, headline: Element | null): boolean {
  let at = parentElementOf(el);
  for (let level = 0; at !== null && level < ITEM_LEVELS; level++) {
    const item = closestOf(at, '[itemscope]');
    if (item === null) return false;
    // The page's own item holds its headline, whatever it is (a review page's Review).
    if (headline !== null && containsNode(item, headline)) return false;
    if (REPLY_PROPERTY.test(attributeOf(item, 'itemprop') ?? '')) return true;
    at = parentElementOf(item);
  }
  return false;
}

/** The first of `elements` (of the first 50) outside a reply's item. */
function firstOutsideReplies(elements: NodeListOf<Element>, headline: Element | null): Element | null {
  return (
    Array.from(elements)
      .slice(0, 50)
      .find((el) => !inReply(el, headline)) ?? null
  );
}

/** Whether a link goes to another page than the one it is on (its fragment aside). */
function leadsAway(link: Element | null): boolean {
  if (link === null) return false;
  const doc = ownerDocumentOf(link);
  const target = parseUrl(attributeOf(link, 'href') ?? '', baseUriOf(link));
  return doc === null || target === null || !isSamePage(target, pageAddresses(doc));
}

/** Whether an item is a card for another page: its heading is (or is in) a link that leads away. */
function linksAway(item: Element | null): boolean {
  if (item === null) return false;
  const links = Array.from(querySelectorAllIn(item, 'a[href] h2, a[href] h3, h2 a[href], h3 a[href]')).slice(
    0,
    5,
  );
  return links.some((el) => leadsAway(localNameOf(el) === 'a' ? el : closestOf(el, 'a[href]')));
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * An ISO 8601 string is returned as the page wrote it: re-serialising through Date would move it to UTC
 * and could change the day (00:30 in Tokyo is the previous day in UTC). A date written out ("Dec 17th 2025",
 * "Tue, 05 Mar 2024 10:00 GMT") becomes the day it states; anything else Date can parse becomes an ISO
 * string; the rest is returned raw.
 */
export function isoDate(raw: string): string {
  const s = raw.trim();
  if (ISO_DATE.test(s)) return s;
  const day = parseDateText(s);
  if (day !== null) return day;
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
