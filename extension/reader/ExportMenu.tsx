/**
 * More ways out of the reader than the two copy buttons: rich text for documents, and files. A disclosure
 * (a button that shows a list of buttons), so Tab and Enter work as everywhere else; Esc folds it away. The
 * button is the reader's own; the list comes with the panels (ExportList, panels.tsx), loaded when it first
 * opens.
 */
import { useRef, useState } from 'preact/hooks';
import type { Panels } from './panels.tsx';
import type { CopyFormat, SaveFormat } from './types.ts';

interface ExportMenuProps {
  onCopy(format: CopyFormat): void;
  /** Absent where nothing can save files. */
  onSave?: (format: SaveFormat) => void;
  busy: boolean;
  /** The panels once loaded, and how to ask for them. */
  panels: Panels | null;
  requestPanels(): Promise<unknown>;
}

export function ExportMenu({ onCopy, onSave, busy, panels, requestPanels }: ExportMenuProps) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const choose = (action: () => void) => {
    setOpen(false);
    toggle.current?.focus();
    action();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    setOpen(false);
    toggle.current?.focus();
  };
  return (
    <div class="lectern-menu">
      <button
        type="button"
        class="lectern-button"
        ref={toggle}
        onKeyDown={onKeyDown}
        aria-label="More export options"
        aria-expanded={open}
        aria-controls="lectern-export"
        title="Copy as rich text, or save as a file"
        onClick={() => {
          requestPanels().catch(() => setOpen(false));
          setOpen(!open);
        }}
      >
        <span class="lectern-label">More</span>
        <span class="lectern-caret" aria-hidden="true">
          ▾
        </span>
      </button>
      {open && panels && (
        <panels.ExportList
          onCopy={onCopy}
          {...(onSave ? { onSave } : {})}
          busy={busy}
          choose={choose}
          onKeyDown={onKeyDown}
        />
      )}
    </div>
  );
}
