/**
 * What the overlay shows when the shortcut or the toolbar button finds no article: silence would look like a
 * broken button. A small card over the dimmed page, in the reader's own type and theme.
 */
import { NOT_FOUND } from '../shared/not-found.ts';
import type { Theme } from './settings.ts';
import { useTheme } from './theme.ts';

export interface NoticeProps {
  /** Offer "Show anyway" (false once a forced extraction also came back empty). */
  canForce: boolean;
  theme: Theme;
  showAnyway(): void;
  close(): void;
}

export function Notice({ canForce, theme, showAnyway, close }: NoticeProps) {
  const said = canForce ? NOT_FOUND.article : NOT_FOUND.anything;
  return (
    // The dimmed page around the card closes it on a click, as the pointer's way out; Esc is the keyboard's
    // (keyboard.ts), so the backdrop itself needs no key handler or role.
    // biome-ignore lint/a11y/noStaticElementInteractions: see above
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above
    <div
      class="lectern-root lectern-notice"
      data-theme={useTheme(theme)}
      lang="en"
      dir="ltr"
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
    >
      <div class="lectern-notice-card">
        <h2 id="lectern-notice-title">{said.title}</h2>
        <p id="lectern-notice-text">{said.text}</p>
        <div class="lectern-notice-buttons">
          <button type="button" class="lectern-button" onClick={close}>
            Close
          </button>
          {canForce && (
            <button type="button" class="lectern-button lectern-primary" onClick={showAnyway}>
              Show anyway
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
