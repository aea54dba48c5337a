/**
 * A person's fix for a site (issue 21): the article's root they picked on the page, the boxes they added after
 * the article, and the blocks they removed in the reader, as CSS selectors built to match the next page of the
 * site too (selector.ts). The extractor applies one before it reads the page: removed blocks are read as hidden
 * (no segment, no copy), a picked root is the article whole, in place of the run, and an added box is copied
 * whole after the article. Plain data: the extension stores it per origin.
 */
import { containsNode, localNameOf, querySelectorAllIn } from '../dom/access.ts';

export interface SiteRule {
  /** The article's root, picked on the page; null: found as usual. */
  root: string | null;
  /** Blocks left out, each as one selector (one block, or every block like one). */
  remove: string[];
  /** Boxes added after the article, each as one selector: text the page has that the article found left out. */
  add?: string[];
}

/** What a rule found on this page. */
export interface RuleMatch {
  /** The picked root's element; null when the rule has none or it is not on this page. */
  root: Element | null;
  /** Every element a removal selector matched (not the root, nor one holding it, nor the body). */
  removed: Set<Element>;
  /** The first box each addition selector matched (not the body, nor a removed one), in the rule's order. */
  added: Element[];
  /**
   * `applied`: the root was found, or a removal matched; `unmatched`: the rule names a root this page does not
   * have (the article is then found as usual, and the reader says so); `unused`: nothing of it is on this page.
   */
  use: RuleUse;
}

export type RuleUse = 'applied' | 'unmatched' | 'unused';

/**
 * Bounds on what a rule may hold and match: a stored rule comes from storage a person may have edited (an
 * import), and a selector like `*` would otherwise hide the whole page element by element.
 */
export const MAX_SELECTOR_CHARS = 300;
export const MAX_REMOVALS = 50;
const MAX_MATCHES_PER_SELECTOR = 1000;

/** The rule in `value`, or null when it is not one (wrong shape, a selector too long or that doesn't parse). */
export function parseRule(value: unknown, isValidSelector: (selector: string) => boolean): SiteRule | null {
  if (typeof value !== 'object' || value === null) return null;
  const { root, remove, add = [] } = value as Record<string, unknown>;
  const selector = (s: unknown): s is string =>
    typeof s === 'string' && s.trim() !== '' && s.length <= MAX_SELECTOR_CHARS && isValidSelector(s);
  const selectors = (list: unknown): list is string[] =>
    Array.isArray(list) && list.length <= MAX_REMOVALS && list.every(selector);
  if (root !== null && !selector(root)) return null;
  if (!selectors(remove) || !selectors(add)) return null;
  if (root === null && remove.length === 0 && add.length === 0) return null;
  return add.length > 0 ? { root, remove: [...remove], add: [...add] } : { root, remove: [...remove] };
}

/** Matches of `selector` in `doc`, at most MAX_MATCHES_PER_SELECTOR; none when it is no selector. */
export function matches(doc: Document, selector: unknown): Element[] {
  if (typeof selector !== 'string') return [];
  try {
    return Array.from(querySelectorAllIn(doc, selector)).slice(0, MAX_MATCHES_PER_SELECTOR);
  } catch {
    return [];
  }
}

/**
 * What `rule` finds in `doc`. Any shape is read safely (a stored rule is not checked again where it is loaded:
 * extension/shared/site-rules.ts): a root that is not a string is none, removals that are not a list none.
 */
export function matchRule(doc: Document, rule: SiteRule): RuleMatch {
  const root = typeof rule.root === 'string' ? (matches(doc, rule.root)[0] ?? null) : null;
  const removed = new Set<Element>();
  for (const selector of Array.isArray(rule.remove) ? rule.remove.slice(0, MAX_REMOVALS) : []) {
    for (const el of matches(doc, selector)) {
      // A removal never takes the article with it: not the root, nor a box around it, nor the page itself.
      const tag = localNameOf(el);
      if (tag === 'html' || tag === 'body' || (root !== null && containsNode(el, root))) continue;
      removed.add(el);
    }
  }
  const added: Element[] = [];
  for (const selector of Array.isArray(rule.add) ? rule.add.slice(0, MAX_REMOVALS) : []) {
    const box = matches(doc, selector)[0];
    if (box === undefined || removed.has(box) || added.includes(box)) continue;
    const tag = localNameOf(box);
    if (tag !== 'html' && tag !== 'body') added.push(box);
  }
  const use: RuleUse =
    typeof rule.root === 'string' && root === null
      ? 'unmatched'
      : root !== null || removed.size > 0 || added.length > 0
        ? 'applied'
        : 'unused';
  return { root, removed, added, use };
}
