/**
 * The More menu's list (its button is the toolbar's, Toolbar.tsx): the other copies, the files, and the reader's
 * tools; part of the panels, loaded when the menu first opens.
 */
import { COPY, type CopyFormat, SAVE, SAVE_FORMATS, type SaveFormat } from '../shared/formats.ts';
import { t } from '../shared/i18n.ts';
import { TOOL_NAMES, TOOLS, type ToolName } from './tools.ts';

export interface ExportListProps {
  onCopy(format: CopyFormat): void;
  /** Absent where nothing can save files. */
  onSave?: (format: SaveFormat) => void;
  /** The reader's tools (TOOLS); absent where the host has none. */
  onTool?: (tool: ToolName) => void;
  busy: boolean;
  /** Folds the menu away, gives the focus back to its button, then runs `action`. */
  choose(action: () => void): void;
  /** Esc on an item folds the menu away. */
  onKeyDown(event: KeyboardEvent): void;
}

export function ExportList({ onCopy, onSave, onTool, busy, choose, onKeyDown }: ExportListProps) {
  return (
    <ul id="l-export" class="l-menu-list" aria-label={t('moreOptions')}>
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
      {onTool &&
        TOOL_NAMES.map((tool) => (
          <li key={tool}>
            <button
              type="button"
              class="l-menu-item"
              title={TOOLS[tool].title}
              onKeyDown={onKeyDown}
              onClick={() => choose(() => onTool(tool))}
            >
              {TOOLS[tool].label}
            </button>
          </li>
        ))}
    </ul>
  );
}
