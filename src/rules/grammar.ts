/**
 * What a selector of a person's fix may be (index.ts SiteRule), whether built on a page (selector.ts), typed on
 * the options page, imported from a file or read back from storage: boxes named by tag (or `*`), `#id`, `.class`
 * and `:nth-of-type(n)`, each inside the one before it (a space) or directly inside it (`>`). Nothing else of CSS:
 * no list (`,`), no other pseudo-class or pseudo-element, no attribute, no sibling, at most MAX_SELECTOR_CHARS
 * characters and MAX_COMPOUNDS boxes. A page names its own elements (`<x,p:not(.q),*>` is one element whose tag
 * is that whole string), so a selector built from them must not be able to say more than this, and match.ts
 * matches only what parses here. Pure string parsing: no DOM.
 */
import { MAX_SIBLINGS } from '../dom/limits.ts';

/** A selector's length, in UTF-16 code units as `String.length` counts them. */
export const MAX_SELECTOR_CHARS = 300;
/**
 * Boxes (compounds) in one selector: the builder's longest is a path of 16 (selector.ts positionalPath, two
 * steps for each of its 8 ancestors); a few more leave room for a person's edit.
 */
export const MAX_COMPOUNDS = 20;
/** The largest `:nth-of-type(n)`: a row of siblings is read no further than MAX_SIBLINGS (dom/limits.ts). */
export const MAX_POSITION = MAX_SIBLINGS;

/** One box of a selector: `div.story#main:nth-of-type(2)`. */
export interface Compound {
  /** The tag as written; null for any (`*`, or none written). */
  tag: string | null;
  ids: string[];
  classes: string[];
  /** `:nth-of-type(n)`: the box's place among its parent's children of its own type, from 1. */
  positions: number[];
  /** How the box stands to the one before it: anywhere inside it (a space) or directly inside (`>`). */
  within: 'descendant' | 'child' | null;
}

export interface Selector {
  compounds: Compound[];
}

export type Parsed = { ok: true; selector: Selector } | { ok: false; reason: string };

/** What a selector is for in a fix: the article's root, a block left out, a box added after the article. */
export type SelectorRole = 'root' | 'remove' | 'add';

const ONLY = 'only tag, #id, .class and :nth-of-type(n)';
/** A name the builder writes as it is: one CSS identifier that needs no escape, the HTML parser's lower case. */
export const PLAIN_TAG = /^[a-z][a-z0-9_-]*$/;

/**
 * `text` as a selector of a fix in `role`, or the reason it can't be one, in a person's words. The one check
 * of every selector a fix holds: a root or an added box never names the page itself (`html`, `body`).
 */
export function checkSelector(text: unknown, role: SelectorRole): Parsed {
  if (typeof text !== 'string') return refuse('it is not text');
  const parsed = parseSelector(text);
  if (!parsed.ok || role === 'remove') return parsed;
  const last = parsed.selector.compounds.at(-1)?.tag?.toLowerCase();
  return last === 'html' || last === 'body'
    ? refuse(
        `"${last}" is the whole page: ${role === 'root' ? 'the article' : 'a box added'} must be a box in it`,
      )
    : parsed;
}

/** `text` parsed in the grammar above, or why it is not in it. */
export function parseSelector(text: string): Parsed {
  if (text.length > MAX_SELECTOR_CHARS)
    return refuse(`too long (${text.length} characters; at most ${MAX_SELECTOR_CHARS})`);
  const at = { text, i: 0 };
  skipSpace(at);
  if (at.i >= text.length) return refuse('it is empty');
  const compounds: Compound[] = [];
  let within: Compound['within'] = null;
  for (;;) {
    const compound = parseCompound(at, within);
    if (typeof compound === 'string') return refuse(compound);
    compounds.push(compound);
    const spaced = skipSpace(at);
    if (at.i >= text.length) break;
    if (text[at.i] === '>') {
      at.i++;
      skipSpace(at);
      if (at.i >= text.length) return refuse('it ends with ">": a box must follow it');
      within = 'child';
    } else if (spaced) within = 'descendant';
    else return refuse(unexpected(text, at.i));
  }
  if (compounds.length > MAX_COMPOUNDS)
    return refuse(`too deep (${compounds.length} boxes; at most ${MAX_COMPOUNDS})`);
  return { ok: true, selector: { compounds } };
}

const refuse = (reason: string): Parsed => ({ ok: false, reason });

interface Cursor {
  text: string;
  i: number;
}

function parseCompound(at: Cursor, within: Compound['within']): Compound | string {
  const { text } = at;
  const start = at.i;
  const compound: Compound = { tag: null, ids: [], classes: [], positions: [], within };
  if (text[at.i] === '*') at.i++;
  else if (startsName(text, at.i)) {
    const tag = readName(at);
    if (!PLAIN_TAG.test(tag.toLowerCase()) || text.slice(start, at.i) !== tag)
      return `the tag "${text.slice(start, at.i)}" is not a plain name (letters, digits, "-" and "_")`;
    compound.tag = tag;
  }
  for (;;) {
    const c = text[at.i];
    if (c === '#' || c === '.') {
      at.i++;
      if (!startsName(text, at.i)) return `"${c}" must be followed by a name`;
      (c === '#' ? compound.ids : compound.classes).push(readName(at));
    } else if (c === ':') {
      const position = parsePosition(at);
      if (typeof position === 'string') return position;
      compound.positions.push(position);
    } else break;
  }
  if (at.i === start) return text[at.i] === '>' ? 'a box must come before ">"' : unexpected(text, at.i);
  return compound;
}

