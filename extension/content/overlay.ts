/**
 * The overlay host: one `<lectern-reader>` element appended to <html>, with an open shadow root (Playwright can
 * see into open roots, STYLE.md practice 6). Opening saves the page's scroll position and focus; closing removes
 * the host and restores both, so the page serializes and scrolls exactly as before (or, if it changed itself
 * meanwhile, exactly as it would have without us). Nothing else in the page is
 * touched: the overlay scrolls itself, so the page needn't be locked.
 */

export const HOST_TAG = 'lectern-reader';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';

export interface View {
  unmount(): void;
  focus(): void;
}

/** Mounts a view into the shadow root; the host is already in the page. */
export type Mount = (root: ShadowRoot) => View;

// `all: initial` first so page rules on unknown elements (display:none, transforms, filters) can't reach the host;
// inline !important beats any page stylesheet. Set through CSSOM, which page CSP doesn't govern.
const HOST_STYLE: ReadonlyArray<readonly [string, string]> = [
  ['all', 'initial'],
  ['position', 'fixed'],
  ['inset', '0'],
  ['z-index', '2147483647'],
  ['display', 'block'],
  ['margin', '0'],
  ['padding', '0'],
  ['border', '0'],
  ['width', 'auto'],
  ['height', 'auto'],
  ['max-width', 'none'],
  ['max-height', 'none'],
  ['transform', 'none'],
  ['filter', 'none'],
  ['opacity', '1'],
  ['visibility', 'visible'],
  ['pointer-events', 'auto'],
  ['contain', 'strict'],
];

/**
 * Printing while the reader is open prints the article alone: in print media the host leaves its fixed
 * full-viewport box to flow as one long element (reader.css drops the toolbar and the scroll box), and a
 * stylesheet adopted by the document hides the page's body. Adopted, not inserted, so the page's DOM is
 * untouched; both are undone when the reader closes.
 */
const PRINT_HOST: ReadonlyArray<readonly [string, string]> = [
  ['position', 'static'],
  ['contain', 'none'],
  ['inset', 'auto'],
  ['height', 'auto'],
];
const printQuery = matchMedia('print');
let pageSheet: CSSStyleSheet | null = null;

function pagePrintSheet(): CSSStyleSheet {
  if (pageSheet === null) {
    pageSheet = new CSSStyleSheet();
    pageSheet.replaceSync(
      `@media print { body { display: none !important; } ${HOST_TAG} { display: block !important; } }`,
    );
  }
  return pageSheet;
}

function setPrinting(printing: boolean): void {
  const host = mounted?.host;
  if (!host) return;
  const styles = printing ? PRINT_HOST : HOST_STYLE.filter(([name]) => PRINT_HOST.some(([p]) => p === name));
  for (const [name, value] of styles) host.style.setProperty(name, value, 'important');
}

// Chromium fires beforeprint for a real print dialog and for print-to-PDF; the media query covers emulation.
const onPrintChange = (): void => setPrinting(printQuery.matches);
const onBeforePrint = (): void => setPrinting(true);
const onAfterPrint = (): void => setPrinting(printQuery.matches);

interface Saved {
  x: number;
  y: number;
  focused: Element | null;
  /** Set once the page changes its own DOM while the reader is open (see `watchPage`). */
  pageChanged: boolean;
  /** Takes in the changes not yet delivered and stops watching. */
  stopWatching(): void;
}

interface Mounted {
  host: HTMLElement;
  /** What we appended to the page: the host, or the SVG wrapper holding it. */
  outer: Element;
  root: ShadowRoot;
  view: View | null;
  saved: Saved;
}

let mounted: Mounted | null = null;

