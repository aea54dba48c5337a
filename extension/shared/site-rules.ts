/**
 * A person's fixes, one per site: what they removed in the reader or picked on the page, as the
 * selectors of src/rules/, kept in storage.local under one key per origin, so that reading a page fetches its
 * own site's fix and nothing else. Bounded: at most MAX_SITES fixes, the least recently used dropped first
 * when a new one would pass that (the reader says which went). No article text is stored, only selectors.
 */
import {
  checkSelector,
  MAX_REMOVALS,
  type ProblemCode,
  parseRule,
  type SelectorRole,
  type SiteRule,
} from '../../src/rules/index.ts';
import { api } from './api.ts';
import { type MessageName, t } from './i18n.ts';
import { bytesOf, MAX_FIX_BYTES, megabytes } from './quota.ts';

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

export const ruleKey = (origin: string): string => PREFIX + origin;

/** A stored value as a StoredRule, or null; every selector checked again (src/rules/grammar.ts). */
function parseStored(value: unknown): StoredRule | null {
  if (typeof value !== 'object' || value === null) return null;
  const { rule, saved, used } = value as Record<string, unknown>;
  const parsed = parseRule(rule);
  if (parsed === null || typeof saved !== 'number' || typeof used !== 'number') return null;
  return { rule: parsed, saved, used };
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
 * A stored fix that does not read as one: a selector outside the grammar (stored before it, or typed into
 * storage), or a shape of an older version. It is never applied; the options page shows it with why, to edit or
 * delete, so that a person's fix is not lost without a word.
 */
export interface UnusableFix {
  origin: string;
  root: string;
  remove: string[];
  add: string[];
  problem: string;
}

/** Every stored fix that does not read as one (see UnusableFix), in storage's order. */
export async function listUnusable(): Promise<UnusableFix[]> {
  const all = await api().storage.local.get(null);
  const out: UnusableFix[] = [];
  for (const [key, value] of Object.entries(all)) {
    if (!key.startsWith(PREFIX) || parseStored(value) !== null) continue;
    const fields = (value as { rule?: unknown } | null)?.rule;
    const { root, remove, add } =
      typeof fields === 'object' && fields !== null ? (fields as Record<string, unknown>) : {};
    const texts = (list: unknown): string[] => (Array.isArray(list) ? list.map(String) : []);
    out.push({
      origin: key.slice(PREFIX.length),
      root: typeof root === 'string' ? root : '',
      remove: texts(remove),
      add: texts(add),
      problem:
        typeof fields === 'object' && fields !== null
          ? ruleProblem(fields as Record<string, unknown>)
          : t('fixUnreadable'),
    });
  }
  return out;
}

/**
 * Saves the site's fix (null forgets it), its selectors checked (src/rules/grammar.ts). Returns the sites whose
 * fixes were dropped to stay within MAX_SITES, least recently used first.
 */
export async function saveRule(origin: string, rule: SiteRule | null, now = Date.now()): Promise<string[]> {
  if (!hasSite(origin)) throw new Error(t('fixWebPagesOnly'));
  if (rule !== null && parseRule(rule) === null) throw new Error(t('fixNotApplicable'));
  const key = ruleKey(origin);
  if (rule === null) {
    await api().storage.local.remove(key);
    return [];
  }
  return storeFixes([{ origin, rule }], now);
}

/** A fix deleted on the options page, as it was stored: put back exactly, its dates too, by Undo. */
export interface TakenFix {
  origin: string;
  stored: unknown;
}

/** Deletes a site's fix (one Lectern reads or not), keeping what was stored for Undo. */
export async function takeFix(origin: string): Promise<TakenFix> {
  const key = ruleKey(origin);
  const stored = (await api().storage.local.get(key))[key];
  await api().storage.local.remove(key);
  return { origin, stored };
}

/**
 * Puts a deleted fix back. Not over a fix saved for the site since (a reader's Edit mode), nor past MAX_SITES:
 * it says which, and stores nothing.
 */
export async function putBackFix(taken: TakenFix): Promise<string | null> {
  const key = ruleKey(taken.origin);
  const all = await api().storage.local.get(null);
  if (all[key] !== undefined) return t('fixNewerKept', taken.origin);
  const count = Object.keys(all).filter((k) => k.startsWith(PREFIX)).length;
  if (count >= MAX_SITES) return t('fixTooMany', MAX_SITES);
  await api().storage.local.set({ [key]: taken.stored });
  return null;
}

/** Notes that the site's fix was used (the bound drops the least recently used); at most once an hour. */
export async function markUsed(origin: string, now = Date.now()): Promise<void> {
  const key = ruleKey(origin);
  const stored = parseStored((await api().storage.local.get(key))[key]);
  if (stored === null || now - stored.used < 3_600_000) return;
  await api().storage.local.set({ [key]: { ...stored, used: now } });
}

/** What an exported file says it is: a file of another kind is refused by name. */
export const EXPORT_FORMAT = 'lectern-site-fixes';
/** A file larger than this is no export of ours: 200 sites of 50 selectors of 300 characters is about 3 MB. */
export const MAX_IMPORT_BYTES = 4_000_000;

/** The fixes as a file a person can keep, move to another browser and import again. */
export function exportFixes(fixes: readonly SiteFix[]): string {
  const out = fixes.map(({ origin, rule }) => ({
    origin,
    root: rule.root,
    remove: rule.remove,
    ...(rule.add?.length ? { add: rule.add } : {}),
  }));
  return `${JSON.stringify({ format: EXPORT_FORMAT, version: 1, fixes: out }, null, 2)}\n`;
}

export type Imported =
  | { ok: true; fixes: { origin: string; rule: SiteRule }[] }
  | { ok: false; error: string };

/**
 * An exported file's fixes, every one checked (each selector: src/rules/grammar.ts) before any is taken: a file
 * with one bad fix is refused whole, with the reason, so an import changes nothing or everything it says.
 */
export function parseImport(text: string): Imported {
  const fail = (error: string): Imported => ({ ok: false, error });
  if (text.length > MAX_IMPORT_BYTES) return fail(t('importFileTooLarge'));
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return fail(t('importNotJson', error instanceof Error ? error.message : String(error)));
  }
  const file = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  if (file.format !== EXPORT_FORMAT || !Array.isArray(file.fixes))
    return fail(t('importNotFixes', EXPORT_FORMAT));
  if (file.version !== 1) return fail(t('importUnknownVersion', String(file.version)));
  if (file.fixes.length > MAX_SITES) return fail(t('importTooManyFixes', file.fixes.length, MAX_SITES));
  const fixes: { origin: string; rule: SiteRule }[] = [];
  const seen = new Set<string>();
  for (const [index, entry] of file.fixes.entries()) {
    const at = index + 1;
    const fields = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>) : {};
    const origin = typeof fields.origin === 'string' ? originOf(fields.origin) : null;
    if (origin === null) return fail(t('importNotASite', at, String(fields.origin)));
    if (seen.has(origin)) return fail(t('importTwice', at, origin));
    seen.add(origin);
    const rule = parseRule({ root: fields.root ?? null, remove: fields.remove, add: fields.add ?? [] });
    if (rule === null) return fail(t('importBadFix', at, origin, ruleProblem(fields)));
    fixes.push({ origin, rule });
  }
  return { ok: true, fixes };
}

