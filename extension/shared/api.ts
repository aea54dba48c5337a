/**
 * The extension API, reached the same way in every context: `api()`.
 *
 * In the extension's own pages and workers (service worker or event page, popup, options, offscreen document),
 * which no web page can reach, it is webextension-polyfill's `browser` (`extension/shared/polyfill.ts`, imported
 * first by each of their entries): one promise-based API in both browsers, whatever a call's callback or promise
 * habits are in each.
 *
 * In a content script it is not, and `api()` finds the API itself: `chrome` in the Chromium build, `browser` in
 * the Firefox build, each of which returns promises in Manifest V3 for every call Lectern makes there. The
 * polyfill decides between the two at run time by reading `globalThis.browser?.runtime?.id`, and a page element
 * with `id="browser"` is visible there through named access on the window, in the isolated world too.
 * `<form id="browser"></form><form id="browser" name="runtime"></form>` makes that an HTMLCollection whose
 * `runtime.id` is "browser", and the polyfill hands the page's elements to the extension as its API (a bug
 * the polyfill's maintainers know of, still open). Here the build decides which name to read, and what is found must
 * answer like the API (`runtime.getURL` gives an extension URL), which no page element can; and the script the
 * reader command injects carries no polyfill.
 *
 * Measured in Chromium 156's isolated world: the bindings hang the API on whatever `chrome` names there, a
 * page's `<div id="chrome">` included (it works); Chromium's own `browser` alias is then missing, which is one
 * more reason to read `chrome` in Chromium. A page with `<form id="chrome"><input name="runtime">` does hide
 * `chrome.runtime` from the content script (a form's named controls win over any property); then this throws,
 * the content script never listens, and the toolbar button says the reader couldn't start there (the
 * background's toggle) instead of acting on the page's elements.
 *
 * One difference the code keeps to: `runtime.onMessage` listeners answer through `sendResponse` and return
 * true (both browsers, with or without the polyfill), never by returning a promise (Firefox only).
 */
import type { Browser } from 'webextension-polyfill';

/** Which global holds the API, by build (vite.config.ts); both, in that order, where no build says (tests). */
const NAMES: readonly string[] =
  import.meta.env.LECTERN_BROWSER === 'firefox'
    ? ['browser']
    : import.meta.env.LECTERN_BROWSER === 'chrome'
      ? ['chrome']
      : ['chrome', 'browser'];

interface RuntimeLike {
  runtime?: { id?: unknown; getURL?: unknown };
}

/** The real API: its runtime makes extension URLs. A page element has no such method in our world. */
function isExtensionApi(value: unknown): value is Browser {
  if (typeof value !== 'object' || value === null) return false;
  const runtime = (value as RuntimeLike).runtime;
  if (typeof runtime !== 'object' || runtime === null) return false;
  if (typeof runtime.id !== 'string' || typeof runtime.getURL !== 'function') return false;
  const url: unknown = runtime.getURL.call(runtime, '');
  return typeof url === 'string' && /^[a-z]+-extension:\/\//.test(url);
}

function findApi(): Browser {
  for (const name of NAMES) {
    const candidate: unknown = (globalThis as Record<string, unknown>)[name];
    if (isExtensionApi(candidate)) return candidate;
  }
  // not shown: the content script stops here, and the button says the reader couldn’t start
  throw new Error('this page hides the extension API from Lectern');
}

let found: Browser | null = null;

/** The extension API of this context; throws outside an extension (a plain page, Vitest). */
export function api(): Browser {
  found ??= findApi();
  return found;
}

/**
 * Makes `api()` the given API from here on: webextension-polyfill's, in a context no page can reach
 * (polyfill.ts). Never called in a content script.
 */
export function provideApi(given: Browser): void {
  found = given;
}
