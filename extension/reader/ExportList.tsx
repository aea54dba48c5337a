/** The export menu's list (its button is the toolbar's, Toolbar.ts): part of the panels, loaded when the menu first opens. */
import { COPY, SAVE, SAVE_FORMATS } from '../shared/formats.ts';
import type { CopyFormat, SaveFormat } from './types.ts';

export interface ExportListProps {
  onCopy(format: CopyFormat): void;
  /** Absent where nothing can save files. */
  onSave?: (format: SaveFormat) => void;
  /** The Edit mode, or why the text is what it is; absent where nothing can keep a fix. */
  onEdit?: (mode: 'edit' | 'why') => void;
  busy: boolean;
  /** Folds the menu away, gives the focus back to its button, then runs `action`. */
  choose(action: () => void): void;
  /** Esc on an item folds the menu away. */
  onKeyDown(event: KeyboardEvent): void;
}

export function ExportList({ onCopy, onSave, onEdit, busy, choose, onKeyDown }: ExportListProps) {
  return (
    <ul id="l-export" class="l-menu-list" aria-label="More options">
      <li>
        <button
          type="button"
          class="l-menu-item"
          title={COPY.html.tooltip}
          onKeyDown={onKeyDown}
          aria-busy={busy}
          onClick={() => choose(() => onCopy('html'))}
        >
          {COPY.html.button}
        </button>
      </li>
      {onSave &&
        SAVE_FORMATS.map((format) => (
          <li key={format}>
            <button
              type="button"
              class="l-menu-item"
              onKeyDown={onKeyDown}
              onClick={() => choose(() => onSave(format))}
            >
              {SAVE[format].label}
            </button>
          </li>
        ))}
      {onEdit && (
        <li>
          <button
            type="button"
            class="l-menu-item"
            title="Remove blocks that are not the article; Lectern remembers it for this site"
            onKeyDown={onKeyDown}
            onClick={() => choose(() => onEdit('edit'))}
          >
            Fix the text…
          </button>
        </li>
      )}
      {onEdit && (
        <li>
          <button
            type="button"
            class="l-menu-item"
            title="Show on the page how Lectern scored each block and which it took"
            onKeyDown={onKeyDown}
            onClick={() => choose(() => onEdit('why'))}
          >
            Why this text?
          </button>
        </li>
      )}
    </ul>
  );
}
