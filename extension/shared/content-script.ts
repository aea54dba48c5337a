// The entry is main.ts, not index.ts: crxjs names emitted chunks by basename, and two chunks both named
// "index.ts" (this one and the service worker) made the worker loader import the content chunk instead.
import contentScript from '../content/main.ts?script&iife';

/** The content script's file in the package: injected on demand (inject.ts), or registered (instant.ts). */
export const CONTENT_SCRIPT: string = contentScript;
