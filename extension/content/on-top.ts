/**
 * Keeps the reader the topmost layer of the page while it is open, or closes it when it can't (docs/security.md,
 * rule 1). A page can put an element of its own above the reader's dialog (a modal dialog or a popover shown
 * after ours, an element made full screen with the activation a click in the reader gives the page), draw a
 * copy of the reader in it, and have the person's own click on its Copy write the page's text. The `toggle`
 * event that announces a page dialog or popover is the page's to stop (a capture listener on the window that
 * was there first), and full screen announces nothing we could trust, so each frame, before it is drawn, looks
 * at the page itself:
 * - a page element full screen: the page leaves full screen and the reader is shown on top again;
 * - a hit test in the reader that lands on anything but our host: a page modal dialog above ours (which makes
 *   ours inert, and hit tests pass over inert elements), or a page that hid or took out the reader: shown on
 *   top (and put back) again.
 * Page popovers above ours are inert under our modal dialog, so no hit test finds them: the browser's own
 * occlusion report does (IntersectionObserver `trackVisibility`, Chromium only), within about a tenth of a
 * second. Where there is none (Firefox), every few frames the page's open dialogs and popovers are listed
 * (`:modal, :popover-open`): one that was not open at the last raise is above ours. The `toggle` event stays
 * the fast path when the page lets it through.
 *
 * Showing the reader again is rate-bounded, not budgeted: a page that answers each raise with another layer
 * (more than MAX_RAISES in RAISE_WINDOW_MS), a cover that a raise doesn't beat, or full screen that doesn't end
 * closes the reader (`giveUp`), and the button and the next opening say why.
 */
import {
  elementFromPointIn,
  exitFullscreenIn,
  fullscreenElementOf,
  matchesOf,
  querySelectorAllIn,
} from '../../src/dom/access.ts';
import type { CoverReason } from '../shared/messages.ts';

/** Raises allowed within RAISE_WINDOW_MS: a page's own dialogs and popovers come far more slowly. */
const MAX_RAISES = 20;
const RAISE_WINDOW_MS = 1000;
/** How long the page's full screen may take to end after we asked. */
const FULLSCREEN_EXIT_MS = 1000;
/** Occlusion reports in a row that said the reader was covered again after the raise before. */
const MAX_UNSEEN_RAISES = 3;
/** How far in from the reader's top left corner the hit test is: a scrollbar is narrower. */
const EDGE_PX = 24;
/** The occlusion report's period: the least Chromium allows. */
const OCCLUSION_DELAY_MS = 100;
/** Without an occlusion report, the page's top layer is listed every this many frames (a tenth of a second). */
const TOP_LAYER_FRAMES = 6;
/** More open dialogs and popovers than a page shows at once: past this, the list is not read further. */
const MAX_TOP_LAYER = 100;

export interface Watched {
  /** What a hit test on the document lands on when the reader is on top: our host (our root is closed). */
  host: Element;
  layer: HTMLDialogElement;
  /** Whether the reader should be on top now (not while printing, nor while it is closing). */
  watching(): boolean;
  /** Shows the reader on top again, and puts it back in the page if it was taken out. */
  raise(): void;
  /** Closes the reader and says why. */
  giveUp(why: CoverReason): void;
}

export interface OnTop {
  /** Something of the page's covered the reader (or took it out) at `since` (performance.now time). */
  covered(since?: number): void;
  /** Stops looking: the reader closed. */
  stop(): void;
}

/** IntersectionObserver v2, which TypeScript's DOM types don't have yet. */
interface VisibilityInit extends IntersectionObserverInit {
  trackVisibility: boolean;
  delay: number;
}

/** Whether a page element is in the top layer; read through the prototype, where a form's `matches` control can't answer. */
function inTopLayer(el: Element): boolean {
  try {
    return matchesOf(el, ':modal, :popover-open');
  } catch {
    // A selector this browser doesn't know: better one raise too many than a cover left on top.
    return true;
  }
}

/** The page's dialogs and popovers in the top layer (ours is in a closed shadow root: never among them). */
function pageTopLayer(): Element[] {
  try {
    return Array.from(querySelectorAllIn(document, ':modal, :popover-open')).slice(0, MAX_TOP_LAYER);
  } catch {
    return [];
  }
}

