/**
 * Whether the page as a whole is a listing (a home page, a section front, a shop's category, search results)
 * though its best run reads as text: a fitted decision (docs/extraction.md, "The listing decision"). The run
 * rule (listing.ts) sees one run; a front page whose run is a stack of long teasers, or a shop's grid of
 * product cards with a paragraph of category copy, passes it. The page as a whole says more: an address that
 * is a section, not a story's slug ("/news/technology" against "/2025/09/04/top-nutrition-trends"); many
 * headline-long links and few paragraphs; prices, most of all in a grid of cards; what its JSON-LD and
 * `og:type` declare. Logistic regression over the features below, fitted by `npm run fit` (fit/listing.ts) on
 * the dev corpora's pages labelled listing or collection against all others, and checked in as
 * listing-model.json.
 */
import { boxShapeOf, parentElementOf, querySelectorAllIn } from '../dom/access.ts';
import { declaredAddress } from '../dom/url.ts';
import type { Run } from '../mss/index.ts';
import type { Declared } from '../score/page-type.ts';
import type { Scored } from '../score/scored.ts';
import type { Segment } from '../segments/index.ts';

/** The decision's features, in the order of its model's weights. */
export const LISTING_FEATURES = [
  'declared article',
  'declared listing',
  'declared product',
  'og:type website',
  'declares its address',
  'address depth',
  'address is the site root',
  'address has a query',
  'words in the address slug',
  'headline links, log10',
  'paragraphs, log10',
  'own text in paragraphs',
  'prices, log10',
  'time elements, log10',
  'article boxes, log10',
  'linked headings, log10',
  'plain headings, log10',
  'run share of own text',
  'paragraphs in a row in the run, log10',
  'priced cards, log10',
] as const;

/**
 * Out of fold on the dev corpora this probability or more answers listings and collections "no article" and
 * no article page (docs/extraction.md): an article answered "no article" costs its reader everything, a list
 * answered as text costs a click on Show anyway.
 */
export const LISTING_THRESHOLD = 0.85;

/** A segment this long in plain text is a paragraph (page-choice.ts counts the same). */
const PARAGRAPH_CHARS = 150;
/** A link this long, of this many words, is a headline (a story's title), not a menu item or a button. */
const HEADLINE_LINK_CHARS = 25;
const HEADLINE_LINK_WORDS = 4;
/** An address's depth and its slug's words count up to these: past them a page is a story's either way. */
const MAX_DEPTH = 6;
const MAX_SLUG_WORDS = 8;
/**
 * Counts (headlines, paragraphs, prices, boxes, headings, `<time>` elements) stop here, about the most a dev page
 * holds: an article over 20,000 one-line replies must not read as a listing by a count no fitted page had.
 */
const MAX_COUNT = 100;
/** A price, its currency sign before the amount ("$36") or after it ("299,00 €"). */
const PRICE = /[$€£¥]\s?\d|\d\s?[$€£¥]/;
/**
 * How far above a segment's block a card is looked for: a shop's card nests its name and price several boxes
 * deep (a heading in a link in a title box in a details box in a wrapper in the card: seven levels).
 */
const CARD_LEVELS = 10;
/** A link this long names a product or a story (a card's title), not "Add to cart". */
const CARD_LINK_WORDS = 3;

/**
 * The decision's feature row for a page whose best run is `run`; `own`: its segments less the chrome (page.ts
 * pageIndices). The address is the one the page declares (a
 * saved copy's file name says nothing of what the page is); a page without one is judged without it.
 */
