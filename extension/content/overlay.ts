/**
 * The overlay: one plain `<div>` host appended to <html>, with a CLOSED shadow root that only this module holds,
 * and in that root a modal `<dialog>` holding the view. The page is hostile (docs/security.md): it can see that
 * an empty element arrived, but not read what is inside it, restyle it, cover it or click it.
 *
 * - Not a custom element: a page could `customElements.define` our tag name first and run its constructor on it.
 * - Closed root: `host.shadowRoot` is null for the page; only the `root` kept here reaches the view. The dialog
 *   lives inside it, out of the page's reach: the page can't close it, restyle it or read it.
 * - Top layer: the dialog sits above everything the page stacks (z-index 2147483647), transforms, clips or
 *   filters. It opens as a manual popover and becomes modal a frame later (`makeModalAfterFirstFrame`):
 *   modal, the page under it is inert and no `inert` the page sets on our ancestors, nor a modal dialog of its
 *   own, can make ours inert. But making a page inert restyles every element of it, 4–24 ms on the heavy
 *   pages of the dev corpus (docs/performance.md), which as a popover is paid after the reader is on the
 *   screen instead of before. A page dialog, popover or full-screen element above ours is looked for in every
 *   frame and answered by showing ours again, modally, on top; a page that keeps covering it closes the reader
 *   (on-top.ts).
 * - Styles: the host's box is set by `:host` rules with !important inside the shadow root. In the cascade an
 *   important declaration from the inner (shadow) context beats every outer one, inline !important included
 *   (CSS Cascade 4, "Context"), so no page rule or style attribute can hide or fade it. `:host::before` and
 *   `::after` are emptied, so page CSS can't lay a pseudo-element over the reader either.
 * - Attributes: anything the page sets on the host (style, class, hidden, inert) is taken off again, and a host
 *   the page removes or moves is put back.
 * - Events: each view stops synthetic events at its container (reader/trusted.ts, through mountView); the
 *   window's Esc listener, the print listeners and the top-layer watch ignore synthetic events too.
 * - Page nodes (the focus we give back, the host's parent) are read through src/dom/access.ts.
 *
 * Opening saves the page's scroll position and focus; closing removes the host and restores both, so the page
 * serializes and scrolls exactly as before (or, if it changed itself meanwhile, exactly as it would have
 * without us). Nothing else in the page is touched: the overlay scrolls itself, so the page needn't be locked.
 */
import {
  activeElementOf,
  adoptedSheetsOf,
  bodyOf,
  createElementNSIn,
  documentElementOf,
  isConnectedOf,
  setAdoptedSheets,
  shadowRootOf,
} from '../../src/dom/access.ts';
import { sayCovered } from '../reader/Covered.tsx';
import { type CoverReason, sendToExtension } from '../shared/messages.ts';
import { keepOnTop, type OnTop } from './on-top.ts';
import overlayCss from './overlay.css?inline';

const XHTML_NS = 'http://www.w3.org/1999/xhtml';

export interface View {
  unmount(): void;
  focus(): void;
  /** Where the overlay's own word to the person goes (sayCovered), above what the view shows. */
  top: Element | null;
}

/** Mounts a view into `layer`, the dialog inside the shadow root `root` (stylesheets go on the root). */
export type Mount = (root: ShadowRoot, layer: HTMLElement) => View;

/**
 * Printing while the reader is open prints the article alone: a stylesheet adopted by the document hides the
 * page's body in print media (the host hangs off <html>, outside it). Adopted, not inserted, so the page's DOM
 * is untouched; it is taken out again when the reader closes.
 */
const printQuery = matchMedia('print');
let overlaySheet: CSSStyleSheet | null = null;
let pageSheet: CSSStyleSheet | null = null;
let scrollbarSheet: CSSStyleSheet | null = null;

function sheet(css: string): CSSStyleSheet {
  const made = new CSSStyleSheet();
  made.replaceSync(css);
  return made;
}

