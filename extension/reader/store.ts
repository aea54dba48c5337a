/**
 * One small store for a reader's state: the reader's components read the part they show (`useStore`) and
 * render again only when that part changes; what the reader does (ReaderControls) and its host (settings
 * changed in another tab) write it. A scroll reports progress every frame, so a component that doesn't show it
 * must not render for it: hence selectors, not one context value.
 */
import { useLayoutEffect, useReducer, useRef } from 'preact/hooks';

export interface Store<S> {
  get(): S;
  /** Merges `patch` into the state and tells every listener, if anything changed. */
  set(patch: Partial<S>): void;
  /** Calls `listener` after each change; returns the function that stops it. */
  subscribe(listener: () => void): () => void;
}

export function createStore<S extends object>(initial: S): Store<S> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(patch) {
      if (!Object.entries(patch).some(([key, value]) => !Object.is(state[key as keyof S], value))) return;
      state = { ...state, ...patch };
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Shallow equality of two records: a selector that picks several fields returns a new object each time. */
export function sameFields<T extends object>(a: T, b: T): boolean {
  const keys = Object.keys(a) as (keyof T)[];
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
}

/**
 * The part of the store's state `select` picks, kept current: the component renders again when it changes
 * (`equal` says when it has not).
 */
export function useStore<S, T>(
  store: Store<S>,
  select: (state: S) => T,
  equal: (a: T, b: T) => boolean = Object.is,
): T {
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const value = select(store.get());
  const latest = useRef({ value, select, equal });
  latest.current = { value, select, equal };
  // Subscribed in a layout effect, before the browser paints: a change made by an effect of the first render
  // (the voices, the system theme) is not missed.
  useLayoutEffect(() => {
    const check = () => {
      const { value: shown, select: pick, equal: same } = latest.current;
      if (!same(shown, pick(store.get()))) rerender(0);
    };
    check();
    return store.subscribe(check);
  }, [store]);
  return value;
}
