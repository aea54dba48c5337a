import { defaultViewOf, hasAttribute, localNameOf, ownerDocumentOf, textContentOf } from '../dom/access.ts';
import { SKIP_TAGS } from '../dom/tags.ts';
import { visibleLength } from '../dom/text.ts';

/** A veil holds an article's worth of text: a hidden menu or dialog holds less, or shares the page with more. */
export const VEIL_MIN_CHARS = 1000;
/** The veiled box holds this many times the text the page shows: the page shows next to nothing without it. */
export const VEIL_SHARE = 3;

/**
 * The box a page keeps hidden until its scripts run, holding its content: an anti-flicker or "loading" class
 * (`visibility: hidden`, `opacity: 0`) a script removes once the page is ready, or a streamed part parked in
 * a `hidden` box for a script to move into place. Without the script (a saved page, scripts blocked or broken)
 * the page shows its menus and nothing else. Hidden text is skipped on purpose (a page hides its junk), so only
 * a box hiding the page itself is lifted: it holds VEIL_SHARE times the text the page shows and
 * VEIL_MIN_CHARS at least, and it is hidden by one of those three means, not `display: none` (a closed menu,
 * a tab, a copy for another screen size), `aria-hidden` or a clip. Null when no box is one.
 * `hidden` are the roots the walk skipped (segments/ Walk.hidden), `shownChars` the text it read.
 */
export function veilOf(doc: Document, hidden: ReadonlySet<Element>, shownChars: number): Element | null {
  const view = defaultViewOf(doc);
  if (view === null || typeof view.getComputedStyle !== 'function') return null;
  const needed = Math.max(VEIL_MIN_CHARS, VEIL_SHARE * shownChars);
  let best: Element | null = null;
  let most = needed - 1;
  for (const el of hidden) {
    if (SKIP_TAGS.has(localNameOf(el)) || ownerDocumentOf(el) !== doc) continue;
    const chars = visibleLength(textContentOf(el) ?? '');
    if (chars <= most || !veiledByScriptStyle(el, view)) continue;
    best = el;
    most = chars;
  }
  return best;
}

/** Hidden the ways a page hides itself until its scripts run, not the ways it hides a part of itself. */
function veiledByScriptStyle(el: Element, view: Window): boolean {
  if (hasAttribute(el, 'hidden')) return true;
  const cs = view.getComputedStyle(el);
  return cs.display !== 'none' && (cs.visibility === 'hidden' || cs.opacity === '0');
}
