/**
 * A person's fix for a site: the article's root they picked on the page, the boxes they added after
 * the article, and the blocks they removed in the reader, as CSS selectors built to match the next page of the
 * site too (selector.ts). The extractor applies one before it reads the page: removed blocks are read as hidden
 * (no segment, no copy), a picked root is the article whole, in place of the run, and an added box is copied
 * whole after the article. Plain data: the extension stores it per origin.
 */
import { containsNode } from '../dom/access.ts';
import { type Selector, type SelectorRole, selectorIn } from './grammar.ts';
import { matchSelectors } from './match.ts';

export {
  checkSelector,
  inEnglish,
  MAX_SELECTOR_CHARS,
  PROBLEM_ENGLISH,
  type ProblemCode,
  parseSelector,
  type SelectorProblem,
  type SelectorRole,
  selectorIn,
} from './grammar.ts';

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
 * import), and a selector like `*` would otherwise hide the whole page element by element. What each selector
 * may be is grammar.ts's.
 */
export const MAX_REMOVALS = 50;
const MAX_MATCHES_PER_SELECTOR = 1000;

/** The rule in `value`, or null when it is not one (wrong shape, a selector outside grammar.ts's). */
export function parseRule(value: unknown): SiteRule | null {
  if (typeof value !== 'object' || value === null) return null;
  const { root, remove, add = [] } = value as Record<string, unknown>;
  const selectors = (list: unknown, role: SelectorRole): list is string[] =>
    Array.isArray(list) && list.length <= MAX_REMOVALS && list.every((s) => selectorIn(s, role) !== null);
  if (root !== null && selectorIn(root, 'root') === null) return null;
  if (!selectors(remove, 'remove') || !selectors(add, 'add')) return null;
  if (root === null && remove.length === 0 && add.length === 0) return null;
  return add.length > 0
    ? { root: root as string | null, remove: [...remove], add: [...add] }
    : { root: root as string | null, remove: [...remove] };
}

/** Matches of `selector` in `doc` (match.ts), at most `limit`; none when it is not in grammar.ts's grammar. */
export function matches(doc: Document, selector: unknown, limit = MAX_MATCHES_PER_SELECTOR): Element[] {
  const parsed = selectorIn(selector, 'remove');
  return parsed === null ? [] : (matchSelectors(doc, [parsed], [limit])[0] ?? []);
}

/**
 * What `rule` finds in `doc`, in one walk of the page (match.ts). Any shape is read safely, and only selectors
 * grammar.ts accepts in their place are matched: a root that is no such selector is none, removals that are not
 * a list none. No part of a fix is ever `<html>` or `<body>`: the root is the first other match, and an added
 * box or a removal never one of them.
 */
export function matchRule(doc: Document, rule: SiteRule): RuleMatch {
  const wanted: { selector: Selector; limit: number }[] = [];
  const take = (value: unknown, role: SelectorRole, limit: number): number => {
    const selector = selectorIn(value, role);
    if (selector === null) return -1;
    wanted.push({ selector, limit });
    return wanted.length - 1;
  };
  const list = (value: unknown): unknown[] => (Array.isArray(value) ? value.slice(0, MAX_REMOVALS) : []);
  const rootAt = take(rule.root, 'root', 1);
  const removals = list(rule.remove).map((s) => take(s, 'remove', MAX_MATCHES_PER_SELECTOR));
  const additions = list(rule.add).map((s) => take(s, 'add', 1));
  const found = matchSelectors(
    doc,
    wanted.map((w) => w.selector),
    wanted.map((w) => w.limit),
    true,
  );
  const of = (index: number): Element[] => found[index] ?? [];
  const root = of(rootAt)[0] ?? null;
  const removed = new Set<Element>();
  for (const index of removals) {
    // A removal never takes the article with it: not the root, nor a box around it.
    for (const el of of(index)) if (root === null || !containsNode(el, root)) removed.add(el);
  }
  const added: Element[] = [];
  for (const index of additions) {
    const box = of(index)[0];
    if (box !== undefined && !removed.has(box) && !added.includes(box)) added.push(box);
  }
  const use: RuleUse =
    typeof rule.root === 'string' && root === null
      ? 'unmatched'
      : root !== null || removed.size > 0 || added.length > 0
        ? 'applied'
        : 'unused';
  return { root, removed, added, use };
}
