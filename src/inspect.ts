/**
 * The segments as the extractor sees them, for the fitting script (fit/) and bug reports: each segment's text,
 * length, feature vector (score/features.ts) and, with a model, its probability of being article text. Reads
 * the page the way extract() does and never writes to it.
 */
import { bodyOf, documentElementOf } from './dom/access.ts';
import { DEFAULT_MAX_ELEMENTS } from './extract.ts';
import { FEATURES } from './score/features.ts';
import { pageStyle } from './score/index.ts';
import { contentProbability, type Model } from './score/model.ts';
import { declaredPageTypes } from './score/page-type.ts';
import { segmentRows } from './score/scored.ts';
import { SHIPPED_MODEL } from './score/shipped.ts';
import { segmentText, walkSegments } from './segments/index.ts';
import { styleSource } from './visibility/index.ts';

export interface SegmentReport {
  text: string;
  length: number;
  /** Walked as one box (a footer, a strong-named box): its text is not kept, only its length. */
  collapsed: boolean;
  features: number[];
  probability: number | null;
}

export interface Inspection {
  features: readonly string[];
  segments: SegmentReport[];
}

export function inspectSegments(doc: Document, model: Model | null = SHIPPED_MODEL): Inspection {
  const body = bodyOf(doc) ?? documentElementOf(doc);
  if (!body) return { features: FEATURES, segments: [] };
  const walk = walkSegments(body, styleSource(doc), DEFAULT_MAX_ELEMENTS);
  const rows = segmentRows(walk.segments, pageStyle(walk.segments), declaredPageTypes(doc));
  return {
    features: FEATURES,
    segments: walk.segments.map((s, i) => ({
      text: s.raw === '' ? '' : segmentText(s),
      length: s.length,
      collapsed: s.raw === '',
      features: rows[i] ?? [],
      probability: model === null || s.raw === '' ? null : contentProbability(model, rows[i] ?? []),
    })),
  };
}
