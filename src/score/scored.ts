/**
 * Every segment's score, as the choose stage reads it: Luo's F(s) after the name penalty, and with a model
 * the fitted probability that the segment is article text, which decides its sign and what it adds to a run.
 */
import { attributeOf, firstClassOf, localNameOf } from '../dom/access.ts';
import { BOILERPLATE_TAGS, isStrongNegative } from '../names/index.ts';
import type { Segment } from '../segments/index.ts';
import { segmentFingerprints } from '../template/index.ts';
import { segmentFeatures } from './features.ts';
import { luoSign, type PageStyle, type SegmentShares, shares } from './index.ts';
import { contentProbability, type Model } from './model.ts';
import type { Declared } from './page-type.ts';

/** Scored view of the segments: what the run selection and the in-run clean-up read. */
export interface Scored {
  segments: readonly Segment[];
  shares: SegmentShares[];
  /** +1 article text, −1 not: the model's p ≥ ½, or without a model Luo's F(s) after the name penalty. */
  sign: (1 | -1)[];
  /** What a segment adds to a run's score: (2p − 1) × length with the model, F(s) × length without. */
  weight: number[];
  /** The model's probability that the segment is article text; null without a model. */
  probability: number[] | null;
  /** Luo's F(s) after the name penalty: what scoring without a model goes by, and what trims a run's edges. */
  luo: (1 | -1)[];
  /** The segment sits under a boilerplate name that is not a page wrapper. */
  boilerplate: boolean[];
  /** How many segments taken for article text the site's other pages showed too, now scored as not article. */
  template: number;
  /** Which segments the site's template set aside; null without a template or a model. */
  templateAside: boolean[] | null;
  /** Each segment's feature vector (score/features.ts), as the model read it; null without a model. */
  features: number[][] | null;
}

/** What scoreSegments scores the segments by, besides themselves. */
export interface ScoreOptions {
  /** The page's body text style (score/index.ts pageStyle). */
  style: PageStyle;
  declared: Declared;
  /** The segment model; null or absent: Luo's F(s) after the name penalty alone. */
  model?: Model | null;
  /** Read as its comments (extract.ts): the `comment` name group says nothing (score/features.ts). */
  commentsAsText?: boolean;
  /** The site's template (extract's `template` option): fingerprints its other pages showed too. */
  template?: ReadonlySet<number> | null;
}

/**
 * A boilerplate name on an element that holds most of the page's text is a layout flag on a wrapper
 * (`<div class="container sidebar-left">`), not boilerplate: ignore it. So is a weak name (not STRONG in
 * names/) on boxes of one first class that hold most of the page's prose (Luo-positive text).
 */
const WRAPPER_SHARE = 0.5;

/**
 * Luo's F(s) and the name penalty for every segment, then, with a model, the fitted probability from the
 * segment's features (score/features.ts), which decides the sign and the run's score.
 */
export function scoreSegments(segments: readonly Segment[], options: ScoreOptions): Scored {
  const { style, declared, model = null, commentsAsText = false, template = null } = options;
  const judged = judge(segments, style);
  const { shares: sh, luo, boilerplate } = judged;
  const luoSigns = segments.map((_, i): 1 | -1 => (boilerplate[i] ? -1 : (luo[i] as 1 | -1)));
  if (model === null) {
    const weight = segments.map((s, i) => (luoSigns[i] ?? -1) * s.length);
    return {
      segments,
      shares: sh,
      sign: luoSigns,
      weight,
      probability: null,
      luo: luoSigns,
      boilerplate,
      template: 0,
      templateAside: null,
      features: null,
    };
  }
  const rows = segmentFeatures({ segments, ...judged, fontSize: style.fontSize, declared, commentsAsText });
  // A collapsed box (a footer, a comments box walked as one: raw '') is never the article, whatever its row.
  const probability = rows.map((row, i) => (segments[i]?.raw === '' ? 0 : contentProbability(model, row)));
  const aside = template === null ? null : setTemplateAside(segments, probability, template);
  const sign = probability.map((p): 1 | -1 => (p >= 0.5 ? 1 : -1));
  const weight = segments.map((s, i) => (2 * (probability[i] ?? 0) - 1) * s.length);
  return {
    segments,
    shares: sh,
    sign,
    weight,
    probability,
    luo: luoSigns,
    boilerplate,
    template: aside?.count ?? 0,
    templateAside: aside?.aside ?? null,
    features: rows,
  };
}

