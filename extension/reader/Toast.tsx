/** A short status line ("Copied 1,234 words") announced politely to screen readers and then hidden. */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';

export type ToastKind = 'ok' | 'error';

interface ToastMessage {
  id: number;
  text: string;
  kind: ToastKind;
}

// Long enough to read a short sentence; errors stay longer because they may need acting on.
const SHOW_MS: Record<ToastKind, number> = { ok: 2500, error: 6000 };

export function useToast(): [ToastMessage | null, (text: string, kind: ToastKind) => void] {
  const [message, setMessage] = useState<ToastMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const nextId = useRef(0);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback((text: string, kind: ToastKind) => {
    clearTimeout(timer.current);
    nextId.current += 1;
    setMessage({ id: nextId.current, text, kind });
    timer.current = setTimeout(() => setMessage(null), SHOW_MS[kind]);
  }, []);
  return [message, show];
}

/**
 * The live region is always in the tree and only its child comes and goes: screen readers ignore changes in a
 * region that appeared at the same moment. A new key per message makes a repeated message be read again.
 */
export function Toast({ message }: { message: ToastMessage | null }) {
  return (
    <div class="lectern-toast-region" role="status" aria-live="polite" aria-atomic="true">
      {message && (
        <p key={message.id} class={`lectern-toast lectern-toast-${message.kind}`}>
          {message.text}
        </p>
      )}
    </div>
  );
}
