/**
 * The More menu's list (its button is the toolbar's, Toolbar.ts): the other copies, the files, and the reader's
 * tools; part of the panels, loaded when the menu first opens.
 */
import { COPY, SAVE, SAVE_FORMATS } from '../shared/formats.ts';
import type { CopyFormat, SaveFormat, ToolName } from './types.ts';

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

/** The reader's tools as the menu offers them, in its order. */
const TOOLS: { readonly [T in ToolName]: { label: string; title: string } } = {
  outline: { label: 'Outline', title: 'Show or hide the article’s sections beside the text' },
  edit: {
    label: 'Fix the text…',
    title:
      'Remove blocks that are not the article, or pick it on the page; Lectern remembers it for this site',
  },
  why: { label: 'Why this text?', title: 'Show on the page how Lectern scored each block and which it took' },
};
const TOOL_NAMES = Object.keys(TOOLS) as ToolName[];

export function ExportList({ onCopy, onSave, onTool, busy, choose, onKeyDown }: ExportListProps) {
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
