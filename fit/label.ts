/**
 * What the fit learns from: each segment of a page labelled article text (1) or not (0) from the page's gold,
 * or left out (null) where the gold does not say.
 *
 * - Full-text gold (modern-dev's articleBody, readability-test-pages' expected.html): a segment of four or
 *   more tokens is labelled by the share of its 4-token shingles found in the gold (the bench's own metric,
 *   bench/metric.ts), 1 when at least half are. A shorter one ("Reply", "By Ann Lee", a date) can't be
 *   judged by shingles, and its words are in most golds somewhere: it is article text when its tokens occur
 *   in the gold between the gold positions of the nearest labelled segments before and after it (a byline
 *   under the title yes, a "Share" button between two paragraphs no, unless the gold has it there).
 * - Snippet gold (trafilatura-dev): a segment that holds a must-have snippet, or is held by one, is 1; one
 *   that holds a must-not snippet, or is held by one, is 0; the rest are left out.
 */
import { normalizeSpace, SHINGLE_SIZE, tokenize } from '../bench/metric.ts';
import type { CachedSegment } from './collect.ts';

export type Gold =
  | { kind: 'text'; text: string }
  | { kind: 'snippets'; with: readonly string[]; without: readonly string[] };

/** How far (in gold tokens) a short segment's match may lie outside its neighbours' positions. */
const SLACK = 8;
/** A snippet shorter than this (in characters) is too common a phrase to label what holds it. */
const MIN_SNIPPET = 12;

export function labelSegments(segments: readonly CachedSegment[], gold: Gold): (number | null)[] {
  return gold.kind === 'text' ? labelByText(segments, gold.text) : labelBySnippets(segments, gold);
}

function labelByText(segments: readonly CachedSegment[], goldText: string): (number | null)[] {
  const goldTokens = tokenize(goldText);
  // Each 4-token shingle of the gold → its first positions (a repeated phrase keeps up to 8).
  const where = new Map<string, number[]>();
  for (let i = 0; i + SHINGLE_SIZE <= goldTokens.length; i++) {
    const key = goldTokens.slice(i, i + SHINGLE_SIZE).join(' ');
    const list = where.get(key);
    if (!list) where.set(key, [i]);
    else if (list.length < 8) list.push(i);
  }
  const labels: (number | null)[] = [];
  // A long segment's position in the gold: the median of its found shingles' first positions.
  const position: (number | null)[] = [];
  const tokensOf: string[][] = [];
  for (const s of segments) {
    const tokens = tokenize(s.t);
    tokensOf.push(tokens);
    if (s.t === '' || tokens.length === 0) {
      labels.push(s.t === '' ? 0 : null);
      position.push(null);
      continue;
    }
    if (tokens.length < SHINGLE_SIZE) {
      labels.push(null);
      position.push(null);
      continue;
    }
    let found = 0;
    let total = 0;
    const at: number[] = [];
    for (let i = 0; i + SHINGLE_SIZE <= tokens.length; i++) {
      total++;
      const hit = where.get(tokens.slice(i, i + SHINGLE_SIZE).join(' '));
      if (hit) {
        found++;
        at.push((hit[0] ?? 0) - i);
      }
    }
    const content = found / total >= 0.5;
    labels.push(content ? 1 : 0);
    at.sort((a, b) => a - b);
    position.push(content ? (at[at.length >> 1] ?? null) : null);
  }
  // Short segments, between their labelled neighbours' gold positions.
  for (let i = 0; i < segments.length; i++) {
    if (labels[i] !== null || tokensOf[i]?.length === 0) continue;
    let before: number | null = null;
    for (let k = i - 1; k >= 0 && before === null; k--) before = position[k] ?? null;
    let after: number | null = null;
    for (let k = i + 1; k < segments.length && after === null; k++) after = position[k] ?? null;
    const from = before === null ? (after === null ? -1 : Math.max(0, after - 200)) : before;
    const to = after === null ? (before === null ? -1 : before + 400) : after + SLACK;
    if (from < 0) {
      labels[i] = occursIn(goldTokens, tokensOf[i] as string[], 0, goldTokens.length) ? null : 0;
      continue;
    }
    labels[i] = occursIn(goldTokens, tokensOf[i] as string[], Math.max(0, from - SLACK), to) ? 1 : 0;
  }
  return labels;
}

/** Whether `needle` occurs as consecutive tokens of `hay` starting in [from, to). */
function occursIn(hay: readonly string[], needle: readonly string[], from: number, to: number): boolean {
  const last = Math.min(to, hay.length - needle.length + 1);
  outer: for (let i = from; i < last; i++) {
    for (let k = 0; k < needle.length; k++) if (hay[i + k] !== needle[k]) continue outer;
    return true;
  }
  return false;
}

function labelBySnippets(
  segments: readonly CachedSegment[],
  gold: { with: readonly string[]; without: readonly string[] },
): (number | null)[] {
  const norm = (text: string): string => normalizeSpace(text);
  const withs = gold.with.map(norm).filter((s) => s.length >= MIN_SNIPPET);
  const withouts = gold.without.map(norm).filter((s) => s.length >= MIN_SNIPPET);
  return segments.map((s) => {
    if (s.t === '') return 0;
    const text = norm(s.t);
    if (text.length < MIN_SNIPPET) return null;
    const related = (snippet: string): boolean => text.includes(snippet) || snippet.includes(text);
    if (withouts.some(related)) return 0;
    if (withs.some(related)) return 1;
    return null;
  });
}
