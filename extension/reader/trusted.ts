/**
 * The page is hostile (docs/security.md): a script there can build a click or a key press and dispatch it at any
 * element it holds. Only events the browser made from a person's input (`isTrusted`) may act in our UI.
 */

/**
 * The events the reader listens for (clicks, keys, the settings' inputs), and `click`, the one synthetic event
 * the browser still gives a default action (a link followed, a checkbox ticked). Other synthetic events do
 * nothing by themselves (DOM Standard: only trusted events have default actions), so no listener of ours may
 * hear them.
 */
const ACTION_EVENTS = ['click', 'auxclick', 'keydown', 'keyup', 'keypress', 'input', 'change'] as const;

function stopUntrusted(event: Event): void {
  if (event.isTrusted) return;
  event.stopImmediatePropagation();
  // A synthetic click on a link or a checkbox still has a default action: take that away too.
  event.preventDefault();
}

/**
 * Stops synthetic events at `root` (our shadow root, or the outermost element we own), in the capture phase, so
 * they reach none of the listeners inside. Returns the function that removes the guard.
 */
export function ignoreUntrustedEvents(root: EventTarget): () => void {
  for (const type of ACTION_EVENTS) root.addEventListener(type, stopUntrusted, true);
  return () => {
    for (const type of ACTION_EVENTS) root.removeEventListener(type, stopUntrusted, true);
  };
}
