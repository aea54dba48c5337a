/**
 * More ways out of the reader than the two copy buttons: rich text for documents, and files. A disclosure
 * (a button that shows a list of buttons), so Tab and Enter work as everywhere else; Esc folds it away.
 */
import { useRef, useState } from 'preact/hooks';
import type { CopyFormat, SaveFormat } from './types.ts';

interface ExportMenuProps {
  onCopy(format: CopyFormat): void;
  /** Absent where nothing can save files. */
  onSave?: (format: SaveFormat) => void;
  busy: boolean;
}

const SAVES: ReadonlyArray<readonly [SaveFormat, string]> = [
  ['markdown', 'Save as Markdown (.md)'],
  ['text', 'Save as text (.txt)'],
  ['html', 'Save as web page (.html)'],
];

export function ExportMenu({ onCopy, onSave, busy }: ExportMenuProps) {
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
        onClick={() => setOpen(!open)}
      >
        <span class="lectern-label">More</span>
        <span class="lectern-caret" aria-hidden="true">
          ▾
        </span>
      </button>
      {open && (
        <ul id="lectern-export" class="lectern-menu-list" aria-label="Export">
          <li>
            <button
              type="button"
              class="lectern-menu-item"
              onKeyDown={onKeyDown}
              aria-busy={busy}
              onClick={() => choose(() => onCopy('html'))}
            >
              Copy as rich text
            </button>
          </li>
          {onSave &&
            SAVES.map(([format, label]) => (
              <li key={format}>
                <button
                  type="button"
                  class="lectern-menu-item"
                  onKeyDown={onKeyDown}
                  onClick={() => choose(() => onSave(format))}
                >
                  {label}
                </button>
              </li>
            ))}
        </ul>
      )}
    </div>
  );
}
