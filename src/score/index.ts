import type { Segment } from '../segments/index.ts';

/** The page's body text style: the font size and colour carrying the most text (docs/extraction.md). */
export interface PageStyle {
  fontSize: number;
  color: string;
}

/** Luo et al. 2009, thresholds as published. */
export const LUO = { minSizeShare: 0.7, minColorShare: 0.2, maxLinkShare: 0.5 } as const;

/** Font sizes within half a pixel are the same size (rounding of em/rem sizes). */
const SIZE_TOLERANCE = 0.5;

/**
 * Dominant style over NON-LINK text, each run weighted by its segment's length. Counting all characters
 * makes link blue dominant on pages without their CSS, and every paragraph then scores −1 (docs/extraction.md).
 * Weighting by segment length makes one long paragraph outvote many short menu items.
 */
export function pageStyle(segments: readonly Segment[]): PageStyle {
  const bySize = new Map<number, number>();
  const byColor = new Map<string, number>();
  for (const seg of segments) {
    if (ownFace(seg)) continue;
    const weight = seg.length;
    const runs = seg.runs;
    for (let i = seg.from; i < seg.to; i++) {
      if (runs.link[i]) continue;
      const chars = (runs.chars[i] ?? 0) * weight;
      const size = Math.round((runs.size[i] ?? 16) * 2) / 2;
      const color = runs.color[i] ?? '';
      bySize.set(size, (bySize.get(size) ?? 0) + chars);
      byColor.set(color, (byColor.get(color) ?? 0) + chars);
    }
  }
  return { fontSize: argmax(bySize) ?? 16, color: argmax(byColor) ?? '' };
}

function argmax<K>(m: Map<K, number>): K | undefined {
  let best: K | undefined;
  let bestValue = -1;
  // forEach, not for-of with [k, v]: until V8 optimises this (it runs once a call), each step of that loop
  // allocated an entry array and an iterator result and destructured the one through the other.
  m.forEach((v, k) => {
    if (v > bestValue) {
      best = k;
      bestValue = v;
    }
  });
  return best;
}

/**
 * Code is set in its own face and size: on a programming blog its long blocks would outvote the prose
 * (readability-test-pages' 001: 13 px code made every 16 px paragraph score −1). So are formulas: their
 * sub- and superscripts are smaller by design (mathjax: display equations scored −1 and were cut).
 */
function ownFace(seg: Segment): boolean {
  return seg.context === 'pre' || seg.context === 'math';
}

export interface SegmentShares {
  size: number;
  color: number;
  link: number;
}

export function shares(seg: Segment, style: PageStyle): SegmentShares {
  // Code and formulas are judged by their links alone: their face is never the body's, yet they are the article's.
  if (ownFace(seg)) return { size: 1, color: 1, link: seg.linkChars / (seg.length || 1) };
  let size = 0;
  let color = 0;
  const runs = seg.runs;
  for (let i = seg.from; i < seg.to; i++) {
    const chars = runs.chars[i] ?? 0;
    if (Math.abs((runs.size[i] ?? 0) - style.fontSize) <= SIZE_TOLERANCE) size += chars;
    if (runs.color[i] === style.color) color += chars;
  }
  const n = seg.length || 1;
  return { size: size / n, color: color / n, link: seg.linkChars / n };
}

/** Luo's F(s): +1 when the segment looks like body text, −1 otherwise. */
export function luoSign(s: SegmentShares): 1 | -1 {
  return s.size >= LUO.minSizeShare && s.color >= LUO.minColorShare && s.link <= LUO.maxLinkShare ? 1 : -1;
}