function pagePrintSheet(): CSSStyleSheet {
  // not shown: CSS
  pageSheet ??= sheet('@media print { body { display: none !important; } }');
  return pageSheet;
}

/**
 * The window's own scrollbar is the page's and stands beside the reader's, which the top layer can't cover:
 * hidden while the reader is open, by a stylesheet adopted by the document (the page's DOM is untouched), from
 * the frame after the reader shows: the page under it is laid out again a scrollbar wider, which the first
 * frame need not wait for. The page scrolls where it was (closeOverlay) once it is taken out again.
 */
function pageScrollbarSheet(): CSSStyleSheet {
  // not shown: CSS
  scrollbarSheet ??= sheet('@media screen { :root { scrollbar-width: none !important; } }');
  return scrollbarSheet;
}

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
  /** Where `outer` was appended: the root element (or the document itself when it has none). */
  parent: ParentNode;
  root: ShadowRoot;
  /** The dialog in the shadow root that holds the view. */
  layer: HTMLDialogElement;
  view: View | null;
  saved: Saved;
  /** Undoes the page's changes to the host's attributes. */
  guard: MutationObserver;
  /** Notices the host leaving the page. */
  placement: MutationObserver;
  /** Keeps the reader on top of the page's own layers, or closes it (on-top.ts). */
  onTop: OnTop;
  printing: boolean;
}

let mounted: Mounted | null = null;

/** Why the reader last closed itself over this page, said when it next opens. */
let closedFor: CoverReason | null = null;

/** The focused element, looking into open shadow roots so a page's web component gets its focus back. */
function deepActiveElement(): Element | null {
  let active = activeElementOf(document);
  for (let depth = 0; depth < 64 && active !== null; depth++) {
    const inner = shadowRootOf(active)?.activeElement ?? null;
    if (inner === null) break;
    active = inner;
  }
  return active;
}

function onWindowKeydown(event: KeyboardEvent): void {
  // The reader handles Esc itself and stops keys at its root; this catches Esc when focus was left on the page.
  // A page can dispatch a KeyboardEvent of its own: only a key the person pressed closes the reader.
  if (!event.isTrusted) return;
  if (event.key === 'Escape' && !event.defaultPrevented && mounted) {
    event.preventDefault();
    closeOverlay();
  }
}

/** The page took the host out (removed or moved it): put it back. */
function onPlacement(): void {
  const state = mounted;
  if (state && !isPlaced(state)) state.onTop.covered();
}

function isPlaced(state: Mounted): boolean {
  return state.outer.parentNode === state.parent && state.outer.isConnected;
}

function isShown(layer: HTMLDialogElement): boolean {
  return layer.open || layer.matches(':popover-open');
}

/**
 * Whether the reader should be on top of the page now: not while printing, and not once the person closed the
 * dialog (Esc: its `close` event is on its way). A dialog that left with its host was taken out by the page.
 */
function isWatched(state: Mounted): boolean {
  return mounted === state && !state.printing && (isShown(state.layer) || !isPlaced(state));
}

/** The page covered the reader and raising it again doesn't hold: the page is given back, and told why. */
function giveUp(state: Mounted, why: CoverReason): void {
  if (mounted !== state) return;
  closeOverlay();
  closedFor = why;
  sendToExtension('background:covered', { why }).catch(() => undefined);
}

/**
 * The dialog closed and stayed closed: the person pressed Esc (the browser's close request). Its `close`
 * event comes a task after the closing, so one we caused by showing the dialog again finds it open.
 */
function onLayerClose(): void {
  const state = mounted;
  if (state && !state.layer.open) closeOverlay();
}

/** Hides the dialog, however it is shown. */
function hideLayer(layer: HTMLDialogElement): void {
  if (layer.matches(':popover-open')) layer.hidePopover();
  if (layer.open) layer.close();
}

