/**
 * NewsFeed Algorithm 2.1, used when the segment run is weak: content-bearing paragraphs grouped
 * by parent. Parameters as published: C_P = 40, C_T = 30, C_Σ = 350.
 */
import { elementsByTagName, parentElementOf, querySelectorAllIn, textContentOf } from '../dom/access.ts';
import { MAX_ANCESTORS, MIN_ARTICLE_CHARS } from '../dom/limits.ts';

export const NEWSFEED = {
  minParagraphChars: 40,
  charsPerTag: 30,
  minArticleChars: MIN_ARTICLE_CHARS,
} as const;

export function newsFeedFallback(root: Element, isHidden: (el: Element) => boolean): Element | null {
  const paragraphs = Array.from(elementsByTagName(root, 'p')).filter((p) => !insideHidden(p, root, isHidden));
  const cbp = paragraphs.map((p) => {
    const chars = (textContentOf(p) ?? '').trim().length;
    const tags = elementsByTagName(p, '*').length;
    return chars >= NEWSFEED.minParagraphChars && tags <= chars / NEWSFEED.charsPerTag;
  });
  // A paragraph squeezed between two content-bearing ones belongs to the article too.
  const counted = cbp.map((c, i) => c || (i > 0 && i < cbp.length - 1 && !!cbp[i - 1] && !!cbp[i + 1]));

  const totals = new Map<Element, number>();
  paragraphs.forEach((p, i) => {
    const parent = parentElementOf(p);
    if (!counted[i] || parent === null) return;
    totals.set(parent, (totals.get(parent) ?? 0) + (textContentOf(p) ?? '').trim().length);
  });
  let best: Element | null = null;
  let bestChars = 0;
  for (const [el, chars] of totals) {
    if (chars > NEWSFEED.minArticleChars && chars > 2 * bestChars) {
      best = el;
      bestChars = chars;
    }
  }
  if (best) return best;

  for (const el of Array.from(querySelectorAllIn(root, 'div, td'))) {
    if (insideHidden(el, root, isHidden)) continue;
    const chars = (textContentOf(el) ?? '').trim().length;
    const media = elementsByTagName(el, 'a').length + elementsByTagName(el, 'img').length;
    if (chars > NEWSFEED.minArticleChars && chars > NEWSFEED.charsPerTag * media) return el;
  }
  return null;
}

function insideHidden(el: Element, root: Element, isHidden: (el: Element) => boolean): boolean {
  let e: Element | null = el;
  for (let steps = 0; e !== null && e !== root && steps < MAX_ANCESTORS; steps++) {
    if (isHidden(e)) return true;
    e = parentElementOf(e);
  }
  return false;
}
