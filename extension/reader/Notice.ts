/**
 * What the overlay shows when the shortcut or the toolbar button finds no article: silence would look like a
 * broken button. A small card over the dimmed page, in the reader's own type and theme.
 */
import { NOT_FOUND } from '../shared/not-found.ts';
import { h, setAttribute } from './dom.ts';
import type { Theme } from './settings.ts';
import { followSystemTheme } from './theme.ts';

export interface NoticeProps {
  /** Offer "Show anyway" (false once a forced extraction also came back empty). */
  canForce: boolean;
  theme: Theme;
  showAnyway(): void;
  close(): void;
}

/**
 * The notice's element, its card, its way on (Show anyway, else Close), and the function that stops it
 * following the system's theme.
 */
export function createNotice({ canForce, theme, showAnyway, close }: NoticeProps): {
  element: HTMLElement;
  card: HTMLElement;
  way: HTMLElement;
  stop(): void;
} {
  const said = canForce ? NOT_FOUND.article : NOT_FOUND.anything;
  const system = followSystemTheme(() => setAttribute(element, 'data-theme', system.resolve(theme)));
  const closeButton = h('button', { type: 'button', class: 'l-button', onclick: close }, 'Close');
  const anyway =
    canForce &&
    h('button', { type: 'button', class: 'l-button l-primary', onclick: showAnyway }, 'Show anyway');
  const card = h(
    'div',
    { class: 'l-notice-card' },
    h('h2', { id: 'l-notice-title' }, said.title),
    h('p', { id: 'l-notice-text' }, said.text),
    h('div', { class: 'l-notice-buttons' }, closeButton, anyway),
  );
  // The dimmed page around the card closes it on a click, as the pointer's way out; Esc is the keyboard's
  // (keyboard.ts), so the backdrop itself needs no key handler or role.
  const element = h(
    'div',
    {
      class: 'l-root l-notice',
      'data-theme': system.resolve(theme),
      lang: 'en',
      dir: 'ltr',
      onclick: (event: MouseEvent) => {
        if (event.target === event.currentTarget) close();
      },
    },
    card,
  );
  return { element, card, way: anyway || closeButton, stop: system.stop };
}