/** The origin of a web address (`https://example.com/a` → `https://example.com`), or null. */
export function originOf(address: string): string | null {
  try {
    const origin = new URL(address).origin;
    return hasSite(origin) ? origin : null;
  } catch {
    return null;
  }
}

/** The message that says each of the selector grammar's problems (its English is the grammar's own). */
export const SELECTOR_WHY: Record<ProblemCode, MessageName> = {
  notText: 'selectorWhyNotText',
  tooLong: 'selectorWhyTooLong',
  tooDeep: 'selectorWhyTooDeep',
  rootIsPage: 'selectorWhyRootIsPage',
  addedIsPage: 'selectorWhyAddedIsPage',
  empty: 'selectorWhyEmpty',
  endsWithChild: 'selectorWhyEndsWithChild',
  childFirst: 'selectorWhyChildFirst',
  colonName: 'selectorWhyColonName',
  position: 'selectorWhyPosition',
  lowerCase: 'selectorWhyLowerCase',
  pseudo: 'selectorWhyPseudo',
  markName: 'selectorWhyMarkName',
  control: 'selectorWhyControl',
  list: 'selectorWhyList',
  attribute: 'selectorWhyAttribute',
  sibling: 'selectorWhySibling',
  namespace: 'selectorWhyNamespace',
  star: 'selectorWhyStar',
  comment: 'selectorWhyComment',
  plainTag: 'selectorWhyPlainTag',
  tagFirst: 'selectorWhyTagFirst',
  cantStand: 'selectorWhyCantStand',
};