/**
 * Shows the dialog on top of the top layer: as a popover (`fast`: nothing else in the page restyled), else
 * modally (the page inert); in place while printing.
 */
function showLayer(state: Mounted, fast = false): void {
  const layer = state.layer;
  hideLayer(layer);
  if (state.printing) {
    layer.show();
    return;
  }
  try {
    if (fast) layer.showPopover();
    else layer.showModal();
  } catch {
    // Not allowed here (a document that can't show modals): in place, the fixed host still covers the page.
    layer.show();
  }
}

/** Shows the dialog again (modally unless printing), giving the focus back: showing moves it. */
function reshow(state: Mounted): void {
  const focused = state.root.activeElement;
  showLayer(state);
  if (focused instanceof HTMLElement || focused instanceof SVGElement) focused.focus({ preventScroll: true });
}

/**
 * Once the reader is on the screen: the popover it opened as becomes a modal dialog (the page inert). A
 * `requestAnimationFrame` callback runs just before the frame is drawn; a task queued from it runs after.
 */
function makeModalAfterFirstFrame(state: Mounted): void {
  requestAnimationFrame(() => {
    setTimeout(() => {
      if (mounted !== state) return;
      if (state.layer.matches(':popover-open')) reshow(state);
      setAdoptedSheets(document, [...adoptedSheetsOf(document), pageScrollbarSheet()]);
    }, 0);
  });
}

/**
 * Puts the reader back on top of the top layer, and back in the page if it was taken out. A dialog moves to
 * the top only by being shown again; that moves the focus, so it is given back. How often is on-top.ts's.
 */
function raise(state: Mounted): void {
  if (state.printing) return;
  if (!isPlaced(state)) placeHost(state);
  reshow(state);
}

export function isOverlayOpen(): boolean {
  // A reader the page took out while printing is not open: the next press shows it again.
  return mounted !== null && isPlaced(mounted);
}

function open(): Mounted {
  // In the XHTML namespace, so the host has a style (and a shadow root) in XML and SVG documents too.
  const host = createElementNSIn(document, XHTML_NS, 'div') as HTMLElement;
  const root = host.attachShadow({ mode: 'closed' });
  overlaySheet ??= sheet(overlayCss);
  root.adoptedStyleSheets = [overlaySheet];
  const layer = createElementNSIn(document, XHTML_NS, 'dialog') as HTMLDialogElement;
  layer.className = 'l-layer';
  layer.popover = 'manual';
  root.append(layer);
  const state: Mounted = {
    host,
    outer: host,
    parent: document,
    root,
    layer,
    view: null,
    saved: watchPage(host),
    guard: new MutationObserver(() => restoreHost(host)),
    placement: new MutationObserver(onPlacement),
    // The one thing before the first frame: its first check comes a frame later.
    onTop: keepOnTop({
      host,
      layer,
      watching: () => isWatched(state),
      raise: () => raise(state),
      giveUp: (why) => giveUp(state, why),
    }),
    printing: printQuery.matches,
  };
  layer.addEventListener('close', onLayerClose);
  state.guard.observe(host, { attributes: true });
  // The document's children: a page that swaps its root element takes the host with it.
  state.placement.observe(document, { childList: true });
  placeHost(state);
  showLayer(state, true);
  makeModalAfterFirstFrame(state);
  window.addEventListener('keydown', onWindowKeydown);
  printQuery.addEventListener('change', onPrintChange);
  window.addEventListener('beforeprint', onBeforePrint);
  window.addEventListener('afterprint', onAfterPrint);
  setAdoptedSheets(document, [...adoptedSheetsOf(document), pagePrintSheet()]);
  return state;
}

