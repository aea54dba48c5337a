/** A short status line ("Copied 1,234 words") announced politely to screen readers and then hidden. */
import { useEffect } from 'preact/hooks';
import type { ReaderState, ToastKind } from './state.ts';
import { type Store, useStore } from './store.ts';

// Long enough to read a short sentence; errors stay longer because they may need acting on.
const SHOW_MS: Record<ToastKind, number> = { ok: 2500, error: 6000 };

/**
 * The live region is always in the tree and only its child comes and goes: screen readers ignore changes in a
 * region that appeared at the same moment. Each message is a new element, so a repeated message is read again.
 */
export function Toast({ store }: { store: Store<ReaderState> }) {
  const toast = useStore(store, (state) => state.toast);
  useEffect(() => {
    if (toast === null) return;
    const timer = setTimeout(() => {
      if (store.get().toast === toast) store.set({ toast: null });
    }, SHOW_MS[toast.kind]);
    return () => clearTimeout(timer);
  }, [store, toast]);
  return (
    <div class="l-toast-region" role="status" aria-live="polite" aria-atomic="true">
      {toast && (
        <p key={toast.id} class={`l-toast l-toast-${toast.kind}`}>
          {toast.text}
        </p>
      )}
    </div>
  );
}