export function listingRow(
  doc: Document,
  scored: Scored,
  own: readonly number[],
  run: Run,
  declared: Declared,
): number[] {
  const segments = own.map((i) => scored.segments[i] as Segment);
  const address = declaredAddress(doc);
  const path = address === null ? [] : address.pathname.split('/').filter((part) => part !== '');
  const slug = (path.at(-1) ?? '').replace(/\.\w+$/, '');
  let ownChars = 0;
  let runChars = 0;
  let paragraphChars = 0;
  let paragraphs = 0;
  let headlines = 0;
  let prices = 0;
  let linkedHeadings = 0;
  let plainHeadings = 0;
  const articles = new Set<Element>();
  own.forEach((i, k) => {
    const s = segments[k] as Segment;
    ownChars += s.length;
    if (i >= run.start && i <= run.end) runChars += s.length;
    const plain = s.length - s.linkChars;
    if (plain >= PARAGRAPH_CHARS) {
      paragraphs++;
      paragraphChars += s.length;
    }
    const linked = s.linkChars > s.length / 2;
    if (
      linked &&
      s.length >= HEADLINE_LINK_CHARS &&
      wordsOf(s.raw, HEADLINE_LINK_WORDS) >= HEADLINE_LINK_WORDS
    )
      headlines++;
    if (s.heading > 0) {
      if (linked) linkedHeadings++;
      else plainHeadings++;
    }
    if (PRICE.test(s.raw)) prices++;
    if (s.article !== null) articles.add(s.article);
  });
  const log = (n: number): number => Math.log10(1 + Math.min(n, MAX_COUNT));
  const share = (n: number): number => (ownChars === 0 ? 0 : n / ownChars);
  return [
    declared.article ? 1 : 0,
    declared.listing ? 1 : 0,
    declared.product ? 1 : 0,
    declared.website ? 1 : 0,
    address === null ? 0 : 1,
    Math.min(path.length, MAX_DEPTH) / MAX_DEPTH,
    address !== null && path.length === 0 ? 1 : 0,
    address !== null && address.search !== '' ? 1 : 0,
    Math.min(slug.split(/[-_+]/).filter((word) => word !== '').length, MAX_SLUG_WORDS) / MAX_SLUG_WORDS,
    log(headlines),
    log(paragraphs),
    share(paragraphChars),
    log(prices),
    log(querySelectorAllIn(doc, 'time').length),
    log(articles.size),
    log(linkedHeadings),
    log(plainHeadings),
    share(runChars),
    log(paragraphsInARow(scored.segments, run)),
    log(pricedCards(segments)),
  ];
}

/**
 * The most sibling boxes of one shape (tag and first class) that each hold a linked name and a price: the
 * cards of a shop's category, counted whole. A product page holds one price of its own and a few cards of
 * accessories; a pricing page's plans link to no product.
 */
function pricedCards(segments: readonly Segment[]): number {
  const cards = new Map<Element, { price: boolean; link: boolean }>();
  for (const s of segments) {
    const price = PRICE.test(s.raw);
    const link = s.linkChars > s.length / 2 && wordsOf(s.raw, CARD_LINK_WORDS) >= CARD_LINK_WORDS;
    if (!price && !link) continue;
    let box: Element | null = s.block;
    for (let level = 0; box !== null && level < CARD_LEVELS; level++, box = parentElementOf(box)) {
      const card = cards.get(box) ?? { price: false, link: false };
      card.price ||= price;
      card.link ||= link;
      cards.set(box, card);
    }
  }
  // Per parent, how many of its children of each shape are such cards.
  const shapes = new Map<Element | null, Map<string, number>>();
  let most = 0;
  for (const [box, card] of cards) {
    if (!card.price || !card.link) continue;
    const parent = parentElementOf(box);
    const counts = shapes.get(parent) ?? new Map<string, number>();
    shapes.set(parent, counts);
    const shape = boxShapeOf(box);
    const count = (counts.get(shape) ?? 0) + 1;
    counts.set(shape, count);
    most = Math.max(most, count);
  }
  return most;
}

/**
 * The most paragraphs the run holds one after another: an article's run is paragraphs in a row, a listing's
 * a teaser under each headline link.
 */
function paragraphsInARow(segments: readonly Segment[], run: Run): number {
  let most = 0;
  let streak = 0;
  for (let i = run.start; i <= run.end; i++) {
    const s = segments[i] as Segment;
    if (s.raw === '') continue;
    streak = s.length - s.linkChars >= PARAGRAPH_CHARS ? streak + 1 : 0;
    most = Math.max(most, streak);
  }
  return most;
}

/** Words in a line, counted up to `enough`. */
function wordsOf(text: string, enough: number): number {
  let words = 0;
  for (const _ of text.matchAll(/\S+/g)) if (++words >= enough) break;
  return words;
}
