/**
 * What a selector of a person's fix may be (index.ts SiteRule), whether built on a page (selector.ts), typed on
 * the options page, imported from a file or read back from storage: boxes named by tag (or `*`), `#id`, `.class`
 * and `:nth-of-type(n)`, each inside the one before it (a space) or directly inside it (`>`). Nothing else of CSS:
 * no list (`,`), no other pseudo-class or pseudo-element, no attribute, no sibling, at most MAX_SELECTOR_CHARS
 * characters and MAX_COMPOUNDS boxes. A page names its own elements (`<x,p:not(.q),*>` is one element whose tag
 * is that whole string), so a selector built from them must not be able to say more than this, and match.ts
 * matches only what is read here. Pure string parsing: no DOM.
 *
 * `selectorIn` decides (the content script needs no more); `checkSelector` says why not, in a person's words.
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
  /** The tag, in lower case (tags are matched without regard to case); null for any (`*`, or none written). */
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

/**
 * What is wrong with a selector, as a code and the words or numbers its sentence names (`$1`, `$2`), so that
 * an app can say it in its own language; `reason` says it in English.
 */
export interface SelectorProblem {
  code: ProblemCode;
  args: Array<string | number>;
}

export type Parsed =
  | { ok: true; selector: Selector }
  | { ok: false; reason: string; problem: SelectorProblem };

/** Each problem's sentence in English; `$n` is its n-th argument. */
export const PROBLEM_ENGLISH = {
  notText: 'it is not text',
  tooLong: 'too long ($1 characters; at most $2)',
  tooDeep: 'too deep ($1 boxes; at most $2)',
  rootIsPage: '"$1" is the whole page: the article must be a box in it',
  addedIsPage: '"$1" is the whole page: a box added must be a box in it',
  empty: 'it is empty',
  endsWithChild: 'it ends with ">": a box must follow it',
  childFirst: 'a box must come before ">"',
  colonName: '":" must be followed by a name, as in :nth-of-type(2)',
  position: '":nth-of-type(…)" takes a position: a whole number from 1 to $1, as in :nth-of-type(2)',
  lowerCase: '":nth-of-type(n)" is written in lower case',
  pseudo: '"$1" is not allowed: only tag, #id, .class and :nth-of-type(n)',
  markName: '"$1" must be followed by a name',
  control: 'it holds a control character',
  list: 'a list of selectors (",") is not allowed',
  attribute: 'attribute selectors ([…]) are not allowed',
  sibling:
    '"$1" (boxes beside each other) is not allowed: only a space (inside) and ">" (directly inside) join boxes',
  namespace: 'namespaces ("|") are not allowed',
  star: '"*" (any tag) can only begin a box',
  comment: 'comments (/* … */) are not allowed',
  plainTag: 'the tag "$1" is not a plain name (letters, digits, "-" and "_")',
  tagFirst: 'a tag ("$1") can only begin a box',
  cantStand: '"$1" can\'t stand here: only tag, #id, .class and :nth-of-type(n), joined by a space or ">"',
} as const;

export type ProblemCode = keyof typeof PROBLEM_ENGLISH;

/** A problem's sentence in English. */
export function inEnglish({ code, args }: SelectorProblem): string {
  return PROBLEM_ENGLISH[code].replace(/\$(\d)/g, (_, n: string) => String(args[Number(n) - 1] ?? ''));
}

/** What a selector is for in a fix: the article's root, a block left out, a box added after the article. */
export type SelectorRole = 'root' | 'remove' | 'add';

/** A name the builder writes as it is: one CSS identifier that needs no escape, the HTML parser's lower case. */
export const PLAIN_TAG = /^[a-z][a-z0-9_-]*$/;

// CSS Syntax 3: whitespace; an escape (up to six hex digits and one whitespace, or any other character but a
// newline); an identifier (a letter, `_`, non-ASCII or an escape first, after `-` or `--`).
const SPACE = '[ \\t\\n\\r\\f]';
const ESCAPE = `\\\\(?:[\\da-fA-F]{1,6}(?:\\r\\n|${SPACE})?|[^\\n\\r\\f\\da-fA-F])`;
const NAME = `(?:--|-?(?:[A-Za-z_\\u0080-\\u{10ffff}]|${ESCAPE}))(?:[\\w\\-\\u0080-\\u{10ffff}]|${ESCAPE})*`;
/**
 * One token at a time: a joint between boxes, a tag or `*`, an id or a class word, a position. Case-sensitive
 * (no `i` flag, under which `[a-z]` takes the Kelvin sign and the long s): `:nth-of-type` in lower case.
 */
const TOKEN = new RegExp(
  `(${SPACE}*>${SPACE}*|${SPACE}+)|([A-Za-z][\\w-]*|\\*)|([#.])(${NAME})|:nth-of-type\\(${SPACE}*(\\d+)${SPACE}*\\)`,
  'uy',
);
const UNESCAPE = /\\(?:([\dA-Fa-f]{1,6})(?:\r\n|[ \t\n\r\f])?|(.))/gsu;

/** Why a text is no selector of a fix: where reading it stopped, or what else is wrong with it. */
type Problem = number | 'text' | 'long' | 'deep' | 'page';

/** `text` as a selector of a fix in `role`, or null: the one decision on every selector a fix holds. */
export function selectorIn(text: unknown, role: SelectorRole): Selector | null {
  const read = check(text, role);
  return typeof read === 'object' ? read : null;
}

/** `text` as a selector of a fix in `role`, or what is wrong with it, in a person's words. */
export function checkSelector(text: unknown, role: SelectorRole): Parsed {
  const read = check(text, role);
  if (typeof read === 'object') return { ok: true, selector: read };
  const found = problemOf(String(text), read, role);
  return { ok: false, reason: inEnglish(found), problem: found };
}

