/**
 * A person's fix for a site (issue 21): the article's root they picked on the page, and the blocks they
 * removed in the reader, as CSS selectors built to match the next page of the site too (selector.ts). The
 * extractor applies one before it reads the page: removed blocks are read as hidden (no segment, no copy), and a
 * picked root is the article whole, in place of the run. Plain data: the extension stores it per origin.
 */
import { containsNode, localNameOf, querySelectorAllIn } from '../dom/access.ts';

export interface SiteRule {
  /** The article's root, picked on the page; null: found as usual. */
  root: string | null;
  /** Blocks left out, each as one selector (one block, or every block like one). */
  remove: string[];
}

/** What a rule found on this page. */
export interface RuleMatch {
  /** The picked root's element; null when the rule has none or it is not on this page. */
  root: Element | null;
  /** Every element a removal selector matched (not the root, nor one holding it, nor the body). */
  removed: Set<Element>;
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
  const { root, remove } = value as Record<string, unknown>;
  const selector = (s: unknown): s is string =>
    typeof s === 'string' && s.trim() !== '' && s.length <= MAX_SELECTOR_CHARS && isValidSelector(s);
  if (root !== null && !selector(root)) return null;
  if (!Array.isArray(remove) || remove.length > MAX_REMOVALS || !remove.every(selector)) return null;
  if (root === null && remove.length === 0) return null;
  return { root, remove: [...remove] };
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
  const use: RuleUse =
    typeof rule.root === 'string' && root === null
      ? 'unmatched'
      : root !== null || removed.size > 0
        ? 'applied'
        : 'unused';
  return { root, removed, use };
}
