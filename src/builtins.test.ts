import { describe, expect, it } from 'vitest';
import { takeBuiltins } from './builtins.ts';

/**
 * The bundle's own built-ins (builtins.ts), in Node's realm: what a page does to its built-ins after the
 * bundle loaded is undone for a call and put back after it. Each case breaks a built-in only inside a
 * try/finally, as the test runner shares this realm.
 */
const { guard } = takeBuiltins();

const broken = () => {
  throw new Error('the page’s');
};

/** Runs `during` with `owner[name]` replaced by the page's `replacement`, then puts the original back. */
function withReplaced<T>(
  owner: object,
  name: PropertyKey,
  replacement: PropertyDescriptor,
  during: () => T,
): T {
  const original = Object.getOwnPropertyDescriptor(owner, name) as PropertyDescriptor;
  Object.defineProperty(owner, name, replacement);
  try {
    return during();
  } finally {
    Object.defineProperty(owner, name, original);
  }
}

describe('the bundle’s built-ins against a page that replaced its own', () => {
  it('runs a call with the built-ins it took, and leaves the page’s in place after it', () => {
    const double = guard((list: number[]) => list.map((n) => n * 2).join(','));
    const replacement = { value: broken, writable: true, configurable: true };
    const [during, after] = withReplaced(Array.prototype, 'map', replacement, () => [
      double([1, 2]),
      Array.prototype.map,
    ]);
    expect(during).toBe('2,4');
    expect(after).toBe(broken);
  });

  it('puts back a getter the page replaced, a method it deleted, and a global it replaced', () => {
    const flags = guard(() => /a/g.flags);
    const size = guard(() => new Set([1, 2]).size);
    const json = guard(() => JSON.stringify({ a: 1 }));
    const getter = { get: broken, configurable: true };
    expect(withReplaced(RegExp.prototype, 'flags', getter, flags)).toBe('g');
    expect(withReplaced(Set.prototype, 'size', getter, size)).toBe(2);
    const stringify = Object.getOwnPropertyDescriptor(JSON, 'stringify') as PropertyDescriptor;
    Reflect.deleteProperty(JSON, 'stringify');
    try {
      expect(json()).toBe('{"a":1}');
      expect(Object.hasOwn(JSON, 'stringify')).toBe(false);
    } finally {
      Object.defineProperty(JSON, 'stringify', stringify);
    }
    const map = { value: function NotAMap() {}, writable: true, configurable: true };
    const made = withReplaced(globalThis, 'Map', map, () => [guard(() => new Map([[1, 2]]).get(1))(), Map]);
    expect(made).toEqual([2, map.value]);
  });

  it('keeps the page’s descriptor whole, and swaps once for calls made inside a call', () => {
    const page = { value: broken, writable: false, enumerable: true, configurable: true };
    const inner = guard(() => [3, 4].map(String).join(''));
    const outer = guard(() => `${[1, 2].map(String).join('')}${inner()}${[5].map(String).join('')}`);
    const [result, after] = withReplaced(Array.prototype, 'map', page, () => [
      outer(),
      Object.getOwnPropertyDescriptor(Array.prototype, 'map'),
    ]);
    expect(result).toBe('12345');
    expect(after).toEqual(page);
  });

  it('never runs a getter the page put in place of a method to find out what it is', () => {
    let ran = 0;
    const getter = {
      get() {
        ran += 1;
        return broken;
      },
      configurable: true,
    };
    const joined = guard(() => [1, 2].map(String).join('+'));
    const [result, descriptor] = withReplaced(Array.prototype, 'map', getter, () => [
      joined(),
      Object.getOwnPropertyDescriptor(Array.prototype, 'map'),
    ]);
    expect(result).toBe('1+2');
    expect(ran).toBe(0);
    expect(descriptor).toMatchObject({ get: getter.get });
  });

  it('swaps both ways where the page put a `get` on Object.prototype, which a descriptor would inherit', () => {
    const joined = guard(() => [1, 2].map(String).join('+'));
    const map = Object.getOwnPropertyDescriptor(Array.prototype, 'map') as PropertyDescriptor;
    Object.defineProperty(Array.prototype, 'map', { value: broken, writable: true, configurable: true });
    Object.defineProperty(Object.prototype, 'get', {
      value: () => undefined,
      writable: true,
      configurable: true,
    });
    let result: string;
    let after: unknown;
    try {
      result = joined();
      after = Array.prototype.map;
    } finally {
      // Taken off first: until then, every descriptor written here would inherit it.
      Reflect.deleteProperty(Object.prototype, 'get');
      Object.defineProperty(Array.prototype, 'map', map);
    }
    expect(result).toBe('1+2');
    expect(after).toBe(broken);
  });

  it('gives the page its own back when the call throws', () => {
    const fails = guard(() => {
      throw new Error('inside');
    });
    const after = withReplaced(
      Array.prototype,
      'map',
      { value: broken, writable: true, configurable: true },
      () => {
        expect(fails).toThrow('inside');
        return Array.prototype.map;
      },
    );
    expect(after).toBe(broken);
  });
});