/** `text` read in the grammar, whatever its role. */
export const parseSelector = (text: string): Parsed => checkSelector(text, 'remove');

function check(text: unknown, role: SelectorRole): Selector | Problem {
  if (typeof text !== 'string') return 'text';
  if (text.length > MAX_SELECTOR_CHARS) return 'long';
  const read = readSelector(text);
  if (typeof read === 'number') return read;
  if (read.compounds.length > MAX_COMPOUNDS) return 'deep';
  // A root or an added box never names the page itself: the last box is what the selector matches.
  const last = read.compounds.at(-1)?.tag;
  return role !== 'remove' && (last === 'html' || last === 'body') ? 'page' : read;
}

/** The selector in `text`, or the index where it stops being one. */
function readSelector(text: string): Selector | number {
  const compounds: Compound[] = [];
  let box: Compound | null = null;
  let within: Compound['within'] = null;
  let at = /^[ \t\n\r\f]*/.exec(text)?.[0].length ?? 0;
  if (at === text.length) return at;
  while (at < text.length) {
    TOKEN.lastIndex = at;
    const token = TOKEN.exec(text);
    if (token === null) return at;
    const [all, joint, tag, mark, name, position] = token;
    if (joint !== undefined) {
      const end = at + all.length === text.length;
      // A joint needs a box on each side; spaces at the end are none.
      if (box === null || (end && joint.includes('>'))) return at;
      if (end) break;
      within = joint.includes('>') ? 'child' : 'descendant';
      box = null;
    } else {
      // A tag (or `*`) only begins a box.
      if (box !== null && tag !== undefined) return at;
      if (box === null) {
        box = { tag: null, ids: [], classes: [], positions: [], within };
        compounds.push(box);
      }
      if (tag !== undefined) box.tag = tag === '*' ? null : tag.toLowerCase();
      else if (mark !== undefined) (mark === '#' ? box.ids : box.classes).push(nameOf(name as string));
      else {
        const n = Number(position);
        if (n < 1 || n > MAX_POSITION) return at;
        box.positions.push(n);
      }
    }
    at += all.length;
  }
  return { compounds };
}

/** An identifier with its escapes read: `\31 23` is "123", `\:` is ":"; a zero or a surrogate is U+FFFD. */
function nameOf(name: string): string {
  return name.replace(UNESCAPE, (_, hex: string | undefined, char: string | undefined) => {
    if (hex === undefined) return char ?? '';
    const cp = Number.parseInt(hex, 16);
    return cp === 0 || (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff ? '\ufffd' : String.fromCodePoint(cp);
  });
}

const problem = (code: ProblemCode, ...args: Array<string | number>): SelectorProblem => ({ code, args });

function problemOf(text: string, found: Problem, role: SelectorRole): SelectorProblem {
  const read = readSelector(text);
  const compounds = typeof read === 'number' ? [] : read.compounds;
  switch (found) {
    case 'text':
      return problem('notText');
    case 'long':
      return problem('tooLong', text.length, MAX_SELECTOR_CHARS);
    case 'deep':
      return problem('tooDeep', compounds.length, MAX_COMPOUNDS);
    case 'page':
      return problem(role === 'root' ? 'rootIsPage' : 'addedIsPage', compounds.at(-1)?.tag ?? '');
    default:
      return whyNot(text, found);
  }
}

/** Characters that begin a part of CSS a fix can't hold, and which problem each is. */
const REFUSED: Record<string, ProblemCode> = {
  ',': 'list',
  '[': 'attribute',
  '+': 'sibling',
  '~': 'sibling',
  '|': 'namespace',
  '*': 'star',
  '/': 'comment',
};

/** Why reading `text` stopped at `at`, naming the part of CSS that begins there. */
function whyNot(text: string, at: number): SelectorProblem {
  const rest = text.slice(at).replace(/^[ \t\n\r\f]+/, '');
  const c = String.fromCodePoint(rest.codePointAt(0) ?? 0);
  if (rest === '') return problem('empty');
  if (c === '>') return problem(rest.slice(1).trim() === '' ? 'endsWithChild' : 'childFirst');
  if (c === ':') {
    const [, colons = ':', name = '', open] = /^(::?)([\w-]*)(\()?/.exec(rest) ?? [];
    if (name === '') return problem('colonName');
    if (colons === ':' && name === 'nth-of-type') return problem('position', MAX_POSITION);
    if (name.toLowerCase() === 'nth-of-type') return problem('lowerCase');
    return problem('pseudo', `${colons}${name.toLowerCase()}${open ? '(…)' : ''}`);
  }
  if (c === '#' || c === '.') return problem('markName', c);
  if (c < ' ' || c === '\x7f') return problem('control');
  const refused = REFUSED[c];
  if (refused !== undefined) return problem(refused, c);
  // Inside a name that begins a box: a tag that is no plain name (`café`, `x\,p`, `-x`).
  const start = text.slice(0, at).search(/[^ \t\n\r\f>]*$/);
  const run = /^(?:\\.|[^ \t\n\r\f>#.:[,+~|*/\\])+/su.exec(text.slice(start))?.[0] ?? '';
  if (/^(?:[A-Za-z_\-\\]|[\u0080-\u{10ffff}])/u.test(run) && at < start + run.length)
    return problem('plainTag', run);
  if (/^[a-z]/i.test(c)) return problem('tagFirst', /^[\w-]*/.exec(rest)?.[0] ?? '');
  return problem('cantStand', c);
}
