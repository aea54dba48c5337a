/**
 * Whether a page is answered whole, less its chrome (page.ts), or by its best run: a fitted decision
 * (docs/extraction.md, "The page-kind decision"). A landing page's hero or one section of feature cards is a
 * small part of what the page says; an undated press release's body is most of it, with a sidebar of links
 * beside. Logistic regression over the features below, fitted by `npm run fit` (fit/page-choice.ts) on the
 * pages where the two answers differ, weighted by how much they differ, and checked in as page-model.json.
 */
import type { Scored } from '../score/scored.ts';
import type { Segment } from '../segments/index.ts';

/** The decision's features, in the order of its model's weights. */
export const PAGE_FEATURES = [
  'run share of own text',
  'run share of all text',
  'own text, log10 chars',
  'declared article',
  'declared product',
  'dated',
  'comments heading after the run',
  'run text in paragraphs',
  'other own text in paragraphs',
  'run probability',
  'other own text probability',
  'other own text in links',
  'headings in other own text, log10',
  'other own text, log10 chars',
] as const;

/** What the page says about itself, besides its segments. */
export interface PageSignals {
  declaredArticle: boolean;
  declaredProduct: boolean;
  dated: boolean;
  commentsAfter: boolean;
}

/** The decision as the diagnostics report it: its features and the model's probability of the whole page. */
export interface PageDecision {
  features: number[];
  probability: number;
}

/**
 * A segment this long is a paragraph of prose, not a card's line or a label: an article is mostly paragraphs,
 * a landing page mostly short lines.
 */
const PARAGRAPH_CHARS = 150;

/**
 * The decision's feature row. `own`: the indices of the page's own segments (page.ts); `inRun`: whether a
 * segment is one the run kept. Shares are of visible characters.
 */
export function pageChoiceRow(
  scored: Scored,
  own: readonly number[],
  inRun: (i: number) => boolean,
  signals: PageSignals,
): number[] {
  let all = 0;
  for (const s of scored.segments) all += s.length;
  const rest = own.filter((i) => !inRun(i));
  const run = scored.segments.map((_, i) => i).filter(inRun);
  const ownChars = sumOf(own, scored, (s) => s.length);
  const runChars = sumOf(run, scored, (s) => s.length);
  const restChars = sumOf(rest, scored, (s) => s.length);
  const share = (n: number, of: number): number => (of === 0 ? 0 : n / of);
  const paragraphs = (s: Segment): number => (s.length >= PARAGRAPH_CHARS ? s.length : 0);
  const probability = (s: Segment, i: number): number => probabilityOf(scored, i) * s.length;
  return [
    share(runChars, Math.max(1, ownChars)),
    share(runChars, Math.max(1, all)),
    Math.log10(1 + ownChars),
    signals.declaredArticle ? 1 : 0,
    signals.declaredProduct ? 1 : 0,
    signals.dated ? 1 : 0,
    signals.commentsAfter ? 1 : 0,
    share(sumOf(run, scored, paragraphs), runChars),
    share(sumOf(rest, scored, paragraphs), restChars),
    share(sumOf(run, scored, probability), runChars),
    share(sumOf(rest, scored, probability), restChars),
    share(
      sumOf(rest, scored, (s) => s.linkChars),
      restChars,
    ),
    Math.log10(1 + sumOf(rest, scored, (s) => (s.heading > 0 ? 1 : 0))),
    Math.log10(1 + restChars),
  ];
}

/** The sum of `value` over the segments at `indices`. */
function sumOf(indices: readonly number[], scored: Scored, value: (s: Segment, i: number) => number): number {
  let n = 0;
  for (const i of indices) {
    const s = scored.segments[i];
    if (s) n += value(s, i);
  }
  return n;
}

/** The segment model's probability, or without a model Luo's sign as 0 or 1. */
function probabilityOf(scored: Scored, i: number): number {
  return scored.probability?.[i] ?? ((scored.luo[i] ?? -1) > 0 ? 1 : 0);
}
