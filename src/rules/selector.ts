/**
 * CSS selectors for a block a person removed or picked, built to match the same block on the site's next page:
 * ids and class words that name what a box is, landmarks and structure; not the hashes a build
 * tool generates (`css-1x2y3z`, `Header_title__a1B2c`), numbers that name one post (`post-48213`), or state
 * (`is-open`); a position (`:nth-of-type`) only where no name tells the block from its neighbours. Read
 * through dom/access.ts: the page can't redirect the walk up its tree (`<input name="parentNode">`).
 */
import {
  attributeOf,
  localNameOf,
  nextElementSiblingOf,
  parentElementOf,
  previousElementSiblingOf,
} from '../dom/access.ts';
import { PLAIN_TAG, selectorIn } from './grammar.ts';
import { matches } from './index.ts';

/** How far up a selector looks for a named box to anchor on: a block's own section, rarely further. */
const MAX_ANCESTORS = 8;
/** Enough class words to name a box; more only make the selector brittle. */
const MAX_CLASSES = 2;
/** Siblings counted for a position: past this many, a position is no way to find a block again. */
const MAX_POSITION = 50;

const STATE =
  /^(?:active|current|selected|open|opened|closed|collapsed|expanded|visible|hidden|show|shown|focus|hover|loaded|loading|sticky|fixed|(?:is|has)-.*)$/;
/** A part of a word that a build tool made: letters and digits mixed, five or more (`a1B2c`, `1x2y3z`). */
const HASH_PART = /^(?=[a-z]*\d)(?=\d*[a-z])[a-z\d]{5,}$/i;
const GENERATED_PREFIX = /^(?:css|sc|jsx|svelte|emotion|styled|tw)-/;

/** Whether a class word or an id names what a box is, the same on every page of the site. */
export function isStableName(word: string): boolean {
  if (word.length > 40 || !/^[a-z_][\w-]*$/i.test(word)) return false;
  // A number of three digits or more names one item (`post-48213`, `comment-1017`), not a kind of box.
  if (/\d{3}/.test(word) || STATE.test(word) || GENERATED_PREFIX.test(word)) return false;
  return !word.split(/[-_]+/).some((part) => HASH_PART.test(part));
}

function stableClasses(el: Element): string[] {
  const words = (attributeOf(el, 'class') ?? '').split(/\s+/).filter(isStableName);
  return [...new Set(words)].slice(0, MAX_CLASSES);
}

function stableId(el: Element): string | null {
  const id = attributeOf(el, 'id');
  return id !== null && isStableName(id) ? id : null;
}

/**
 * The element's tag in a selector: its name when that is a plain one (`p`, `my-widget`), else `*`. The HTML
 * parser takes nearly anything for a tag (`<x,p:not(.q),*>` is one element of that name), and such a name
 * written into a selector would make it a list, or a pseudo-class, that matches other boxes.
 */
function tagOf(el: Element): string | null {
  const name = localNameOf(el);
  return PLAIN_TAG.test(name) ? name : null;
}

/** The element's name in a selector: its id, else its tag (or `*`) and class words. */
function describe(el: Element, useId = true): string {
  const id = useId ? stableId(el) : null;
  if (id !== null) return `#${CSS.escape(id)}`;
  return (
    (tagOf(el) ?? '*') +
    stableClasses(el)
      .map((c) => `.${CSS.escape(c)}`)
      .join('')
  );
}

/** Whether `el` has a name of its own in a selector (an id or a class word), or is a landmark. */
function isNamed(el: Element): boolean {
  return (
    stableId(el) !== null ||
    stableClasses(el).length > 0 ||
    /^(?:main|article|aside|nav|header|footer|section)$/.test(localNameOf(el).toLowerCase())
  );
}

