/**
 * Evaluated right before DOMPurify's module (see purify.ts, which imports the two in that order): sets the
 * global `Element` aside until `restoreElement()`.
 *
 * DOMPurify 3.4.18's module makes a default instance as it loads (`export default createDOMPurify()`, for the
 * global window), and that set-up calls the page document's `createElement('template')`. On a page with
 * `<img name="createElement">` that is the image, not the method: the call threw, and took the whole of
 * lectern.js (or the content script) with it before anything was defined. The set-up's first check gives up,
 * having read only `document.nodeType`, when `window.Element` is missing (`isSupported = false`): so the
 * default instance is made unsupported and harmless. We never use it (sanitize.ts makes its own instances, at
 * the first sanitize, for a clean document). Interface objects are writable properties of the global; the
 * module between the two steps runs synchronously, so no page script runs while `Element` is away.
 */

const global = globalThis as { Element?: unknown };
const present = 'Element' in global;
const saved = global.Element;

if (present) {
  try {
    global.Element = undefined;
  } catch {
    // A global that can't be written: DOMPurify's set-up reads the document as it would have anyway.
  }
}

/** Puts the global `Element` back (called once DOMPurify's module has run). */
export function restoreElement(): void {
  if (!present) return;
  try {
    global.Element = saved;
  } catch {
    // Nothing was changed.
  }
}