/**
 * What the site's other pages showed too (template/index.ts) is not article: scored as a model's clear "no",
 * so that a run stops before it and the in-run clean-up leaves it out (choose/prune.ts). Unless it is most of
 * what the model took for article text: then the page is one read before under another address (a variant of
 * a product, a copy with other parameters), and the memory has nothing to say of it.
 */
const TEMPLATE_PROBABILITY = 0.1;

export function setTemplateAside(
  segments: readonly Segment[],
  probability: number[],
  template: ReadonlySet<number>,
): { aside: boolean[]; count: number } {
  const known = segmentFingerprints(segments).map((fp) => fp !== 0 && template.has(fp));
  const articleChars = (onlyKnown: boolean) =>
    segments.reduce(
      (sum, s, i) => sum + ((probability[i] ?? 0) >= 0.5 && (known[i] || !onlyKnown) ? s.length : 0),
      0,
    );
  if (articleChars(true) * 2 >= articleChars(false)) return { aside: known.map(() => false), count: 0 };
  let count = 0;
  known.forEach((is, i) => {
    if (!is) return;
    // Counted where the memory changed the verdict: a menu the model had left out already is not news.
    if ((probability[i] ?? 0) >= 0.5) count++;
    probability[i] = Math.min(probability[i] ?? 0, TEMPLATE_PROBABILITY);
  });
  return { aside: known, count };
}

/** The segments' feature vectors (score/features.ts), as scoreSegments gives them to the model. */
export function segmentRows(segments: readonly Segment[], style: PageStyle, declared: Declared): number[][] {
  const judged = judge(segments, style);
  return segmentFeatures({ segments, ...judged, fontSize: style.fontSize, declared, commentsAsText: false });
}

/** Luo's shares and F(s) of every segment, and whether a boilerplate name holds on it. */
function judge(
  segments: readonly Segment[],
  style: PageStyle,
): { shares: SegmentShares[]; luo: (1 | -1)[]; boilerplate: boolean[] } {
  const sh = segments.map((s) => shares(s, style));
  const luo = sh.map(luoSign);
  return { shares: sh, luo, boilerplate: boilerplateNames(segments, luo) };
}

/**
 * Which segments sit under a boilerplate name that holds: not a wrapper around most of the page's text or
 * prose. Boxes with a weak name are counted by their first class, as records are (choose/records.ts): a page
 * builder names every box of the article alike (Elementor's `elementor-element … elementor-widget-text-editor`,
 * and `widget` is a weak name), so no one box holds most of the prose, but together they do (modern-dev: an
 * Elementor article of 6,000 words came out as one paragraph; docs/extraction.md).
 */
function boilerplateNames(segments: readonly Segment[], luo: readonly (1 | -1)[]): boolean[] {
  let total = 0;
  let prose = 0;
  const chars = new Map<Element | string, number>();
  const proseChars = new Map<Element | string, number>();
  // Landmarks and strong names are judged box by box, and by their share of the text only: a long comment
  // thread holds most of the prose and is still boilerplate. Each box's key is read once.
  const strong = new Set<Element | string>();
  const keyOf = new Map<Element, Element | string>();
  const keys = segments.map((s) => {
    const box = s.flagged;
    if (box === null) return null;
    let key = keyOf.get(box);
    if (key === undefined) {
      const isStrong = strongBoilerplate(box);
      if (isStrong) strong.add(box);
      key = isStrong ? box : firstClassOf(box) || box;
      keyOf.set(box, key);
    }
    return key;
  });
  segments.forEach((s, i) => {
    const key = keys[i];
    total += s.length;
    if (luo[i] === 1) prose += s.length;
    if (!key) return;
    chars.set(key, (chars.get(key) ?? 0) + s.length);
    if (luo[i] === 1 && !strong.has(key)) proseChars.set(key, (proseChars.get(key) ?? 0) + s.length);
  });
  return keys.map(
    (key) =>
      key !== null &&
      (chars.get(key) ?? 0) <= WRAPPER_SHARE * total &&
      (proseChars.get(key) ?? 0) <= WRAPPER_SHARE * prose,
  );
}

/** Landmarks and strong names stay boilerplate even around most of the prose (a long comment thread). */
function strongBoilerplate(el: Element): boolean {
  const tag = localNameOf(el);
  if (BOILERPLATE_TAGS.has(tag)) return true;
  return isStrongNegative(`${attributeOf(el, 'class') ?? ''} ${attributeOf(el, 'id') ?? ''}`);
}
