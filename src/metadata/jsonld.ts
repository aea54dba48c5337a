/**
 * schema.org JSON-LD (`<script type="application/ld+json">`): what it says about the article. Every block is
 * parsed on its own in try/catch (broken JSON is common); arrays, `@graph`, `@type` arrays, `@id`
 * references and "schema:"/"https://schema.org/" prefixes are all tolerated. The document is read through
 * dom/access.ts.
 */
import { attributeOf, querySelectorAllIn, textContentOf } from '../dom/access.ts';

export interface LinkedData {
  headline: string | null;
  author: string | null;
  published: string | null;
  /** `dateModified`: a `published` equal to it may be the time of the last save, not of publication. */
  modified: string | null;
  publisher: string | null;
  website: string | null;
  image: string | null;
  description: string | null;
  /** Plain text of `articleBody`, for the lead's checks. */
  articleBody: string | null;
}

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** Article-like types: NewsArticle, ReportageNewsArticle, TechArticle, BlogPosting, LiveBlogPosting… */
const ARTICLE_TYPE = /(Article|Posting|^Report)$/;
/** Objects nested deeper than this are not looked at (hostile or generated JSON can nest without end). */
const MAX_DEPTH = 8;

export function readLinkedData(doc: Document): LinkedData {
  const nodes: JsonObject[] = [];
  for (const script of Array.from(querySelectorAllIn(doc, 'script[type]'))) {
    if (!/^\s*application\/ld\+json\s*$/i.test(attributeOf(script, 'type') ?? '')) continue;
    const raw = (textContentOf(script) ?? '')
      .replace(/^\s*(<!--|<!\[CDATA\[)/, '')
      .replace(/(-->|\]\]>)\s*$/, '')
      .trim()
      .replace(/;$/, '');
    if (raw === '') continue;
    const parsed = parseLenient(raw);
    if (parsed !== undefined) collect(parsed, nodes);
  }
  const byId = new Map<string, JsonObject>();
  for (const n of nodes) {
    const id = n['@id'];
    if (typeof id === 'string' && !byId.has(id)) byId.set(id, n);
  }
  const resolve = (v: Json | undefined): Json | undefined => {
    if (v && typeof v === 'object' && !Array.isArray(v) && typeof v['@id'] === 'string' && !v.name) {
      return byId.get(v['@id']) ?? v;
    }
    return v;
  };

  const articles = nodes.filter((n) => types(n).some((t) => ARTICLE_TYPE.test(t)));
  const article = articles.find((n) => typeof n.headline === 'string') ?? articles[0] ?? null;
  const website = nodes.find((n) => types(n).includes('WebSite')) ?? null;
  return {
    headline: article ? (str(article.headline) ?? str(article.name)) : null,
    author: article ? names(article.author, resolve) : null,
    published: article ? (str(article.datePublished) ?? str(article.dateCreated)) : null,
    modified: article ? str(article.dateModified) : null,
    publisher: article ? names(article.publisher, resolve) : null,
    website: website ? str(website.name) : null,
    image: article ? imageUrl(article.image, resolve) : null,
    description: article ? str(article.description) : null,
    articleBody: article ? str(article.articleBody) : null,
  };
}

/**
 * The block's JSON, or undefined when it is broken. A raw line break or tab inside a string (a description
 * pasted as written) breaks JSON.parse, so it is read again with every control character a space: outside a
 * string that is white space as before, inside one it is the space the line break stood for.
 */
function parseLenient(raw: string): Json | undefined {
  try {
    return JSON.parse(raw) as Json;
  } catch {
    try {
      return JSON.parse(raw.replace(/\p{Cc}+/gu, ' ')) as Json;
    } catch {
      // Broken JSON-LD is common; the other sources still count.
      return undefined;
    }
  }
}

function collect(value: Json, out: JsonObject[]): void {
  const stack: { v: Json; depth: number }[] = [{ v: value, depth: 0 }];
  while (stack.length > 0) {
    const { v, depth } = stack.pop() as { v: Json; depth: number };
    if (depth > MAX_DEPTH || v === null || typeof v !== 'object') continue;
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i] as Json, depth: depth + 1 });
      continue;
    }
    if (v['@type'] !== undefined) out.push(v);
    // Articles sit in @graph, in mainEntity of a WebPage, or in itemListElement.
    for (const key of ['@graph', 'mainEntity', 'mainEntityOfPage', 'itemListElement', 'hasPart']) {
      const child = v[key];
      if (child && typeof child === 'object') stack.push({ v: child, depth: depth + 1 });
    }
  }
}

function types(n: JsonObject): string[] {
  const t = n['@type'];
  const list = Array.isArray(t) ? t : [t];
  return list.filter((x): x is string => typeof x === 'string').map((x) => x.replace(/^.*[/:#]/, ''));
}

function str(v: Json | undefined): string | null {
  if (typeof v === 'string') {
    const s = v.replace(/\s+/g, ' ').trim();
    return s === '' ? null : s;
  }
  if (Array.isArray(v)) return str(v[0]);
  return null;
}

/** A person or organisation given as a string, an object with a name, an @id reference, or a list of them. */
function names(v: Json | undefined, resolve: (v: Json | undefined) => Json | undefined): string | null {
  const list = Array.isArray(v) ? v : [v];
  const out: string[] = [];
  for (const item of list.slice(0, 10)) {
    const r = resolve(item);
    const name =
      typeof r === 'string' ? str(r) : r && typeof r === 'object' && !Array.isArray(r) ? str(r.name) : null;
    if (name !== null && !out.includes(name)) out.push(name);
  }
  if (out.length <= 1) return out[0] ?? null;
  authors ??= new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });
  return authors.format(out);
}

/**
 * Several authors as a byline reads them: "Ann Lee and Tom Park", "Ann Lee, Tom Park, and Mo Ali". Made when a
 * page first names several: the first Intl object in a tab costs milliseconds of ICU set-up, paid at the key press.
 */
let authors: Intl.ListFormat | null = null;

function imageUrl(v: Json | undefined, resolve: (v: Json | undefined) => Json | undefined): string | null {
  const first = Array.isArray(v) ? v[0] : v;
  const r = resolve(first);
  if (typeof r === 'string') return str(r);
  if (r && typeof r === 'object' && !Array.isArray(r)) return str(r.url) ?? str(r.contentUrl);
  return null;
}
