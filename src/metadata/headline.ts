/**
 * What a page shows beside its headline, for pages that declare it nowhere in their markup: the byline line
 * and the date under (or just above) the `h1`. Only the few elements next to the headline are read, so a
 * comment's or a related story's date or author is not taken. Through dom/access.ts, bounded.
 */
import {
  attributeOf,
  closestOf,
  localNameOf,
  nextElementSiblingOf,
  parentElementOf,
  previousElementSiblingOf,
  querySelectorAllIn,
  textContentOf,
} from '../dom/access.ts';
import { parseDateText } from './date.ts';

/** Elements looked at after (and before) the headline, at each of its first levels of ancestors. */
const SIBLINGS = 3;
const LEVELS = 3;
/** A byline line is short: longer text is a paragraph that happens to start with "By". */
const MAX_BYLINE_LINE = 160;
/** "By Ann Lee", "Written by Ann Lee", "Von Ann Lee", "Par Ann Lee"… at the start of a line. */
const BY = /^(?:by|written by|words by|posted by|von|par|por|door|di)\s*:?\s+\S/i;

/** The elements next to `headline`: after it at each level (nearest first), and the `<time>`s just before it. */
function neighbours(headline: Element): { after: Element[]; before: Element[] } {
  const after: Element[] = [];
  const before: Element[] = [];
  let level: Element | null = headline;
  for (let depth = 0; level !== null && depth < LEVELS; depth++) {
    let next = nextElementSiblingOf(level);
    for (let i = 0; next !== null && i < SIBLINGS; i++) {
      after.push(next);
      next = nextElementSiblingOf(next);
    }
    let previous = previousElementSiblingOf(level);
    for (let i = 0; previous !== null && i < SIBLINGS; i++) {
      before.push(previous);
      previous = previousElementSiblingOf(previous);
    }
    level = parentElementOf(level);
  }
  return { after, before };
}

const squashed = (el: Element): string => (textContentOf(el) ?? '').replace(/\s+/g, ' ').trim();

/** The date a `<time>` or a short element states: its `datetime` first, else its text. */
function dateOf(el: Element): string | null {
  if (localNameOf(el) === 'time') {
    const stamp = attributeOf(el, 'datetime');
    const day = stamp === null ? null : parseDateText(stamp);
    if (day !== null) return day;
  }
  return parseDateText(squashed(el));
}

/** A date in `el` or one of its `<time>` elements, leaving out those inside a link to another page. */
function dateIn(el: Element): string | null {
  for (const time of Array.from(querySelectorAllIn(el, 'time')).slice(0, 5)) {
    const link = closestOf(time, 'a[href]');
    if (link !== null && !(attributeOf(link, 'href') ?? '').startsWith('#')) continue;
    const day = dateOf(time);
    if (day !== null) return day;
  }
  return dateOf(el);
}

/** The date shown next to `headline` (YYYY-MM-DD): after it first, then a `<time>` just before it. */
export function dateNearHeadline(headline: Element): string | null {
  const { after, before } = neighbours(headline);
  for (const el of after) {
    const day = dateIn(el);
    if (day !== null) return day;
  }
  for (const el of before) {
    if (localNameOf(el) !== 'time') continue;
    const day = dateOf(el);
    if (day !== null) return day;
  }
  return null;
}

/** The text of a "By …" line next to `headline` (the line or its first such child), for cleanByline. */
export function bylineNearHeadline(headline: Element): string | null {
  for (const el of neighbours(headline).after) {
    const lines = [el, ...Array.from(querySelectorAllIn(el, 'p, span, div, address')).slice(0, 20)];
    for (const line of lines) {
      const text = squashed(line);
      if (text.length <= MAX_BYLINE_LINE && BY.test(text)) return text;
    }
  }
  return null;
}
