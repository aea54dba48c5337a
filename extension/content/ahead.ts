/**
 * Registered with the content script itself, just before it, on every site while the instant reader is on
 * (extension/shared/instant.ts): it marks this run of the content script as a read-ahead, which main.ts takes
 * once. A mark in the isolated world, which the page can't see or set.
 */
import { READ_AHEAD } from '../shared/instant-mark.ts';

(globalThis as Record<symbol, unknown>)[Symbol.for(READ_AHEAD)] = true;
