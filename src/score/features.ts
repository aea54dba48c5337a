/**
 * What the fitted model reads of a segment (docs/extraction.md): Luo's style
 * shares against the page's body text, the text's own shape, where in the page the segment sits (landmarks,
 * class/id words of its nearest boxes, the title heading), and the same few things of its neighbours. Every
 * value is a plain number; the model (model.ts) standardises them with the fit's means and scales.
 *
 * The list is FEATURES, in order: the fitting script (fit/) and the extractor read the same vector, and the
 * checked-in weights name each feature, so a change here without a new fit fails the model's test.
 */
import { attributeOf, localNameOf, parentElementOf } from '../dom/access.ts';
import { flatParentElement } from '../dom/flat.ts';
import { elementChildren, MAX_ANCESTORS } from '../dom/limits.ts';
import type { SegmentContext } from '../dom/tags.ts';
import {
  COMMENT_GROUP,
  LANDMARKS,
  type Landmark,
  NAME_GROUPS,
  ROLE_LANDMARK,
  TAG_LANDMARK,
  tokensOf,
} from '../names/index.ts';
import { type Segment, segmentText } from '../segments/index.ts';
import type { SegmentShares } from './index.ts';
import type { Declared } from './page-type.ts';

const GROUP_NAMES = Object.keys(NAME_GROUPS);
const GROUP_OF = new Map<string, number>();
GROUP_NAMES.forEach((group, bit) => {
  for (const word of (NAME_GROUPS[group] ?? '').split(' ')) if (!GROUP_OF.has(word)) GROUP_OF.set(word, bit);
});
/** How many of a segment's nearest elements (its block and the block's ancestors) lend it their names. */
const NEAR_BOXES = 4;

const LANDMARK_BIT = new Map<Landmark, number>(LANDMARKS.map((name, bit) => [name, 1 << bit]));

const CONTEXTS: readonly SegmentContext[] = ['p', 'li', 'td', 'pre', 'math', 'blockquote', 'figcaption'];

/**
 * The vector's entries by name, in order. The fit and the inspector read it; made in a call marked pure, so
 * the content script, which never does, drops it whole.
 */
export const FEATURES: readonly string[] = /* @__PURE__ */ (() => [
  'luo',
  'size share',
  'link share',
  'size ratio',
  'chars (log)',
  'words (log)',
  'ends a sentence',
  'heading 1',
  'heading 2-3',
  'heading 4-6',
  ...CONTEXTS.map((c) => `in ${c}`),
  'boilerplate name',
  'in <article>',
  'after a rule',
  'position (segments)',
  'position (text)',
  'before the h1',
  'segments from the h1 (log)',
  'page chars (log, capped)',
  'articles on page (log)',
  ...LANDMARKS.map((l) => `landmark ${l}`),
  ...GROUP_NAMES.map((g) => `name ${g}`),
  'repeated records (log, capped)',
  'previous luo',
  'next luo',
  'previous link share',
  'next link share',
  'previous chars (log)',
  'next chars (log)',
  'luo around (±3, by length)',
  'same block as previous',
  // What the page declares itself to be (page-type.ts), and what that changes: a product's copy is set in
  // display type and short lines, a thread's posts are the repeated records.
  'declares a product',
  'declares a discussion',
  'declares an article',
  'product: luo',
  'product: chars (log)',
  'discussion: repeated records (log, capped)',
])();

/**
 * Counts past what the dev corpora hold are capped there: a linear model extrapolates, and a page of 20,000
 * identical replies (e2e/robustness's huge page) made every reply article text by its sibling count alone.
 * The corpora's largest: 1,130 same-shaped siblings, 375,000 characters of page text (99th percentiles 640 and
 * 88,000).
 */
const MAX_REPEATS = 1000;
const MAX_PAGE_CHARS = 400_000;

