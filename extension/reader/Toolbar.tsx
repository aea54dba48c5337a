/** The slim bar above the article: reading settings, the copy buttons and Close; progress under it. */
import type { ComponentChildren } from 'preact';
import { COPY } from '../shared/formats.ts';
import { ExportMenu } from './ExportMenu.tsx';
import type { Panels } from './panels.tsx';
import type { CopyFormat, SaveFormat } from './types.ts';

interface ToolbarProps {
  onCopy(format: CopyFormat): void;
  onSave?: (format: SaveFormat) => void;
  onClose(): void;
  busy: boolean;
  settingsId: string;
  settingsOpen: boolean;
  onToggleSettings(): void;
  /** The reading progress (time left and the bar). */
  children?: ComponentChildren;
  /** Read-aloud buttons, when the browser can speak. */
  speech?: ComponentChildren;
  /** The panels once loaded (the export menu's list is one), and how to ask for them. */
  panels: Panels | null;
  requestPanels(): Promise<unknown>;
}

export function Toolbar({
  onCopy,
  onSave,
  onClose,
  busy,
  settingsId,
  settingsOpen,
  onToggleSettings,
  children,
  speech,
  panels,
  requestPanels,
}: ToolbarProps) {
  return (
    <div class="lectern-toolbar">
      <div class="lectern-toolbar-inner">
        <span class="lectern-brand" aria-hidden="true">
          Lectern
        </span>
        {children}
        <div class="lectern-actions">
          {speech}
          <button
            type="button"
            class="lectern-button"
            aria-expanded={settingsOpen}
            aria-controls={settingsId}
            title="Theme, typeface, text size, width and spacing"
            onClick={onToggleSettings}
          >
            <span class="lectern-aa" aria-hidden="true">
              Aa
            </span>
            <span class="lectern-label">Reading settings</span>
          </button>
          <button
            type="button"
            class="lectern-button"
            title={COPY.text.tooltip}
            aria-busy={busy}
            onClick={() => onCopy('text')}
          >
            <CopyIcon />
            <span class="lectern-label">{COPY.text.button}</span>
          </button>
          <button
            type="button"
            class="lectern-button"
            title={COPY.markdown.tooltip}
            aria-busy={busy}
            onClick={() => onCopy('markdown')}
          >
            <MarkdownIcon />
            <span class="lectern-label">{COPY.markdown.button}</span>
          </button>
          <ExportMenu
            onCopy={onCopy}
            {...(onSave ? { onSave } : {})}
            busy={busy}
            panels={panels}
            requestPanels={requestPanels}
          />
          <button
            type="button"
            class="lectern-button lectern-close"
            aria-label="Close reader view"
            title="Close reader view (Esc)"
            onClick={onClose}
          >
            <CloseIcon />
          </button>
        </div>
      </div>
    </div>
  );
}

// Icons are inline SVG drawn with `currentColor` (reader.css .lectern-icon), which follows forced colours; their
// shapes are presentation attributes, not style attributes, which a page's CSP could block.
function CopyIcon() {
  return (
    <svg class="lectern-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <rect x="5.5" y="5.5" width="8" height="9" rx="1.5" />
      <path d="M3.5 10.5h-.5a1 1 0 0 1-1-1V3a1.5 1.5 0 0 1 1.5-1.5H9a1 1 0 0 1 1 1v.5" />
    </svg>
  );
}

function MarkdownIcon() {
  return (
    <svg class="lectern-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <rect x="1.5" y="3.5" width="13" height="9" rx="1.5" />
      <path
        d="M4 10.5v-5l2 2.5 2-2.5v5M11.5 5.5v4.5m-1.75-1.75L11.5 10l1.75-1.75"
        stroke-linejoin="round"
        stroke-linecap="round"
      />
    </svg>
  );
}

function CloseIcon() {
  return (
    <svg class="lectern-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M4 4l8 8M12 4l-8 8" stroke-width="1.6" stroke-linecap="round" />
    </svg>
  );
}

/** The reader's own Read aloud button, shown until the panels are loaded (panels.tsx): it asks for them. */
export function ReadAloudStart({ onStart }: { onStart(): void }) {
  return (
    <button type="button" class="lectern-button" onClick={onStart}>
      <span class="lectern-icon-text" aria-hidden="true">
        ▶
      </span>
      <span class="lectern-label">Read aloud</span>
    </button>
  );
}
