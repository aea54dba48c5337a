/**
 * The content script's parts loaded on first use (extension/shared/chunks.ts). The reader command injects only
 * what paints the overlay (main.ts); exporting (Markdown, rich text, saved pages, their sanitizer) and the
 * reader's panels come later, when a person first asks for them: the background injects their script into the
 * same isolated world (`background:load`), where it registers itself (registry.ts). Nothing is fetched by the
 * page or from a web-accessible URL, so the page can neither see nor probe it.
 */

import type { ChunkName } from '../shared/chunks.ts';
import { t } from '../shared/i18n.ts';
import { sendToExtension } from '../shared/messages.ts';
import { type Chunks, registry } from './registry.ts';

const loading = new Map<ChunkName, Promise<unknown>>();

/** The chunk, asking the background to inject it the first time. */
export function loadChunk<K extends keyof Chunks & ChunkName>(name: K): Promise<Chunks[K]> {
  const have = registry()[name];
  if (have !== undefined) return Promise.resolve(have as Chunks[K]);
  let pending = loading.get(name) as Promise<Chunks[K]> | undefined;
  if (pending === undefined) {
    pending = sendToExtension('background:load', { chunk: name }).then(() => {
      const loaded = registry()[name];
      if (loaded === undefined) throw new Error(t('chunkDidntLoad', name));
      return loaded as Chunks[K];
    });
    // A failed load may be retried (the next click asks again).
    pending.catch(() => loading.delete(name));
    loading.set(name, pending);
  }
  return pending;
}