/** What scoring knows of every segment before the model: the Luo shares and the name verdict. */
export interface FeatureInput {
  segments: readonly Segment[];
  shares: readonly SegmentShares[];
  luo: readonly (1 | -1)[];
  boilerplate: readonly boolean[];
  fontSize: number;
  /** What the page declares itself to be (page-type.ts), read once per extraction. */
  declared: Declared;
  /** The page is read as its comments (extract.ts): the `comment` name group says nothing. */
  commentsAsText: boolean;
}

/**
 * Per element: its landmarks (inherited), and of it and its NEAR_BOXES − 1 nearest ancestors the name groups
 * and how many siblings share their tag and class (a thread's posts, a listing's cards, a table's rows).
 */
interface Place {
  landmarks: number;
  near: readonly number[];
  repeats: readonly number[];
  /** `near` OR-ed together and the largest of `repeats`: what a segment's row reads, worked out once. */
  groups: number;
  repeated: number;
}

const ENDS_SENTENCE = /[.!?…。！？:]["'”’»)\]]?$/;

/**
 * Words of a segment's text as segmentText gives it (whitespace normalised to single spaces, trimmed): one more
 * than its spaces, counted by native scans rather than a regex match that would build an array of every word.
 */
function wordCount(text: string): number {
  if (text === '') return 0;
  let n = 1;
  for (let i = text.indexOf(' '); i !== -1; i = text.indexOf(' ', i + 1)) n++;
  return n;
}

export function segmentFeatures(input: FeatureInput): number[][] {
  const { segments, shares, luo } = input;
  const places = new Map<Element, Place>();
  const siblings = new Map<Element, Map<string, number>>();
  const placeOf = (el: Element): Place => placeIn(el, places, siblings);
  let pageChars = 0;
  for (const s of segments) pageChars += s.length;
  const h1 = segments.findIndex((s) => s.heading === 1);
  const articles = new Set<Element>();
  for (const s of segments) if (s.article) articles.add(s.article);
  const signedLength = segments.map((s, i) => (luo[i] ?? -1) * s.length);
  const { declared } = input;
  const product = declared.product ? 1 : 0;
  const discussion = declared.discussion ? 1 : 0;
  const groupMask = input.commentsAsText ? ~COMMENT_GROUP : ~0;

  const rows: number[][] = [];
  let before = 0;
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i] as Segment;
    const sh = shares[i] as SegmentShares;
    const text = s.raw === '' ? '' : segmentText(s);
    const place = placeOf(s.block);
    const near = place.groups & groupMask;
    const previous = segments[i - 1];
    const next = segments[i + 1];
    let around = 0;
    let aroundLength = 0;
    for (let k = Math.max(0, i - 3); k <= Math.min(segments.length - 1, i + 3); k++) {
      if (k === i) continue;
      around += signedLength[k] ?? 0;
      aroundLength += segments[k]?.length ?? 0;
    }
    const repeated = Math.log(Math.min(MAX_REPEATS, place.repeated));
    const chars = Math.log1p(s.length);
    const row = [
      luo[i] ?? -1,
      sh.size,
      sh.link,
      Math.log(meanSize(s) / (input.fontSize || 16)),
      chars,
      Math.log1p(wordCount(text)),
      ENDS_SENTENCE.test(text) ? 1 : 0,
      s.heading === 1 ? 1 : 0,
      s.heading === 2 || s.heading === 3 ? 1 : 0,
      s.heading >= 4 ? 1 : 0,
      ...CONTEXTS.map((c) => (s.context === c ? 1 : 0)),
      input.boilerplate[i] ? 1 : 0,
      s.article ? 1 : 0,
      s.hrBefore ? 1 : 0,
      segments.length <= 1 ? 0 : i / (segments.length - 1),
      pageChars === 0 ? 0 : before / pageChars,
      h1 >= 0 && i < h1 ? 1 : 0,
      h1 < 0 ? Math.log1p(segments.length) : Math.log1p(Math.abs(i - h1)),
      Math.log1p(Math.min(pageChars, MAX_PAGE_CHARS)),
      Math.log1p(articles.size),
      ...LANDMARKS.map((_, bit) => ((place.landmarks & (1 << bit)) !== 0 ? 1 : 0)),
      ...GROUP_NAMES.map((_, bit) => ((near & (1 << bit)) !== 0 ? 1 : 0)),
      repeated,
      previous ? (luo[i - 1] ?? -1) : 0,
      next ? (luo[i + 1] ?? -1) : 0,
      previous ? (shares[i - 1]?.link ?? 0) : 0,
      next ? (shares[i + 1]?.link ?? 0) : 0,
      Math.log1p(previous?.length ?? 0),
      Math.log1p(next?.length ?? 0),
      aroundLength === 0 ? 0 : around / aroundLength,
      previous?.block === s.block ? 1 : 0,
      product,
      discussion,
      declared.article ? 1 : 0,
      product * (luo[i] ?? -1),
      product * chars,
      discussion * repeated,
    ];
    rows.push(row);
    before += s.length;
  }
  return rows;
}

