/**
 * The small card shown in the overlay when the shortcut or the toolbar button finds no article: silence would
 * look like a broken button. Plain DOM (no Preact) because it is three elements; it lives in our shadow root.
 */
import type { View } from './overlay.ts';

export interface NoticeOptions {
  /** Offer "Show anyway" (false once a forced extraction also came back empty). */
  canForce: boolean;
  showAnyway(): void;
  close(): void;
}

const CSS = `
/* On .backdrop, not :host: the host's inline \`all: initial !important\` outranks :host rules. */
.backdrop { color-scheme: light dark; font: 15px/1.45 system-ui, -apple-system, 'Segoe UI', sans-serif;
  position: fixed; inset: 0; background: rgb(0 0 0 / 0.25); display: flex; align-items: flex-start;
  justify-content: center; padding-top: 12vh; }
.card { background: Canvas; color: CanvasText; border-radius: 10px; padding: 20px 22px; width: min(360px, 90vw);
  box-shadow: 0 10px 40px rgb(0 0 0 / 0.3); }
h2 { font-size: 17px; margin: 0 0 6px; }
p { margin: 0 0 16px; opacity: 0.8; }
.buttons { display: flex; gap: 8px; justify-content: flex-end; }
button { font: inherit; padding: 6px 14px; border-radius: 6px; border: 1px solid color-mix(in srgb, CanvasText 30%, transparent);
  background: Canvas; color: CanvasText; cursor: pointer; }
button.primary { background: #2457c5; border-color: #2457c5; color: #fff; }
button:focus-visible { outline: 3px solid #6d9bff; outline-offset: 2px; }
`;

function sheet(): CSSStyleSheet {
  const css = new CSSStyleSheet();
  css.replaceSync(CSS);
  return css;
}

function button(label: string, onClick: () => void, primary = false): HTMLButtonElement {
  const element = html('button');
  element.type = 'button';
  element.textContent = label;
  if (primary) element.className = 'primary';
  element.addEventListener('click', onClick);
  return element;
}

/** An HTML element even in an XML or SVG document, where createElement makes elements with no style or focus. */
function html<K extends keyof HTMLElementTagNameMap>(tag: K): HTMLElementTagNameMap[K] {
  return document.createElementNS('http://www.w3.org/1999/xhtml', tag) as HTMLElementTagNameMap[K];
}

export function mountNotice(root: ShadowRoot, options: NoticeOptions): View {
  root.adoptedStyleSheets = [sheet()];
  const backdrop = html('div');
  backdrop.className = 'backdrop';
  const card = html('div');
  card.className = 'card';
  card.setAttribute('role', 'alertdialog');
  card.setAttribute('aria-modal', 'true');
  card.setAttribute('aria-labelledby', 'lectern-notice-title');
  card.setAttribute('aria-describedby', 'lectern-notice-text');
  const title = html('h2');
  title.id = 'lectern-notice-title';
  title.textContent = options.canForce ? 'No article found on this page' : 'Nothing readable was found';
  const text = html('p');
  text.id = 'lectern-notice-text';
  text.textContent = options.canForce
    ? 'Lectern didn’t find a main article here. You can still show the best guess.'
    : 'Even the best guess found no text to show on this page.';
  const buttons = html('div');
  buttons.className = 'buttons';
  const close = button('Close', options.close);
  const force = options.canForce ? button('Show anyway', options.showAnyway, true) : null;
  buttons.append(close, ...(force ? [force] : []));
  card.append(title, text, buttons);
  backdrop.append(card);
  root.append(backdrop);

  backdrop.addEventListener('click', (event) => {
    if (event.target === backdrop) options.close();
  });
  // Keys stay in the overlay: the page must not act on keys typed into our card.
  const onKeydown = (event: KeyboardEvent): void => {
    event.stopPropagation();
    if (event.key === 'Escape') {
      event.preventDefault();
      options.close();
    }
  };
  backdrop.addEventListener('keydown', onKeydown);

  return {
    unmount() {
      backdrop.removeEventListener('keydown', onKeydown);
      backdrop.remove();
    },
    focus() {
      (force ?? close).focus({ preventScroll: true });
    },
  };
}
