/**
 * Pages the browser won't let an extension script. Checked before injecting so the popup and the shortcut can
 * explain instead of failing; `restrictedByError` catches what the URL alone can't tell (e.g. when the URL is
 * hidden from us because we have no access to the tab yet).
 */

const PDF_VIEWER = 'chrome-extension://mhjfbmdgcfjbbpaeojofohoefgiehjai/';
// Firefox keeps addons.mozilla.org from every extension as Chromium keeps its store.
const WEB_STORE_HOSTS = ['chromewebstore.google.com', 'microsoftedge.microsoft.com', 'addons.mozilla.org'];
const BLOCKED_SCHEMES = new Set([
  'chrome:',
  'chrome-extension:',
  'chrome-search:',
  'chrome-untrusted:',
  'edge:',
  'brave:',
  'opera:',
  'vivaldi:',
  'about:',
  'view-source:',
  'devtools:',
  'data:',
  'javascript:',
  'blob:',
  'moz-extension:',
  'resource:',
]);

export type RestrictedReason = 'browser-page' | 'web-store' | 'pdf' | 'no-page';

export function restrictedReason(url: string | undefined | null): RestrictedReason | null {
  if (!url) return 'no-page';
  if (url.startsWith(PDF_VIEWER)) return 'pdf';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'no-page';
  }
  if (BLOCKED_SCHEMES.has(parsed.protocol)) return 'browser-page';
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:' && parsed.protocol !== 'file:') {
    return 'browser-page';
  }
  if (WEB_STORE_HOSTS.includes(parsed.hostname)) return 'web-store';
  if (parsed.hostname === 'chrome.google.com' && parsed.pathname.startsWith('/webstore')) return 'web-store';
  // Chromium shows PDFs in its own viewer, which no extension may script.
  if (parsed.pathname.toLowerCase().endsWith('.pdf')) return 'pdf';
  // file:// is allowed only when the user turned on "Allow access to file URLs": try, and report the error.
  return null;
}

/** Chromium's refusal on its Web Store: the one restricted-page error that says which kind of page it is. */
const WEB_STORE_ERROR = /extensions gallery cannot be scripted/i;
/** Chromium's scripting errors for pages no extension may touch (messages from extensions/common/ and chrome/). */
const RESTRICTED_ERRORS: readonly RegExp[] = [
  /Cannot access a chrome(-extension)?:\/\/ URL/i,
  /Cannot access a chrome-untrusted/i,
  WEB_STORE_ERROR,
  /Cannot access an? (about|devtools|edge|view-source|data|javascript)/i,
  /Cannot access contents of url "(chrome|edge|about|devtools|view-source|data|javascript)/i,
];

export function restrictedByError(message: string): boolean {
  return RESTRICTED_ERRORS.some((pattern) => pattern.test(message));
}

/**
 * Which kind of restricted page an injection error names, when it names one. Without activeTab (the grant does
 * not always reach a popup the shortcut opened) the tab's URL is hidden, and this error is all that tells the
 * Web Store apart.
 */
export function restrictedReasonByError(message: string): RestrictedReason | null {
  return WEB_STORE_ERROR.test(message) ? 'web-store' : null;
}

/** The error injecting gives when the page never lets a script of ours in (extension/shared/inject.ts). */
// not shown: the timeout's mark, read back by classifyInjectError, which picks the words shown
export const NO_ANSWER = 'The page did not answer in time.';

export type InjectFailure = 'restricted' | 'file-access' | 'no-access' | 'no-answer' | 'other';

export function classifyInjectError(message: string): InjectFailure {
  if (restrictedByError(message)) return 'restricted';
  if (message === NO_ANSWER) return 'no-answer';
  if (/file:\/\//i.test(message)) return 'file-access';
  if (/Cannot access contents of the page|must request permission|Missing host permission/i.test(message)) {
    return 'no-access';
  }
  return 'other';
}