/**
 * An element's place, from its parent's (cached: a page's segments share most of their ancestors). The climb
 * to the nearest cached ancestor is iterative and bounded by the flat tree's own bound (flat.ts).
 */
function placeIn(
  el: Element,
  places: Map<Element, Place>,
  siblings: Map<Element, Map<string, number>>,
): Place {
  const chain: Element[] = [];
  let e: Element | null = el;
  let known: Place = { landmarks: 0, near: [], repeats: [], groups: 0, repeated: 1 };
  for (let steps = 0; e !== null && steps < MAX_ANCESTORS; steps++) {
    const cached = places.get(e);
    if (cached) {
      known = cached;
      break;
    }
    chain.push(e);
    e = flatParentElement(e);
  }
  for (let k = chain.length - 1; k >= 0; k--) {
    const node = chain[k] as Element;
    const own = ownPlace(node);
    const near = [own.groups, ...known.near.slice(0, NEAR_BOXES - 1)];
    const repeated = [repeats(node, siblings), ...known.repeats.slice(0, NEAR_BOXES - 1)];
    let groups = 0;
    for (const g of near) groups |= g;
    known = {
      landmarks: known.landmarks | own.landmark,
      near,
      repeats: repeated,
      groups,
      repeated: Math.max(1, ...repeated),
    };
    places.set(node, known);
  }
  return known;
}

/** How many element children of `el`'s parent have its tag and class (itself included), counted once a parent. */
function repeats(el: Element, siblings: Map<Element, Map<string, number>>): number {
  const parent = parentElementOf(el);
  if (parent === null) return 1;
  let counts = siblings.get(parent);
  if (counts === undefined) {
    counts = new Map();
    for (const child of elementChildren(parent)) {
      const key = signature(child);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    siblings.set(parent, counts);
  }
  return counts.get(signature(el)) ?? 1;
}

function signature(el: Element): string {
  return `${localNameOf(el)} ${attributeOf(el, 'class') ?? ''}`;
}

function ownPlace(el: Element): { landmark: number; groups: number } {
  const role = attributeOf(el, 'role');
  const landmark = TAG_LANDMARK[localNameOf(el)] ?? (role ? ROLE_LANDMARK[role] : undefined);
  let groups = 0;
  const names = `${attributeOf(el, 'class') ?? ''} ${attributeOf(el, 'id') ?? ''}`;
  if (names.length > 1) {
    for (const token of tokensOf(names)) {
      const bit = GROUP_OF.get(token);
      if (bit !== undefined) groups |= 1 << bit;
    }
  }
  return { landmark: landmark ? (LANDMARK_BIT.get(landmark) ?? 0) : 0, groups };
}

/** The segment's font size, averaged over its characters. */
function meanSize(s: Segment): number {
  let chars = 0;
  let sum = 0;
  for (let k = s.from; k < s.to; k++) {
    const n = s.runs.chars[k] ?? 0;
    chars += n;
    sum += n * (s.runs.size[k] ?? 16);
  }
  return chars === 0 ? 16 : sum / chars || 16;
}