/** The focused element, looking into open shadow roots so a page's web component gets its focus back. */
function deepActiveElement(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

function onWindowKeydown(event: KeyboardEvent): void {
  // The reader handles Esc itself and stops keys at its root; this catches Esc when focus was left on the page.
  if (event.key === 'Escape' && !event.defaultPrevented && mounted) {
    event.preventDefault();
    closeOverlay();
  }
}

export function isOverlayOpen(): boolean {
  return mounted?.host.isConnected === true;
}

/** Shows `mount`'s view in the overlay, opening the host if needed (the notice → reader switch reuses it). */
export function showInOverlay(mount: Mount): void {
  if (mounted && !mounted.host.isConnected) teardown();
  if (!mounted) {
    // In the XHTML namespace, so the host has a style (and a shadow root) in XML and SVG documents too.
    const host = document.createElementNS(XHTML_NS, HOST_TAG) as HTMLElement;
    const saved = watchPage(host);
    for (const [name, value] of HOST_STYLE) host.style.setProperty(name, value, 'important');
    const root = host.attachShadow({ mode: 'open' });
    const outer = placeHost(host);
    mounted = { host, outer, root, view: null, saved };
    window.addEventListener('keydown', onWindowKeydown);
    printQuery.addEventListener('change', onPrintChange);
    window.addEventListener('beforeprint', onBeforePrint);
    window.addEventListener('afterprint', onAfterPrint);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, pagePrintSheet()];
    onPrintChange();
  }
  clearView(mounted);
  try {
    mounted.view = mount(mounted.root);
    mounted.view.focus();
  } catch (error) {
    // An empty overlay would cover the page with nothing: give the page back and report the failure.
    closeOverlay();
    throw error;
  }
}

/**
 * Saves what closing restores, and notes whether the page then changes itself. A page that changes while the
 * reader is open (a live blog, a ticker) is scrolled by the browser to keep the reader's place (CSS scroll
 * anchoring): forcing the old offset back would move them. Only when the page stayed still do we put the scroll
 * back, to undo anything our overlay might have scrolled.
 */
function watchPage(host: HTMLElement): Saved {
  const saved: Saved = {
    x: window.scrollX,
    y: window.scrollY,
    focused: deepActiveElement(),
    pageChanged: false,
    stopWatching() {
      note(observer.takeRecords());
      observer.disconnect();
    },
  };
  // Our own host coming and going (and its print styles) are the only changes to the page we make.
  const own = (record: MutationRecord) =>
    record.target === host ||
    (record.type === 'childList' &&
      [...record.addedNodes, ...record.removedNodes].every(
        (node) => node === host || node === host.parentNode,
      ));
  const note = (records: MutationRecord[]) => {
    if (records.every(own)) return;
    saved.pageChanged = true;
    observer.disconnect();
  };
  const observer = new MutationObserver(note);
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  return saved;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * Appends the host to the root element. An SVG document renders HTML only inside a `<foreignObject>`, so
 * there the host goes into one that spans the picture; the wrapper goes when the host does.
 */
function placeHost(host: HTMLElement): Element {
  const root = document.documentElement;
  if (root?.namespaceURI !== SVG_NS) {
    (root ?? document).append(host);
    return host;
  }
  const wrapper = document.createElementNS(SVG_NS, 'foreignObject');
  for (const [name, value] of [
    ['x', '0'],
    ['y', '0'],
    ['width', '100%'],
    ['height', '100%'],
  ] as const) {
    wrapper.setAttribute(name, value);
  }
  wrapper.append(host);
  root.append(wrapper);
  return wrapper;
}

function clearView(state: Mounted): void {
  const view = state.view;
  state.view = null;
  try {
    view?.unmount();
  } catch {
    // A view that fails to unmount must not keep the page covered.
  }
  state.root.replaceChildren();
  state.root.adoptedStyleSheets = [];
}

function teardown(): Mounted | null {
  const state = mounted;
  mounted = null;
  window.removeEventListener('keydown', onWindowKeydown);
  printQuery.removeEventListener('change', onPrintChange);
  window.removeEventListener('beforeprint', onBeforePrint);
  window.removeEventListener('afterprint', onAfterPrint);
  if (pageSheet !== null) {
    const sheet = pageSheet;
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((adopted) => adopted !== sheet);
  }
  if (!state) return null;
  // Before our own removal is recorded: a page change not yet delivered still counts.
  state.saved.stopWatching();
  clearView(state);
  state.outer.remove();
  return state;
}

export function closeOverlay(): void {
  const state = teardown();
  if (!state) return;
  const { x, y, focused, pageChanged } = state.saved;
  if (!pageChanged && (window.scrollX !== x || window.scrollY !== y)) {
    window.scrollTo({ left: x, top: y, behavior: 'instant' });
  }
  restoreFocus(focused);
}

function restoreFocus(focused: Element | null): void {
  if (focused instanceof HTMLElement || focused instanceof SVGElement) {
    if (focused.isConnected && focused !== document.body) {
      focused.focus({ preventScroll: true });
      if (deepActiveElement() === focused) return;
    }
  }
  // Nothing focusable was focused before: leave focus where the page had none.
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body) active.blur();
}
