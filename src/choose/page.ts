/**
 * The page less its chrome: every segment outside the page's navigation, banner, footer and side boxes, in
 * order. It is the answer for a page that is no one text: a listing shown anyway, and a page whose best run
 * holds only a small part of what it says (a service's landing page of feature cards, a shop's product page).
 */
import { closestOf, querySelectorIn } from '../dom/access.ts';
import { PAGE_CHROME } from '../names/index.ts';
import type { Scored } from '../score/scored.ts';
import type { Segment } from '../segments/index.ts';

/**
 * The indices of the segments that are the page's own text: not chrome (names/ PAGE_CHROME), not a box set
 * aside by name. A header holding the page's `<h1>` is the title's, not the site's (an article's or a
 * product's header).
 */
export function pageIndices(scored: Scored): number[] {
  const out: number[] = [];
  const chrome = new Map<Element, boolean>();
  const isChrome = (box: Element): boolean => {
    let verdict = chrome.get(box);
    if (verdict === undefined) {
      verdict = querySelectorIn(box, 'h1') === null;
      chrome.set(box, verdict);
    }
    return verdict;
  };
  for (let i = 0; i < scored.segments.length; i++) {
    const s = scored.segments[i] as Segment;
    if (s.raw === '') continue;
    const box = closestOf(s.block, PAGE_CHROME);
    if (box !== null && isChrome(box)) continue;
    out.push(i);
  }
  return out;
}

/** The visible characters of the segments at `indices`. */
export function charsOf(indices: readonly number[], scored: Scored): number {
  let n = 0;
  for (const i of indices) n += scored.segments[i]?.length ?? 0;
  return n;
}