/** `:nth-of-type(n)`, the one pseudo-class of the grammar; any other is refused by name. */
function parsePosition(at: Cursor): number | string {
  const { text } = at;
  at.i++;
  const element = text[at.i] === ':';
  if (element) at.i++;
  if (!startsName(text, at.i)) return '":" must be followed by a name, as in :nth-of-type(2)';
  const name = readName(at).toLowerCase();
  const open = text[at.i] === '(';
  if (element || name !== 'nth-of-type')
    return `"${element ? '::' : ':'}${name}${open ? '(…)' : ''}" is not allowed: ${ONLY}`;
  const close = text.indexOf(')', at.i);
  const digits =
    open && close > 0 ? /^[ \t\n\r\f]*(\d+)[ \t\n\r\f]*$/.exec(text.slice(at.i + 1, close)) : null;
  const n = digits === null ? 0 : Number(digits[1]);
  if (n < 1 || n > MAX_POSITION)
    return `":nth-of-type(…)" takes a position: a whole number from 1 to ${MAX_POSITION}, as in :nth-of-type(2)`;
  at.i = close + 1;
  return n;
}

/** Why the character at `i` can't stand there, naming the part of CSS it begins where it begins one. */
function unexpected(text: string, i: number): string {
  const c = text[i] ?? '';
  const between = 'only a space (inside) and ">" (directly inside) join boxes';
  switch (c) {
    case ',':
      return 'a list of selectors (",") is not allowed';
    case '[':
      return 'attribute selectors ([…]) are not allowed';
    case '+':
    case '~':
      return `"${c}" (boxes beside each other) is not allowed: ${between}`;
    case '|':
      return 'namespaces ("|") are not allowed';
    case '*':
      return '"*" (any tag) can only begin a box';
    case '/':
      return 'comments (/* … */) are not allowed';
    default:
      if (c !== '' && (c < ' ' || c === '\x7f')) return 'it holds a control character';
      return `"${String.fromCodePoint(text.codePointAt(i) ?? 0)}" can't stand here: ${ONLY}, joined by a space or ">"`;
  }
}

// ── CSS identifiers (CSS Syntax 3, §4.3.9–4.3.11, §4.3.7) ────────────────────────────────────────────────

const isSpace = (c: string | undefined): boolean =>
  c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';

/** Skips whitespace; whether there was any. */
function skipSpace(at: Cursor): boolean {
  const start = at.i;
  while (isSpace(at.text[at.i])) at.i++;
  return at.i > start;
}

/** A letter, `_`, or any non-ASCII code point. */
function isNameStart(c: string | undefined): boolean {
  return c !== undefined && (/[A-Za-z_]/.test(c) || c.charCodeAt(0) >= 0x80);
}

const isNameChar = (c: string | undefined): boolean => isNameStart(c) || (c !== undefined && /[\d-]/.test(c));

/** A backslash that escapes: one not followed by a newline or by the end (refused there: no U+FFFD guesses). */
function isEscape(text: string, i: number): boolean {
  const next = text[i + 1];
  return text[i] === '\\' && next !== undefined && next !== '\n' && next !== '\r' && next !== '\f';
}

/** Whether an identifier starts at `i` (CSS Syntax "would start an ident sequence"). */
function startsName(text: string, i: number): boolean {
  if (text[i] === '-') return isNameStart(text[i + 1]) || text[i + 1] === '-' || isEscape(text, i + 1);
  return isNameStart(text[i]) || isEscape(text, i);
}

/** The identifier at the cursor, its escapes decoded (`\31 23` is "123", `\:` is ":"). */
function readName(at: Cursor): string {
  const { text } = at;
  let name = '';
  for (;;) {
    if (isEscape(text, at.i)) {
      name += readEscape(at);
      continue;
    }
    const c = text[at.i];
    if (!isNameChar(c)) return name;
    // A code point whole: an astral character is two code units.
    const cp = text.codePointAt(at.i) ?? 0;
    const char = String.fromCodePoint(cp);
    name += char;
    at.i += char.length;
  }
}

/** One escape, the cursor on its backslash: up to six hex digits and one whitespace after them, or a character. */
function readEscape(at: Cursor): string {
  const { text } = at;
  at.i++;
  const hex = /^[\dA-Fa-f]{1,6}/.exec(text.slice(at.i, at.i + 6))?.[0];
  if (hex === undefined) {
    const char = String.fromCodePoint(text.codePointAt(at.i) ?? 0);
    at.i += char.length;
    return char;
  }
  at.i += hex.length;
  if (text[at.i] === '\r' && text[at.i + 1] === '\n') at.i += 2;
  else if (isSpace(text[at.i])) at.i++;
  const cp = Number.parseInt(hex, 16);
  return cp === 0 || (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff ? '\ufffd' : String.fromCodePoint(cp);
}
