/**
 * The segments as the extractor sees them, for the fitting script (fit/) and bug reports: each segment's text,
 * length, feature vector (score/features.ts) and, with a model, its probability of being article text; and for
 * the reader's "Why this text" view, each with its page box and the features that weighed most. Reads the page
 * the way extract() does and never writes to it.
 */
import { bodyOf, documentElementOf } from './dom/access.ts';
import { DEFAULT_MAX_ELEMENTS } from './extract.ts';
import { matchRule, type SiteRule } from './rules/index.ts';
import { FEATURES } from './score/features.ts';
import { pageStyle } from './score/index.ts';
import { contentProbability, type Model } from './score/model.ts';
import { declaredPageTypes } from './score/page-type.ts';
import { segmentRows, setTemplateAside } from './score/scored.ts';
import { SHIPPED_MODEL } from './score/shipped.ts';
import { segmentText, walkSegments } from './segments/index.ts';
import { hiding, styleSource } from './visibility/index.ts';

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

export function inspectSegments(doc: Document, model: Model | null = SHIPPED_MODEL): Inspection {
  return { features: FEATURES, segments: readSegments(doc, model, null).map(({ report }) => report) };
}

/**
 * The segments as the reader's "Why this text" view shows them, read with the site's fix (`rule`) and template
 * as the extractor read them, in the order of Diagnostics.run's indices.
 */
export function explainSegments(
  doc: Document,
  rule: SiteRule | null,
  template: readonly number[] = [],
  model: Model = SHIPPED_MODEL,
): SegmentExplained[] {
  return readSegments(doc, model, rule, template).map(({ report, block }) => ({
    ...report,
    block,
    reasons: report.features
      .map((value, i) => ({ feature: FEATURES[i] ?? '', value, weight: (model.weights[i] ?? 0) * value }))
      .filter((reason) => reason.weight !== 0)
      .sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight))
      .slice(0, REASONS),
  }));
}

function readSegments(
  doc: Document,
  model: Model | null,
  rule: SiteRule | null,
  template: readonly number[] = [],
): { report: SegmentReport; block: Element }[] {
  const body = bodyOf(doc) ?? documentElementOf(doc);
  if (!body) return [];
  const page = styleSource(doc);
  const styles = rule === null ? page : hiding(page, matchRule(doc, rule).removed);
  const walk = walkSegments(body, styles, DEFAULT_MAX_ELEMENTS);
  const rows = segmentRows(walk.segments, pageStyle(walk.segments), declaredPageTypes(doc));
  const probability = walk.segments.map((s, i) =>
    model === null || s.raw === '' ? 0 : contentProbability(model, rows[i] ?? []),
  );
  const aside =
    model !== null && template.length > 0
      ? setTemplateAside(walk.segments, probability, new Set(template)).aside
      : null;
  return walk.segments.map((s, i) => ({
    block: s.block,
    report: {
      text: s.raw === '' ? '' : segmentText(s),
      length: s.length,
      collapsed: s.raw === '',
      features: rows[i] ?? [],
      probability: model === null || s.raw === '' ? null : (probability[i] ?? 0),
      template: aside?.[i] === true,
    },
  }));
}
