/**
 * The built-ins of the standalone bundle (dist-extractor/lectern.js), kept from the page.
 *
 * The bundle runs in a page's main world, where the page may replace the methods of built-in prototypes and
 * globals (`Array.prototype.map`, `Set.prototype.has`, `JSON.stringify`, `getComputedStyle`…) after the bundle
 * is evaluated; the extractor, which calls them everywhere, would then run the page's code or throw. The
 * content script needs none of this: its isolated world has built-ins of its own (only src/global.ts uses
 * this module).
 *
 * So the bundle takes the own property descriptors of the built-ins it uses when it is evaluated, and each
 * public call puts back those the page has changed since and, once the call is over, the page's own again:
 * the page's world is left as it was. Only what differs is written. What can't be put back (a property the
 * page made non-configurable, a prototype it froze) is left as the page made it, and so are properties a page
 * adds. docs/security.md, rule 3.
 */

// Taken once: the swaps below call these directly, never through a built-in the page may have changed since.
const {
  apply,
  defineProperty,
  deleteProperty,
  getOwnPropertyDescriptor,
  getPrototypeOf,
  ownKeys,
  setPrototypeOf,
} = Reflect;
const { hasOwn } = Object;
const OBJECT = Object.prototype;
const FIELDS = ['value', 'writable', 'get', 'set'] as const;

type Key = string | symbol;

/** The language's built-ins the bundle uses, by their global name: each one's own properties and its prototype's. */
const LANGUAGE = [
  'Object',
  'Function',
  'Array',
  'String',
  'Number',
  'Boolean',
  'Symbol',
  'BigInt',
  'RegExp',
  'Map',
  'Set',
  'WeakMap',
  'WeakSet',
  'Promise',
  'Date',
  'Error',
  'TypeError',
  'RangeError',
  'JSON',
  'Math',
  'Reflect',
  'ArrayBuffer',
  'Uint8Array',
  'Int32Array',
  'Iterator',
] as const;

/** The DOM's interfaces it calls on the nodes it makes (the page's own it reads through dom/access.ts). */
const DOM = [
  'Node',
  'Element',
  'HTMLElement',
  'HTMLTemplateElement',
  'Document',
  'DocumentFragment',
  'CharacterData',
  'Text',
  'Attr',
  'NamedNodeMap',
  'NodeList',
  'HTMLCollection',
  'DOMTokenList',
  'DOMImplementation',
  'DOMParser',
  'CSSStyleDeclaration',
  'URL',
  'URLSearchParams',
  'CSS',
] as const;

/** The window's own properties it reads by name besides those. */
const WINDOW = [
  'getComputedStyle',
  'encodeURIComponent',
  'decodeURIComponent',
  'parseInt',
  'parseFloat',
  'isFinite',
  'isNaN',
  'NodeFilter',
  'HTMLFormElement',
  'console',
  'performance',
  'innerWidth',
  'innerHeight',
  'scrollX',
  'scrollY',
] as const;

/**
 * Every name the bundle's code spells, one space between them, written here by vite.extractor.config.ts; left
 * as it is (a build without that step), every property is kept.
 */
const SPELLED = '%LECTERN-SPELLED-NAMES%';

/**
 * The properties the language reads by itself, which the code need not spell: iteration, `for…of` and spread;
 * a regular expression's flags and `exec` behind `replace`, `split` and `matchAll`; the species `constructor`;
 * a descriptor's fields; conversions to strings and numbers; a Set or Map filled from a list. Symbols are all kept.
 */
const IMPLICIT = [
  'next',
  'done',
  'value',
  'return',
  'throw',
  'then',
  'exec',
  'flags',
  'global',
  'ignoreCase',
  'multiline',
  'dotAll',
  'unicode',
  'unicodeSets',
  'sticky',
  'hasIndices',
  'source',
  'lastIndex',
  'index',
  'input',
  'groups',
  'constructor',
  'prototype',
  'length',
  'join',
  'toString',
  'valueOf',
  'toJSON',
  'get',
  'set',
  'add',
  'writable',
  'enumerable',
  'configurable',
  'message',
  'name',
];

/** The prototypes the language reaches without a name: iteration (for…of, spread), generators, matchAll. */
function unnamedPrototypes(): object[] {
  const generator = getPrototypeOf(function* () {}) as { prototype: object };
  const arrayIterator = getPrototypeOf([][Symbol.iterator]()) as object;
  const typedArray = getPrototypeOf(Uint8Array) as { prototype: object };
  return [
    arrayIterator,
    getPrototypeOf(arrayIterator) as object,
    getPrototypeOf(new Map()[Symbol.iterator]()) as object,
    getPrototypeOf(new Set()[Symbol.iterator]()) as object,
    getPrototypeOf(''[Symbol.iterator]()) as object,
    getPrototypeOf(/./[Symbol.matchAll]('')) as object,
    generator,
    generator.prototype,
    typedArray,
    typedArray.prototype,
  ];
}

