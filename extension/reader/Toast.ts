/** A short status line ("Copied 1,234 words") announced politely to screen readers and then hidden. */
import { h } from './dom.ts';

export type ToastKind = 'ok' | 'error';

// Long enough to read a short sentence; errors stay longer because they may need acting on.
const SHOW_MS: Record<ToastKind, number> = { ok: 2500, error: 6000 };

export interface Toast {
  /** The live region, in the reader from its first paint. */
  element: HTMLElement;
  show(text: string, kind: ToastKind): void;
  /** Clears the timer that hides the message. */
  stop(): void;
}

/**
 * The live region is always in the tree and only its child comes and goes: screen readers ignore changes in a
 * region that appeared at the same moment. Each message is a new element, so a repeated message is read again.
 */
export function createToast(): Toast {
  const element = h('div', {
    class: 'l-toast-region',
    role: 'status',
    'aria-live': 'polite',
    'aria-atomic': 'true',
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    element,
    show(text, kind) {
      clearTimeout(timer);
      element.replaceChildren(h('p', { class: `l-toast l-toast-${kind}` }, text));
      timer = setTimeout(() => element.replaceChildren(), SHOW_MS[kind]);
    },
    stop: () => clearTimeout(timer),
  };
}