/** Why a rule's fields are no fix, in a person's words: which selector, and what is wrong with it. */
export function ruleProblem(fields: Record<string, unknown>): string {
  const { root, remove } = fields;
  const problem = (what: string, s: unknown, role: SelectorRole): string | null => {
    const checked = checkSelector(s, role);
    if (checked.ok) return null;
    const { code, args } = checked.problem;
    return t('selectorProblem', what, shown(s), t(SELECTOR_WHY[code], ...args));
  };
  const rootProblem = root === null || root === undefined ? null : problem(t('selectorRoot'), root, 'root');
  if (rootProblem !== null) return rootProblem;
  if (!Array.isArray(remove)) return t('fixNoRemove');
  if (remove.length > MAX_REMOVALS) return t('fixTooManyRemoved', remove.length, MAX_REMOVALS);
  for (const [index, s] of remove.entries()) {
    const found = problem(t('selectorBlock', index + 1), s, 'remove');
    if (found !== null) return found;
  }
  const { add = [] } = fields;
  if (!Array.isArray(add)) return t('fixAddNotList');
  if (add.length > MAX_REMOVALS) return t('fixTooManyAdded', add.length, MAX_REMOVALS);
  for (const [index, s] of add.entries()) {
    const found = problem(t('selectorAdded', index + 1), s, 'add');
    if (found !== null) return found;
  }
  return t('fixDoesNothing');
}

/** A selector as a message quotes it: in quotes, cut short past 80 characters. */
function shown(s: unknown): string {
  if (typeof s !== 'string') return String(s);
  return `"${s.length > 80 ? `${s.slice(0, 79)}…` : s}"`;
}

/**
 * Stores checked fixes (saveRule's, or an import's), each in place of its site's own; the least recently used
 * others are dropped to stay within MAX_SITES. Returns the sites dropped.
 */
export async function storeFixes(
  fixes: readonly { origin: string; rule: SiteRule }[],
  now = Date.now(),
): Promise<string[]> {
  const items: Record<string, StoredRule> = {};
  for (const { origin, rule } of fixes) items[ruleKey(origin)] = { rule, saved: now, used: now };
  let bytes = Object.entries(items).reduce((sum, [key, value]) => sum + bytesOf(key, value), 0);
  if (bytes > MAX_FIX_BYTES) throw new Error(t('fixesTooLarge', megabytes(bytes), megabytes(MAX_FIX_BYTES)));
  const incoming = new Set(fixes.map((fix) => fix.origin));
  const others = (await listRules()).filter((fix) => !incoming.has(fix.origin));
  // The most recently used others stay while they fit beside the incoming ones.
  const dropped = others
    .filter((fix, rank) => {
      bytes += bytesOf(ruleKey(fix.origin), { rule: fix.rule, saved: fix.saved, used: fix.used });
      return rank >= MAX_SITES - fixes.length || bytes > MAX_FIX_BYTES;
    })
    .map((fix) => fix.origin);
  if (dropped.length > 0) await api().storage.local.remove(dropped.map(ruleKey));
  await api().storage.local.set(items);
  return dropped;
}