/** The names kept: those the code spells and the language reads, or null (all) where the build wrote none. */
function keptNames(): ReadonlySet<string> | null {
  if (SPELLED.startsWith('%')) return null;
  return new Set([...SPELLED.split(' '), ...IMPLICIT]);
}

export interface Builtins {
  /** `fn` run with the built-ins as they were taken, and the page's own put back after it. */
  guard<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R;
}

/** Takes the built-ins as they are now: call it when the bundle is evaluated, before the page can change them. */
export function takeBuiltins(global: object = globalThis, kept = keptNames()): Builtins {
  // Parallel arrays, filled now and read and written by index during a call, where no array method runs.
  const targets: object[] = [];
  const keys: Key[] = [];
  /** Whether ours is a data property, and its value (a data property's) or getter and setter (an accessor's). */
  const isData: boolean[] = [];
  const values: unknown[] = [];
  const setters: unknown[] = [];
  /** Ours, with no prototype: a field the page put on Object.prototype (`get`, `value`) is not read as its own. */
  const ours: PropertyDescriptor[] = [];
  /** The page's own while ours stand in (undefined: it had none), and whether ours stand in. */
  const theirs: (PropertyDescriptor | undefined)[] = [];
  const swapped: boolean[] = [];
  const take = (target: object, key: Key) => {
    const descriptor = getOwnPropertyDescriptor(target, key);
    if (descriptor === undefined) return;
    const data = hasOwn(descriptor, 'value');
    targets.push(target);
    keys.push(key);
    isData.push(data);
    values.push(data ? descriptor.value : descriptor.get);
    setters.push(descriptor.set);
    setPrototypeOf(descriptor, null);
    ours.push(descriptor);
    theirs.push(undefined);
    swapped.push(false);
  };
  const seen = new Set<object>();
  const takeAll = (target: unknown) => {
    if ((typeof target !== 'object' && typeof target !== 'function') || target === null) return;
    if (seen.has(target)) return;
    seen.add(target);
    for (const key of ownKeys(target))
      if (typeof key === 'symbol' || kept === null || kept.has(key)) take(target, key);
  };
  const named = global as Record<string, unknown>;
  for (const name of [...LANGUAGE, ...DOM]) {
    take(global, name);
    const value = named[name];
    takeAll(value);
    if (typeof value === 'function') takeAll((value as { prototype?: unknown }).prototype);
  }
  for (const name of WINDOW) take(global, name);
  for (const proto of unnamedPrototypes()) takeAll(proto);
  const count = targets.length;

  /** Whether `now` is ours: the same value, or the same getter and setter (flags change nothing we call). */
  const same = (now: PropertyDescriptor, i: number): boolean =>
    isData[i]
      ? now.value === values[i] && now.writable !== undefined // `writable`: a data property's field alone
      : now.get === values[i] && now.set === setters[i];
  /** The same, each field checked to be the descriptor's own before it is read. */
  const sameOwn = (now: PropertyDescriptor, i: number): boolean =>
    isData[i]
      ? hasOwn(now, 'value') && now.value === values[i]
      : hasOwn(now, 'get') && now.get === values[i] && now.set === setters[i];

  /**
   * Puts ours back where the page changed them, keeping the page's to give back.
   */
  function putOursBack(): void {
    // A descriptor's fields are read through Object.prototype when it lacks them (an accessor's `value`): where
    // the page put one of those names there, only own fields are read.
    let strict = false;
    for (let f = 0; f < FIELDS.length; f++)
      strict ||= getOwnPropertyDescriptor(OBJECT, FIELDS[f] as string) !== undefined;
    for (let i = 0; i < count; i++) {
      const target = targets[i] as object;
      const key = keys[i] as Key;
      const now = getOwnPropertyDescriptor(target, key);
      if (now !== undefined && (strict ? sameOwn(now, i) : same(now, i))) continue;
      if (!defineProperty(target, key, ours[i] as PropertyDescriptor)) continue;
      if (now !== undefined) setPrototypeOf(now, null);
      theirs[i] = now;
      swapped[i] = true;
    }
  }

  /** Gives the page its own back, in the reverse order. */
  function giveTheirsBack(): void {
    for (let i = count - 1; i >= 0; i--) {
      if (!swapped[i]) continue;
      const target = targets[i] as object;
      const key = keys[i] as Key;
      const page = theirs[i];
      if (page === undefined) deleteProperty(target, key);
      else defineProperty(target, key, page);
      theirs[i] = undefined;
      swapped[i] = false;
    }
  }

  // A public call made from inside another (an onError that exports) swaps nothing again.
  let depth = 0;
  return {
    guard<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
      return function guarded(this: unknown, ...args: A): R {
        try {
          if (depth++ === 0) putOursBack();
          return apply(fn, this, args) as R;
        } finally {
          if (--depth === 0) giveTheirsBack();
        }
      };
    },
  };
}
