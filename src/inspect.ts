/**
 * The segments as the extractor sees them, for the fitting script (fit/) and bug reports: each segment's text,
 * length, feature vector (score/features.ts) and, with a model, its probability of being article text; and for
 * the reader's "Why this text" view, each with its page box and the features that weighed most. Reads the page
 * the way extract() does and never writes to it.
 */
import { DEFAULT_MAX_ELEMENTS, type readPage, walkPage } from './extract.ts';
import type { SiteRule } from './rules/index.ts';
import { FEATURES } from './score/features.ts';
import { pageStyle } from './score/index.ts';
import { contentProbability, type Model } from './score/model.ts';
import { declaredPageTypes } from './score/page-type.ts';
import { segmentRows } from './score/scored.ts';
import { SHIPPED_MODEL } from './score/shipped.ts';
import { type Segment, segmentText } from './segments/index.ts';

export interface SegmentReport {
  text: string;
  length: number;
  /** Walked as one box (a footer, a strong-named box): its text is not kept, only its length. */
  collapsed: boolean;
  features: number[];
  /** With the site's template applied (extract's `template` option), as the run was chosen by. */
  probability: number | null;
  /** The site's other pages showed it too, and the memory set it aside (template/index.ts). */
  template: boolean;
}

export interface Inspection {
  features: readonly string[];
  segments: SegmentReport[];
}

/** A segment as "Why this text" shows it: where it is on the page, and what weighed most in its score. */
export interface SegmentExplained extends SegmentReport {
  /** The block box the segment was cut from. */
  block: Element;
  /** The features that moved its score most, largest first: weight × value, in the model's logit. */
  reasons: { feature: string; value: number; weight: number }[];
}

/** How many reasons each segment gives. */
const REASONS = 5;

/**
 * Every segment of the page as the first reading walks it (no fix, no template, the comments' names as they
 * are): the rows the model is fitted to (fit/collect.ts), whatever reading the article then came from.
 */
export function inspectSegments(doc: Document, model: Model | null = SHIPPED_MODEL): Inspection {
  const page = walkPage(doc, null, null, DEFAULT_MAX_ELEMENTS);
  if (page === null) return { features: FEATURES, segments: [] };
  const segments = page.walk.segments;
  const rows = segmentRows(segments, pageStyle(segments), declaredPageTypes(doc));
  return {
    features: FEATURES,
    segments: segments.map((s, i) => {
      const row = rows[i] ?? [];
      const probability = model === null || s.raw === '' ? null : contentProbability(model, row);
      return reportOf(s, row, probability, false);
    }),
  };
}

/**
 * The segments as the reader's "Why this text" view shows them, in the order of Diagnostics.run's indices: the
 * page read by `read`, extract()'s own pipeline (extract.ts readPage; the content script hands its own, so the
 * chunk carries no second copy), with the site's fix (`rule`) and template, so the segments and scores are those
 * of the reading the article came from (the page read as its comments, the template or the fix set aside). As
 * the reader does, "Show anyway" (`force`) only when there is no article.
 */
export function explainSegments(
  read: typeof readPage,
  doc: Document,
  rule: SiteRule | null,
  template: readonly number[] = [],
  model: Model = SHIPPED_MODEL,
): SegmentExplained[] {
  const options = { rule, template, model };
  const found = read(doc, options) ?? read(doc, { ...options, force: true });
  if (found === null) return [];
  const scored = found.scores();
  return found.segments.map((s, i) => {
    const features = scored.features?.[i] ?? [];
    const probability = s.raw === '' ? null : (scored.probability?.[i] ?? 0);
    return {
      ...reportOf(s, features, probability, scored.templateAside?.[i] === true),
      block: s.block,
      reasons: features
        .map((value, k) => ({ feature: FEATURES[k] ?? '', value, weight: (model.weights[k] ?? 0) * value }))
        .filter((reason) => reason.weight !== 0)
        .sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight))
        .slice(0, REASONS),
    };
  });
}

function reportOf(
  s: Segment,
  features: number[],
  probability: number | null,
  template: boolean,
): SegmentReport {
  const collapsed = s.raw === '';
  return {
    text: collapsed ? '' : segmentText(s),
    length: s.length,
    collapsed,
    features,
    probability,
    template,
  };
}