/** Shows `mount`'s view in the overlay, opening it if needed (the notice → reader switch reuses it). */
export function showInOverlay(mount: Mount): void {
  mounted ??= open();
  const state = mounted;
  if (!isPlaced(state)) {
    placeHost(state);
    showLayer(state);
  }
  clearView(state);
  try {
    state.view = mount(state.root, state.layer);
    state.view.focus();
    if (closedFor !== null) sayCovered(state.view.top, closedFor);
    closedFor = null;
  } catch (error) {
    // An empty overlay would cover the page with nothing: give the page back and report the failure.
    closeOverlay();
    throw error;
  }
}

/** Takes off whatever the page set on the host: it carries no attribute at all. */
function restoreHost(host: HTMLElement): void {
  for (const name of host.getAttributeNames()) host.removeAttribute(name);
}

// Chromium fires beforeprint for a real print dialog and for print-to-PDF; the media query covers emulation.
const onPrintChange = (): void => setPrinting(printQuery.matches);
// A page can dispatch its own beforeprint: only the browser's may take the reader out of the top layer.
const onBeforePrint = (event: Event): void => {
  if (event.isTrusted) setPrinting(true);
};
const onAfterPrint = (event: Event): void => {
  if (event.isTrusted) setPrinting(printQuery.matches);
};

function setPrinting(printing: boolean): void {
  const state = mounted;
  if (!state || state.printing === printing) return;
  state.printing = printing;
  reshow(state);
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
  // Our own host coming and going (and its attributes) are the only changes to the page we make.
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
function placeHost(state: Mounted): void {
  const root = documentElementOf(document);
  if (root?.namespaceURI !== SVG_NS) {
    state.parent = root ?? document;
    state.parent.append(state.host);
    state.outer = state.host;
  } else {
    const wrapper = createElementNSIn(document, SVG_NS, 'foreignObject');
    for (const [name, value] of [
      ['x', '0'],
      ['y', '0'],
      ['width', '100%'],
      ['height', '100%'],
    ] as const) {
      wrapper.setAttribute(name, value);
    }
    wrapper.append(state.host);
    root.append(wrapper);
    state.parent = root;
    state.outer = wrapper;
  }
  // Only the host's own parent, not the subtree: a busy page's other mutations cost us nothing.
  state.placement.observe(state.parent, { childList: true });
}

function clearView(state: Mounted): void {
  const view = state.view;
  state.view = null;
  try {
    view?.unmount();
  } catch {
    // A view that fails to unmount must not keep the page covered.
  }
  state.layer.replaceChildren();
  state.root.adoptedStyleSheets = overlaySheet ? [overlaySheet] : [];
}

function teardown(): Mounted | null {
  const state = mounted;
  mounted = null;
  window.removeEventListener('keydown', onWindowKeydown);
  printQuery.removeEventListener('change', onPrintChange);
  window.removeEventListener('beforeprint', onBeforePrint);
  window.removeEventListener('afterprint', onAfterPrint);
  const ours = [pageSheet, scrollbarSheet];
  if (adoptedSheetsOf(document).some((adopted) => ours.includes(adopted))) {
    setAdoptedSheets(
      document,
      adoptedSheetsOf(document).filter((adopted) => !ours.includes(adopted)),
    );
  }
  if (!state) return null;
  state.onTop.stop();
  state.guard.disconnect();
  state.placement.disconnect();
  // Before our own removal is recorded: a page change not yet delivered still counts.
  state.saved.stopWatching();
  state.layer.removeEventListener('close', onLayerClose);
  clearView(state);
  hideLayer(state.layer);
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
  const body = bodyOf(document);
  try {
    if (
      (focused instanceof HTMLElement || focused instanceof SVGElement) &&
      focused !== body &&
      isConnectedOf(focused)
    ) {
      focused.focus({ preventScroll: true });
      if (deepActiveElement() === focused) return;
    }
    // Nothing focusable was focused before: leave focus where the page had none.
    const active = activeElementOf(document);
    if (active instanceof HTMLElement && active !== body) active.blur();
  } catch {
    // The page's own element, whose `focus` or `blur` a named form control stands in for: focus stays put.
  }
}