export function keepOnTop(watched: Watched): OnTop {
  const { host, layer } = watched;
  /** When the raises of the last RAISE_WINDOW_MS were made, oldest first. */
  const raises: number[] = [];
  let lastRaise = Number.NEGATIVE_INFINITY;
  let exitingSince: number | null = null;
  let unseen = 0;
  let stopped = false;
  /** Undefined until the first check; null where the browser has no occlusion report. */
  let occlusion: IntersectionObserver | null | undefined;
  /** Without an occlusion report: the page's top-layer elements open at the last raise, all under ours. */
  let under = new Set<Element>();
  let frames = 0;

  /**
   * Whether a hit test in the reader, as far as the person sees it (the visual viewport: what a pinch zoom left
   * in sight), lands on our host. One point is enough: a page modal dialog above ours makes all of ours inert,
   * which hit tests pass over, wherever the page's dialog is. The point is near the top left, in the toolbar,
   * where few of our elements are to test (in the middle of an 18,000-element article one test took 3 ms),
   * and clear of the page's scrollbars, which Firefox lays over the dialog.
   */
  function hitsReader(): boolean {
    const box = layer.getBoundingClientRect();
    const seen = visualViewport;
    const left = Math.max(box.left, seen?.offsetLeft ?? 0);
    const top = Math.max(box.top, seen?.offsetTop ?? 0);
    const width = Math.min(box.right, left + (seen?.width ?? innerWidth)) - left;
    const height = Math.min(box.bottom, top + (seen?.height ?? innerHeight)) - top;
    // No reader in sight: the page hid it, or took it out.
    if (!(width > 0 && height > 0)) return false;
    const x = left + Math.min(EDGE_PX, width / 2);
    const y = top + Math.min(EDGE_PX, height / 2);
    return elementFromPointIn(document, x, y) === host;
  }

  function fail(why: CoverReason): void {
    if (stopped) return;
    stop();
    watched.giveUp(why);
  }

  /** Shows the reader on top again, unless that is a loop or doesn't work. */
  function raise(why: CoverReason): void {
    const now = performance.now();
    while (raises.length > 0 && now - (raises[0] as number) > RAISE_WINDOW_MS) raises.shift();
    if (raises.length >= MAX_RAISES) {
      fail('loop');
      return;
    }
    raises.push(now);
    lastRaise = now;
    watched.raise();
    if (occlusion === null) under = new Set(pageTopLayer());
    if (!hitsReader()) {
      fail(why);
      return;
    }
    // A report is made when visibility changes: ask for one about the reader as it is now.
    occlusion?.unobserve(layer);
    occlusion?.observe(layer);
  }

  function leaveFullscreen(): void {
    const now = performance.now();
    if (exitingSince !== null) {
      if (now - exitingSince > FULLSCREEN_EXIT_MS) fail('fullscreen');
      return;
    }
    exitingSince = now;
    let exiting: Promise<void>;
    try {
      exiting = exitFullscreenIn(document);
    } catch {
      fail('fullscreen');
      return;
    }
    // Refused, unless the page left full screen itself meanwhile.
    exiting.catch(() => {
      if (pageFullscreen()) fail('fullscreen');
    });
    // At once, not when full screen has ended: the page's element is under the reader meanwhile.
    raise('fullscreen');
  }

  function pageFullscreen(): boolean {
    const full = fullscreenElementOf(document);
    return full !== null && full !== host;
  }

  /**
   * Whether a page dialog or popover was shown since the last look that is not known to be under ours. One
   * closed since is forgotten, so shown again it counts as new: showing puts it on top of the top layer.
   */
  function newPageLayer(): boolean {
    const open = pageTopLayer();
    const shown = open.some((el) => !under.has(el));
    under = new Set(open);
    return shown;
  }

  function check(): void {
    if (pageFullscreen()) {
      leaveFullscreen();
      return;
    }
    exitingSince = null;
    if (!hitsReader()) raise('layer');
    else if (occlusion === null && frames % TOP_LAYER_FRAMES === 0 && newPageLayer()) raise('layer');
  }

  function onOcclusion(entries: IntersectionObserverEntry[]): void {
    const entry = entries[entries.length - 1];
    // A report from before the last raise was answered by it.
    if (stopped || entry === undefined || entry.time < lastRaise || !watched.watching()) return;
    if ((entry as IntersectionObserverEntry & { isVisible?: boolean }).isVisible) {
      unseen = 0;
      return;
    }
    // Covered again after each of the last raises: the page answers them (a cover no raise beats is one too).
    unseen += 1;
    if (unseen > MAX_UNSEEN_RAISES) fail('loop');
    else raise('layer');
  }

  function watchOcclusion(): IntersectionObserver | null {
    // Firefox has no occlusion report: the frames' checks and the toggle event are all it has.
    if (!('isVisible' in IntersectionObserverEntry.prototype)) return null;
    const init: VisibilityInit = { trackVisibility: true, delay: OCCLUSION_DELAY_MS };
    const observer = new IntersectionObserver(onOcclusion, init);
    observer.observe(layer);
    return observer;
  }

  /**
   * A page dialog or popover entered the top layer (`toggle` doesn't bubble: this listens in the capture
   * phase). Only the browser's events: a synthetic one would spend a raise for nothing.
   */
  function onToggle(event: Event): void {
    const target = event.target;
    if (event.isTrusted && target !== host && target instanceof Element && inTopLayer(target))
      covered(event.timeStamp);
  }

  function covered(since = performance.now()): void {
    if (!stopped && since >= lastRaise && watched.watching()) raise('layer');
  }

  function tick(): void {
    frame = requestAnimationFrame(tick);
    frames += 1;
    if (occlusion === undefined) {
      occlusion = watchOcclusion();
      // The reader was shown as the newest element of the top layer: what the page had open is under it.
      if (occlusion === null) under = new Set(pageTopLayer());
    }
    if (watched.watching()) check();
  }

  function stop(): void {
    stopped = true;
    cancelAnimationFrame(frame);
    occlusion?.disconnect();
    window.removeEventListener('toggle', onToggle, true);
  }

  // The first frame shows the reader as the newest element of the top layer: the checks start with the next.
  let frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(tick);
  });
  window.addEventListener('toggle', onToggle, true);
  return { covered, stop };
}