/** The named boxes above `el`, nearest first, below the body. */
function namedAncestors(el: Element): Element[] {
  const out: Element[] = [];
  let at = parentElementOf(el);
  for (let steps = 0; at !== null && steps < MAX_ANCESTORS; steps++) {
    const tag = localNameOf(at).toLowerCase();
    if (tag === 'body' || tag === 'html') break;
    if (isNamed(at)) out.push(at);
    at = parentElementOf(at);
  }
  return out;
}

/** `el`'s place among its parent's children of its tag, from 1; null past MAX_POSITION. */
function positionOf(el: Element): number | null {
  const tag = localNameOf(el);
  let position = 1;
  let at = previousElementSiblingOf(el);
  for (let steps = 0; at !== null; steps++, at = previousElementSiblingOf(at)) {
    if (steps >= MAX_POSITION * 4) return null;
    if (localNameOf(at) === tag) position++;
    if (position > MAX_POSITION) return null;
  }
  return position;
}

/** Whether `el` is the only child of its tag (then a position adds nothing); bounded like positionOf. */
function onlyOfTag(el: Element): boolean {
  const tag = localNameOf(el);
  let at = previousElementSiblingOf(el);
  for (let steps = 0; at !== null && steps < MAX_POSITION; steps++, at = previousElementSiblingOf(at))
    if (localNameOf(at) === tag) return false;
  at = nextElementSiblingOf(el);
  for (let steps = 0; at !== null && steps < MAX_POSITION; steps++, at = nextElementSiblingOf(at))
    if (localNameOf(at) === tag) return false;
  return true;
}

/**
 * A selector that matches `el` and nothing else on its page: its own name, then the named boxes around it
 * nearest first, then positions up the chain to the nearest id. Null when none is found or the result is too
 * long to store.
 */
export function selectorFor(el: Element, doc: Document): string | null {
  const own = describe(el);
  const unique = (selector: string): boolean => {
    const found = matches(doc, selector, 2);
    return found.length === 1 && found[0] === el;
  };
  // Only what the grammar accepts is ever returned (matches finds nothing for anything else).
  const fits = (selector: string): string | null =>
    selectorIn(selector, 'remove') !== null && unique(selector) ? selector : null;
  if (unique(own)) return fits(own);
  let selector = own;
  for (const ancestor of namedAncestors(el)) {
    selector = `${describe(ancestor)} ${selector}`;
    if (unique(selector)) return fits(selector);
    if (stableId(ancestor) !== null) break;
  }
  return fits(positionalPath(el));
}

/** Positions from the nearest ancestor with an id (or the body) down to `el`: `#main > div:nth-of-type(2) > p`. */
function positionalPath(el: Element): string {
  const parts: string[] = [];
  let at: Element | null = el;
  for (let steps = 0; at !== null && steps < MAX_ANCESTORS * 2; steps++) {
    const tag = localNameOf(at).toLowerCase();
    if (tag === 'body' || tag === 'html') {
      parts.unshift(tag);
      break;
    }
    const id = stableId(at);
    if (id !== null && at !== el) {
      parts.unshift(`#${CSS.escape(id)}`);
      break;
    }
    const name = describe(at, at === el);
    const position = onlyOfTag(at) ? null : positionOf(at);
    parts.unshift(position === null ? name : `${name}:nth-of-type(${position})`);
    at = parentElementOf(at);
  }
  return parts.join(' > ');
}

/**
 * A selector for blocks like `el` ("Remove blocks like this"): its tag and class words, under the named box
 * it sits in when it has none of its own. Null when nothing names its kind (a bare `<p>` in a bare `<div>`
 * would be every paragraph), or it does not match `el`.
 */
export function selectorLike(el: Element, doc: Document): string | null {
  let selector = describe(el, false);
  if (stableClasses(el).length === 0) {
    // `*` alone is no kind of block: under a named box it would be everything in it.
    if (tagOf(el) === null) return null;
    const [named] = namedAncestors(el);
    if (named === undefined || stableClasses(named).length === 0) return null;
    selector = `${describe(named, false)} ${selector}`;
  }
  return selectorIn(selector, 'remove') !== null && matches(doc, selector).includes(el) ? selector : null;
}
