/**
 * Keyboard behaviour of the overlay as a dialog: Esc closes, Tab stays inside, and no key event reaches the
 * page, so site shortcuts (j/k, "/" to search, ...) don't fire while reading.
 */

/**
 * What can take the focus in the reader: its controls, and in the article links and `<details>` summaries (the
 * copy keeps no other focusable element: src/build/allowed.ts).
 */
const TABBABLE =
  'a[href],button:not([disabled]),input:not([disabled]):not([type="hidden"]),select:not([disabled]),summary,[tabindex]';

function tabbables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (el) => el.tabIndex >= 0 && el.getClientRects().length > 0,
  );
}

/** The element with focus inside the overlay's shadow root (document.activeElement is only the host). */
function activeIn(container: HTMLElement): Element | null {
  const root = container.getRootNode();
  return root instanceof ShadowRoot || root instanceof Document ? root.activeElement : null;
}

/**
 * Wraps Tab at either end of the overlay. Only the ends are handled: in between, the browser's own order
 * (which knows about tabindex and layout) is right.
 */
function trapTab(event: KeyboardEvent, container: HTMLElement): void {
  const items = tabbables(container);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = activeIn(container);
  const inside = active !== null && items.includes(active as HTMLElement);
  if (event.shiftKey && (!inside || active === first)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (!inside || active === last)) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * Listens on the overlay's outermost element. Listeners there run after any inside the overlay and before the
 * event leaves the shadow root, so stopping propagation hides every key from the page's bubbling listeners.
 * Returns the function that removes the listeners.
 */
export function isolateKeyboard(container: HTMLElement, close: () => void): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    event.stopPropagation();
    if (event.isComposing) return;
    if (event.key === 'Escape' && !event.defaultPrevented) {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab' && !event.altKey && !event.ctrlKey && !event.metaKey) {
      trapTab(event, container);
    }
  };
  const stop = (event: Event) => event.stopPropagation();
  container.addEventListener('keydown', onKeyDown);
  container.addEventListener('keyup', stop);
  container.addEventListener('keypress', stop);
  return () => {
    container.removeEventListener('keydown', onKeyDown);
    container.removeEventListener('keyup', stop);
    container.removeEventListener('keypress', stop);
  };
}
