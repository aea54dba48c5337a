/**
 * What the overlay shows when the shortcut or the toolbar button finds no article: silence would look like a
 * broken button. A small card over the dimmed page, in the reader's own type and theme.
 */
import type { RefObject } from 'preact';
import { messagesLocale, t, uiDirection } from '../shared/i18n.ts';
import { NOT_FOUND } from '../shared/not-found.ts';
import type { Theme } from './settings.ts';
import { resolveTheme, useSystemDark } from './theme.ts';

export interface NoticeProps {
  /** Offer "Show anyway" (false once a forced extraction also came back empty). */
  canForce: boolean;
  theme: Theme;
  showAnyway(): void;
  close(): void;
}

interface NoticeRefs {
  card: RefObject<HTMLDivElement | null>;
  /** The way on (Show anyway, else Close): it has the focus when the notice shows. */
  way: RefObject<HTMLButtonElement | null>;
}

export function Notice({ canForce, theme, showAnyway, close, card, way }: NoticeProps & NoticeRefs) {
  const said = canForce ? NOT_FOUND.article : NOT_FOUND.anything;
  const dark = useSystemDark();
  return (
    // The dimmed page around the card closes it on a click, as the pointer's way out; Esc is the keyboard's
    // (keyboard.ts), so the backdrop itself needs no key handler or role.
    // biome-ignore lint/a11y/noStaticElementInteractions: the pointer's way out; Esc is the keyboard's.
    // biome-ignore lint/a11y/useKeyWithClickEvents: Esc closes it (keyboard.ts), from anywhere in the notice.
    <div
      class="l-root l-notice"
      data-theme={resolveTheme(theme, dark)}
      lang={messagesLocale()}
      dir={uiDirection()}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
    >
      <div class="l-notice-card" ref={card}>
        <h2 id="l-notice-title">{said.title}</h2>
        <p id="l-notice-text">{said.text}</p>
        <div class="l-notice-buttons">
          <button type="button" class="l-button" ref={canForce ? undefined : way} onClick={close}>
            {t('close')}
          </button>
          {canForce && (
            <button type="button" class="l-button l-primary" ref={way} onClick={showAnyway}>
              {t('showAnyway')}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
