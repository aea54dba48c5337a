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

type Key = string | symbol;

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
/**
 * The getter or setter a property has where it is first found along the prototype chain (none for a data
 * property): `__lookupGetter__` and `__lookupSetter__`, which read one without making a descriptor object and
 * without running the page's code.
 */
const legacy = OBJECT as unknown as Record<'__lookupGetter__' | '__lookupSetter__', (key: Key) => unknown>;
const call = Function.prototype.call;
const lookupGetter = call.bind(legacy.__lookupGetter__) as (target: object, key: Key) => unknown;
const lookupSetter = call.bind(legacy.__lookupSetter__) as (target: object, key: Key) => unknown;

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

/**
 * A descriptor's own fields on an object without a prototype: defining a property reads a descriptor's fields
 * through its prototype too, where a page may have put a `get` or a `value` on Object.prototype.
 */
function bare(descriptor: PropertyDescriptor): PropertyDescriptor {
  const copy = { ...descriptor };
  setPrototypeOf(copy, null);
  return copy;
}

export interface Builtins {
  /** `fn` run with the built-ins as they were taken, and the page's own put back after it. */
  guard<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R;
}

/** Takes the built-ins as they are now: call it when the bundle is evaluated, before the page can change them. */
export function takeBuiltins(global: object = globalThis): Builtins {
  // Parallel arrays, filled now and read and written by index during a call, where no array method runs.
  const targets: object[] = [];
  const keys: Key[] = [];
  /** Whether ours is a data property, and its value (a data property's) or getter and setter (an accessor's). */
  const isData: boolean[] = [];
  const values: unknown[] = [];
  const setters: unknown[] = [];
  /** Ours, as the browser gave them (see `bare` for how they are put back). */
  const ours: PropertyDescriptor[] = [];
  /** The page's own while ours stand in (undefined: it had none), and whether ours stand in. */
  const theirs: (PropertyDescriptor | undefined)[] = [];
  const swapped: boolean[] = [];
  const take = (target: object, key: Key) => {
    const descriptor = getOwnPropertyDescriptor(target, key);
    // What can't change needs no check: a constant (Math.PI, Node.ELEMENT_NODE, a class's prototype).
    if (descriptor === undefined || (!descriptor.configurable && !descriptor.writable)) return;
    // Nor does what is never called: a function's name and length.
    if (typeof target === 'function' && (key === 'name' || key === 'length')) return;
    const data = hasOwn(descriptor, 'value');
    targets.push(target);
    keys.push(key);
    isData.push(data);
    values.push(data ? descriptor.value : descriptor.get);
    setters.push(descriptor.set);
    ours.push(descriptor);
    theirs.push(undefined);
    swapped.push(false);
  };
  const seen = new Set<object>();
  const takeAll = (target: unknown, dom: boolean) => {
    if ((typeof target !== 'object' && typeof target !== 'function') || target === null) return;
    if (seen.has(target)) return;
    seen.add(target);
    for (const key of ownKeys(target)) {
      // The DOM's event handler properties (`onclick`…): hundreds, and never called here.
      if (dom && typeof key === 'string' && key.startsWith('on')) continue;
      take(target, key);
    }
  };
  const named = global as Record<string, unknown>;
  for (const [names, dom] of [
    [LANGUAGE, false],
    [DOM, true],
  ] as const)
    for (const name of names) {
      take(global, name);
      const value = named[name];
      takeAll(value, dom);
      if (typeof value === 'function') takeAll((value as { prototype?: unknown }).prototype, dom);
    }
  for (const name of WINDOW) take(global, name);
  for (const proto of unnamedPrototypes()) takeAll(proto, false);
  const count = targets.length;

  /**
   * Whether the property is still ours as the code will find it: a data property's value where no getter stands
   * before it, or an accessor's getter and setter. Read without making a descriptor object and without running
   * the page's code; most calls find nothing changed, and this is all they pay.
   */
  const unchanged = (target: object, key: Key, i: number): boolean =>
    isData[i]
      ? lookupGetter(target, key) === undefined && (target as Record<Key, unknown>)[key] === values[i]
      : lookupGetter(target, key) === values[i] && lookupSetter(target, key) === setters[i];

  /** How many of ours stand in for the page's now. */
  let standing = 0;

  /** Puts ours back where the page changed them, keeping the page's to give back. */
  function putOursBack(): void {
    for (let i = 0; i < count; i++) {
      const target = targets[i] as object;
      const key = keys[i] as Key;
      if (unchanged(target, key, i)) continue;
      const now = getOwnPropertyDescriptor(target, key);
      if (!defineProperty(target, key, bare(ours[i] as PropertyDescriptor))) continue;
      theirs[i] = now === undefined ? now : bare(now);
      swapped[i] = true;
      standing++;
    }
  }

  /** Gives the page its own back, in the reverse order. */
  function giveTheirsBack(): void {
    for (let i = count - 1; i >= 0 && standing > 0; i--) {
      if (!swapped[i]) continue;
      const target = targets[i] as object;
      const key = keys[i] as Key;
      const page = theirs[i];
      if (page === undefined) deleteProperty(target, key);
      else defineProperty(target, key, page);
      theirs[i] = undefined;
      swapped[i] = false;
      standing--;
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
