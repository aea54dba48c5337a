import { describe, expect, it } from 'vitest';
import { createStore, sameFields } from './store.ts';

describe('the reader store', () => {
  it('merges a change into the state and tells each listener once', () => {
    const store = createStore({ open: false, count: 0 });
    const heard: { open: boolean; count: number }[] = [];
    store.subscribe(() => heard.push(store.get()));
    store.set({ open: true });
    store.set({ count: 2 });
    expect(store.get()).toEqual({ open: true, count: 2 });
    expect(heard).toEqual([
      { open: true, count: 0 },
      { open: true, count: 2 },
    ]);
  });

  it('tells no one of a change that changes nothing (a scroll reports the same progress every frame)', () => {
    const store = createStore({ progress: 0.5, voices: [] as string[] });
    const before = store.get();
    let calls = 0;
    store.subscribe(() => calls++);
    store.set({ progress: 0.5 });
    store.set({ voices: before.voices });
    expect(calls).toBe(0);
    expect(store.get()).toBe(before);
    store.set({ voices: [] });
    expect(calls).toBe(1);
  });

  it('stops telling a listener that unsubscribed', () => {
    const store = createStore({ n: 0 });
    let calls = 0;
    const stop = store.subscribe(() => calls++);
    store.set({ n: 1 });
    stop();
    store.set({ n: 2 });
    expect(calls).toBe(1);
  });

  it('compares the fields a selector picks, not the object it makes', () => {
    const voices: string[] = [];
    expect(sameFields({ a: 1, voices }, { a: 1, voices })).toBe(true);
    expect(sameFields({ a: 1, voices }, { a: 1, voices: [] })).toBe(false);
    expect(sameFields({ a: 1 } as Record<string, number>, { a: 1, b: 2 })).toBe(false);
  });
});
