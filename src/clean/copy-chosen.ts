import { attributeOf, documentPosition, textContentOf } from '../dom/access.ts';
import { flatParent } from '../dom/flat.ts';
import { MAX_ANCESTORS } from '../dom/limits.ts';
import { BOILERPLATE_TAGS, nameVerdict } from '../names/index.ts';
import type { Chosen, Place } from './copy-types.ts';

/**
 * The copy walk against the chosen text (the keep set: the text nodes of the segments the run chose). Text
 * outside it is left out; media (images, figures, formulas) and boxes are judged by where they stand: which
 * elements hold chosen text, and how far into it the walk is.
 */

/** Signup and search forms hold a sentence or two; a form around a whole page holds the article. */
const FORM_TEXT = 500;

export type Verdict = 'accept' | 'tentative' | 'reject';

/** The walk's bookkeeping for `keep` under `root`, before it has read any text. */
export function chosenText(keep: ReadonlySet<Text>, root: Element): Chosen {
  const holders = holdersOf(keep, root);
  return {
    keep,
    holders,
    last: lastInOrder(keep, holders),
    seen: 0,
    passedLast: false,
    trailing: true,
    tentative: [],
  };
}

/** A chosen text node is copied: the media before it are the article's. */
export function passChosenText(chosen: Chosen, node: Text): void {
  chosen.seen++;
  chosen.tentative = [];
  if (node === chosen.last) chosen.passedLast = true;
}

/** Other visible text (not in an accepted figure) is left out; it tells which media are not the article's. */
export function passOtherText(chosen: Chosen): void {
  // Other visible text between a lead image and the first chosen paragraph: the image is not the article's.
  if (chosen.seen === 0 && chosen.tentative.length > 0) dropTentative(chosen);
  // Other text after the last chosen paragraph: what follows is not the article's.
  if (chosen.passedLast) chosen.trailing = false;
}

/**
 * Media (images, figures, formulas) carry no chosen text, so their place decides: between the first and the
 * last chosen text they are the article's; before the first or after the last, only if no other text comes
 * between them and the chosen text (the lead image above the first paragraph, a closing photo whose
 * smaller caption the run left out), and after the last not when linked (a teaser's thumbnail). Inside
 * boilerplate (an ad slot between paragraphs), never.
 */
export function mediaVerdict(chosen: Chosen | null, el: Element, place: Place): Verdict {
  if (chosen === null || place.media) return 'accept';
  if (chosen.holders.has(el)) return 'accept';
  if (place.boiler) return 'reject';
  if (chosen.passedLast) return chosen.trailing && !place.link ? 'accept' : 'reject';
  return chosen.seen === 0 ? 'tentative' : 'accept';
}

/** Removes the copies of the media kept tentatively: other text came before the first chosen text. */
export function dropTentative(chosen: Chosen): void {
  for (const node of chosen.tentative) node.parentNode?.removeChild(node);
  chosen.tentative = [];
}

/** A form that holds chosen text, or (choosing everything) holds more than a signup box's worth of text. */
export function holdsArticle(chosen: Chosen | null, el: Element): boolean {
  if (chosen !== null) return chosen.holders.has(el);
  return (textContentOf(el) ?? '').trim().length >= FORM_TEXT;
}

/** An element named as boilerplate (or an aside, a footer) that holds no chosen text. */
export function isBoiler(chosen: Chosen | null, el: Element, tag: string): boolean {
  if (chosen === null || chosen.holders.has(el)) return false;
  if (BOILERPLATE_TAGS.has(tag)) return true;
  const names = `${attributeOf(el, 'class') ?? ''} ${attributeOf(el, 'id') ?? ''}`.trim();
  return names !== '' && nameVerdict(names) < 0;
}

/** Every element from a chosen text node up to the root: the elements that hold article text. O(n) overall. */
function holdersOf(keep: ReadonlySet<Text>, root: Element): Set<Node> {
  const holders = new Set<Node>();
  const chain: Node[] = [];
  for (const t of keep) {
    chain.length = 0;
    // Flat-tree parents: chosen text in a shadow tree or a frame is held by the host or frame around it.
    let n: Node | null = flatParent(t);
    let reached = false;
    for (let steps = 0; n !== null && steps < MAX_ANCESTORS; steps++) {
      if (holders.has(n) || n === root) {
        reached = true;
        break;
      }
      chain.push(n);
      n = flatParent(n);
    }
    if (!reached) continue;
    holders.add(root);
    for (const c of chain) holders.add(c);
  }
  return holders;
}

/** The chosen text node that comes last in rendering order, among those under the root. */
function lastInOrder(keep: ReadonlySet<Text>, holders: Set<Node>): Text | null {
  let last: Text | null = null;
  for (const t of keep) {
    const parent = flatParent(t);
    if (parent === null || !holders.has(parent)) continue;
    if (last === null) {
      last = t;
      continue;
    }
    // DOCUMENT_POSITION_DISCONNECTED = 1, FOLLOWING = 4 (literals: no global Node needed, any realm). Nodes
    // in different trees (a shadow tree, a frame) have no document order: the keep set is filled in the
    // segment walk's order, which is the flat tree's, so the later one in the set comes later.
    const position = documentPosition(last, t);
    if (position & 1 || position & 4) last = t;
  }
  return last;
}
