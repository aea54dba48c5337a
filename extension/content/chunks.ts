/**
 * The content script's parts loaded on first use (extension/shared/chunks.ts). The reader command injects only
 * what paints the overlay (main.ts); exporting (Markdown, rich text, saved pages, their sanitizer) and the
 * reader's panels come later, when a person first asks for them: the background injects their script into the
 * same isolated world (`background:load`), where it registers itself (registry.ts). Nothing is fetched by the
 * page or from a web-accessible URL, so the page can neither see nor probe it.
 */

import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { Fragment, jsx, jsxs } from 'preact/jsx-runtime';
import { type ChunkName, SHARED_MODULES, type SharedModules } from '../shared/chunks.ts';
import { sendToExtension } from '../shared/messages.ts';
import { type Chunks, registry } from './registry.ts';

/** This script's Preact, for the panels (see SHARED_EXPORTS). */
function shareModules(): void {
  const modules: SharedModules = {
    'preact/hooks': { useCallback, useEffect, useRef, useState },
    'preact/jsx-runtime': { Fragment, jsx, jsxs },
  };
  const scope = globalThis as { [key: symbol]: unknown };
  // This instance's, even where an earlier one (an extension since reloaded) left its own.
  scope[Symbol.for(SHARED_MODULES)] = modules;
}

const loading = new Map<ChunkName, Promise<unknown>>();

/** The chunk, asking the background to inject it the first time. */
export function loadChunk<K extends keyof Chunks & ChunkName>(name: K): Promise<Chunks[K]> {
  const have = registry()[name];
  if (have !== undefined) return Promise.resolve(have as Chunks[K]);
  shareModules();
  let pending = loading.get(name) as Promise<Chunks[K]> | undefined;
  if (pending === undefined) {
    pending = sendToExtension('background:load', { chunk: name }).then(() => {
      const loaded = registry()[name];
      if (loaded === undefined) throw new Error(`the ${name} part of Lectern didn’t load`);
      return loaded as Chunks[K];
    });
    // A failed load may be retried (the next click asks again).
    pending.catch(() => loading.delete(name));
    loading.set(name, pending);
  }
  return pending;
}
