/**
 * What a page says it is: the schema.org types of its JSON-LD blocks and its Open Graph `og:type`. Shops mark
 * a product page up as a `Product` for search engines, forums a thread as a `DiscussionForumPosting` or
 * `QAPage`, news sites an article as a `NewsArticle`. In the modern-dev corpus 35 of 53 product pages declare a
 * Product, against 3 of 213 articles (docs/extraction.md).
 *
 * The model reads these as page features (features.ts): a product's description is set in display type and
 * short lines that an article's body never is, and the fit can only learn that if it knows the page is one.
 * The types are read with a regular expression over the JSON text, not a JSON parse: broken JSON-LD is common,
 * and only the `@type` values matter here. Read through dom/access.ts, bounded in blocks and characters.
 */
import { attributeOf, querySelectorAllIn, textContentOf } from '../dom/access.ts';

export interface Declared {
  product: boolean;
  discussion: boolean;
  article: boolean;
  /** A list of things: `CollectionPage`, `ItemList`, `SearchResultsPage`, `OfferCatalog` (choose/listing-page.ts). */
  listing: boolean;
  /** `og:type` is `website`: a site's home or section page, as opposed to `article` or `product`. */
  website: boolean;
}

/** JSON-LD blocks read, and characters of each: a shop's page can carry megabytes of catalogue JSON. */
const MAX_BLOCKS = 20;
const MAX_BLOCK_CHARS = 200_000;

const TYPE_VALUE = /"@type"\s*:\s*(\[[^\]]*\]|"[^"]*")/g;
const TYPE_NAME = /"(?:[^"]*[/:#])?([A-Za-z]+)"/g;

/** Product and its schema.org subtypes. */
const PRODUCT = /^(Product|ProductGroup|IndividualProduct|ProductModel|SomeProducts|Vehicle|Car|Motorcycle)$/;
/** Not `Question` alone: an FAQ block (`FAQPage`) on any page is a list of Questions. */
const DISCUSSION = /^(DiscussionForumPosting|QAPage)$/;
/** Article-like: NewsArticle, TechArticle, BlogPosting, LiveBlogPosting, Report… (metadata/jsonld.ts's test). */
const ARTICLE = /(Article|Posting|^Report)$/;
const LISTING = /^(CollectionPage|ItemList|SearchResultsPage|OfferCatalog|ProductCollection)$/;

export function declaredPageTypes(doc: Document | null): Declared {
  const out: Declared = { product: false, discussion: false, article: false, listing: false, website: false };
  if (doc === null) return out;
  const scripts = querySelectorAllIn(doc, 'script[type]');
  let blocks = 0;
  for (let i = 0; i < scripts.length && blocks < MAX_BLOCKS; i++) {
    const script = scripts[i] as Element;
    if (!/^\s*application\/ld\+json\s*$/i.test(attributeOf(script, 'type') ?? '')) continue;
    blocks++;
    const json = (textContentOf(script) ?? '').slice(0, MAX_BLOCK_CHARS);
    for (const value of json.matchAll(TYPE_VALUE)) {
      for (const name of (value[1] ?? '').matchAll(TYPE_NAME)) note(out, name[1] ?? '');
    }
  }
  const og = querySelectorAllIn(doc, 'meta[property="og:type" i]')[0];
  const ogType = og ? (attributeOf(og, 'content') ?? '').trim().toLowerCase() : '';
  if (ogType.includes('product')) out.product = true;
  else if (ogType === 'article') out.article = true;
  else if (ogType === 'website') out.website = true;
  return out;
}

function note(out: Declared, type: string): void {
  if (PRODUCT.test(type)) out.product = true;
  else if (DISCUSSION.test(type)) out.discussion = true;
  else if (ARTICLE.test(type)) out.article = true;
  else if (LISTING.test(type)) out.listing = true;
}
