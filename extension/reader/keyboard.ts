/**
 * Keyboard behaviour of the overlay: Esc closes, and no key event reaches the page, so site shortcuts (j/k,
 * "/" to search, ...) don't fire while reading. Tab needs nothing of ours: the overlay is a modal dialog from
 * the frame after it first shows (extension/content/overlay.ts), so the page under it is inert and the browser
 * keeps the focus in the dialog (or its own toolbar, as for any modal dialog).
 */

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
