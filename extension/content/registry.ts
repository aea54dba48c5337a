/**
 * Where the content script's later parts (chunks) register when their script runs: a Symbol.for key on the
 * isolated world's global, which no page element can stand in for (named access on the window only ever
 * yields string-keyed properties). The chunks import only this module of the content script's.
 */
import type { Panels } from '../reader/panels.tsx';
import type { ChunkName } from '../shared/chunks.ts';
import type { Exporters } from './exporters.ts';
import type { Tools } from './tools.ts';
import type { Why } from './why.ts';

export interface Chunks {
  exporters: Exporters;
  panels: Panels;
  tools: Tools;
  why: Why;
}

const REGISTRY = Symbol.for('lectern.chunks');

export function registry(): Partial<Chunks> {
  const scope = globalThis as { [REGISTRY]?: Partial<Chunks> };
  scope[REGISTRY] ??= {};
  return scope[REGISTRY];
}

/** Called by a chunk's script when it runs. */
export function register<K extends keyof Chunks & ChunkName>(name: K, chunk: Chunks[K]): void {
  registry()[name] = chunk;
}

/**
 * Forgets what an earlier content script registered: the isolated world outlives an extension that was
 * reloaded or updated, and its chunks belong to that old version.
 */
export function clearRegistry(): void {
  const scope = globalThis as { [REGISTRY]?: Partial<Chunks> };
  scope[REGISTRY] = {};
}
