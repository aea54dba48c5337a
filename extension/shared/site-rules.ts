/**
 * A person's fixes, one per site (issue 21 §2): what they removed in the reader or picked on the page, as the
 * selectors of src/rules/, kept in storage.local under one key per origin, so that reading a page fetches its
 * own site's fix and nothing else. Bounded: at most MAX_SITES fixes, the least recently used dropped first
 * when a new one would pass that (the reader says which went). No article text is stored, only selectors.
 */
import { parseRule, type SiteRule } from '../../src/rules/index.ts';
import { isValidSelector } from '../../src/rules/selector.ts';
import { api } from './api.ts';

const PREFIX = 'rule:';
/** A few hundred sites' fixes: each holds at most 50 selectors of 300 characters (src/rules/index.ts). */
export const MAX_SITES = 200;

/** A fix as stored: the rule, and when it was saved and last used (for the bound). */
export interface StoredRule {
  rule: SiteRule;
  saved: number;
  used: number;
}

export interface SiteFix extends StoredRule {
  origin: string;
}

/** Fixes are kept for web pages only: a file or a `data:` page has no site (its origin is "null"). */
export const hasSite = (origin: string): boolean => /^https?:\/\//.test(origin);

const keyOf = (origin: string): string => PREFIX + origin;

/** A stored value as a StoredRule, or null; selectors are checked for shape here, for syntax where saved. */
function parseStored(value: unknown): StoredRule | null {
  if (typeof value !== 'object' || value === null) return null;
  const { rule, saved, used } = value as Record<string, unknown>;
  const parsed = parseRule(rule, () => true);
  if (parsed === null || typeof saved !== 'number' || typeof used !== 'number') return null;
  return { rule: parsed, saved, used };
}

/**
 * The site's fix, or null when it has none (or storage can't be read: the page is read as usual). Taken as
 * stored: only saveRule writes there, after parseRule, and src/rules/index.ts matchRule reads any shape
 * safely; the content script, which loads it, need not carry the checks.
 */
export async function loadRule(origin: string): Promise<SiteRule | null> {
  try {
    const key = keyOf(origin);
    return ((await api().storage.local.get(key))[key] as StoredRule | undefined)?.rule ?? null;
  } catch {
    return null;
  }
}

/** Every stored fix, most recently used first. */
export async function listRules(): Promise<SiteFix[]> {
  const all = await api().storage.local.get(null);
  const out: SiteFix[] = [];
  for (const [key, value] of Object.entries(all)) {
    if (!key.startsWith(PREFIX)) continue;
    const stored = parseStored(value);
    if (stored !== null) out.push({ origin: key.slice(PREFIX.length), ...stored });
  }
  return out.sort((a, b) => b.used - a.used);
}

/**
 * Saves the site's fix (null forgets it), its selectors checked with `isValid` (by default: they parse in this
 * document). Returns the sites whose fixes were dropped to stay within MAX_SITES, least recently used first.
 */
export async function saveRule(
  origin: string,
  rule: SiteRule | null,
  now = Date.now(),
  isValid = (selector: string) => isValidSelector(document, selector),
): Promise<string[]> {
  if (!hasSite(origin)) throw new Error('fixes are kept for web pages only');
  if (rule !== null && parseRule(rule, isValid) === null)
    throw new Error('that fix is not one Lectern can apply');
  const key = keyOf(origin);
  if (rule === null) {
    await api().storage.local.remove(key);
    return [];
  }
  const others = (await listRules()).filter((fix) => fix.origin !== origin);
  const dropped = others.slice(Math.max(0, MAX_SITES - 1)).map((fix) => fix.origin);
  if (dropped.length > 0) await api().storage.local.remove(dropped.map(keyOf));
  const stored: StoredRule = { rule, saved: now, used: now };
  await api().storage.local.set({ [key]: stored });
  return dropped;
}

/** Notes that the site's fix was used (the bound drops the least recently used); at most once an hour. */
export async function markUsed(origin: string, now = Date.now()): Promise<void> {
  const key = keyOf(origin);
  const stored = parseStored((await api().storage.local.get(key))[key]);
  if (stored === null || now - stored.used < 3_600_000) return;
  await api().storage.local.set({ [key]: { ...stored, used: now } });
}
