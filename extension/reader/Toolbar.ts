/** The slim bar above the article: reading settings, the copy buttons, the export menu and Close; progress in it. */
import { COPY } from '../shared/formats.ts';
import { h, svg } from './dom.ts';
import type { CopyFormat } from './types.ts';

interface ToolbarProps {
  /** The reading progress (time left and the bar). */
  progress: Node[];
  settingsId: string;
  onToggleSettings(): void;
  onCopy(format: CopyFormat): void;
  onToggleMenu(): void;
  /** Esc on the export menu's button (and its items) folds the menu away. */
  onMenuKeyDown(event: KeyboardEvent): void;
  onClose(): void;
}

/** The toolbar, and the parts of it the reader changes or fills later. */
export interface ToolbarParts {
  element: HTMLElement;
  /** Where read aloud goes (when the browser can speak): the reader's own button, then the panels' controls. */
  speech: HTMLElement;
  settings: HTMLButtonElement;
  /** The copy buttons: busy while a copy runs. */
  copies: HTMLButtonElement[];
  /**
   * More ways out than the two copy buttons: rich text for documents, and files. A disclosure (a button that
   * shows a list of buttons), so Tab and Enter work as everywhere else; the list comes with the panels
   * (ExportList, panels.tsx), loaded when it first opens, into `menuList`.
   */
  menu: HTMLButtonElement;
  menuList: HTMLElement;
}

const label = (text: string) => h('span', { class: 'l-label' }, text);

/** A place for what the panels render (panels.tsx): no box of its own, so its children lay out in its stead. */
export const slot = () => h('div', { class: 'l-mount' });

export function createToolbar(props: ToolbarProps): ToolbarParts {
  const speech = slot();
  const settings = h(
    'button',
    {
      type: 'button',
      class: 'l-button',
      'aria-expanded': 'false',
      'aria-controls': props.settingsId,
      title: 'Theme, typeface, text size, width and spacing',
      onclick: props.onToggleSettings,
    },
    h('span', { class: 'l-aa', 'aria-hidden': 'true' }, 'Aa'),
    label('Reading settings'),
  );
  const copy = (format: 'text' | 'markdown', icon: SVGElement) =>
    h(
      'button',
      {
        type: 'button',
        class: 'l-button',
        title: COPY[format].tooltip,
        'aria-busy': 'false',
        onclick: () => props.onCopy(format),
      },
      icon,
      label(COPY[format].button),
    );
  const copies = [copy('text', copyIcon()), copy('markdown', markdownIcon())];
  const menu = h(
    'button',
    {
      type: 'button',
      class: 'l-button',
      onkeydown: props.onMenuKeyDown,
      'aria-label': 'More options',
      'aria-expanded': 'false',
      'aria-controls': 'l-export',
      title: 'Copy as rich text, save as a file, or fix the text',
      onclick: props.onToggleMenu,
    },
    label('More'),
    h('span', { class: 'l-caret', 'aria-hidden': 'true' }, '▾'),
  );
  const menuList = slot();
  const element = h(
    'div',
    // A click on the bar's buttons leaves the focus where it was (the text, mostly): Space then scrolls the
    // article instead of pressing the button again, and the scroller doesn't jump to bring a focused button of
    // the sticky bar "into view" (Chromium scrolls by the bar's place in the flow). Tab still reaches them.
    { class: 'l-toolbar', onmousedown: keepFocus },
    h(
      'div',
      { class: 'l-toolbar-inner' },
      h('span', { class: 'l-brand', 'aria-hidden': 'true' }, 'Lectern'),
      ...props.progress,
      h(
        'div',
        { class: 'l-actions' },
        speech,
        settings,
        ...copies,
        h('div', { class: 'l-menu' }, menu, menuList),
        h(
          'button',
          {
            type: 'button',
            class: 'l-button l-close',
            'aria-label': 'Close reader view',
            title: 'Close reader view (Esc)',
            onclick: props.onClose,
          },
          closeIcon(),
        ),
      ),
    ),
  );
  return { element, speech, settings, copies, menu, menuList };
}

function keepFocus(event: MouseEvent): void {
  if (event.target instanceof Element && event.target.closest('button')) event.preventDefault();
}

// Icons are inline SVG drawn with `currentColor` (reader.css .l-icon), which follows forced colours; their
// shapes are presentation attributes, not style attributes, which a page's CSP could block.
const icon = (...shapes: SVGElement[]) =>
  svg('svg', { class: 'l-icon', viewBox: '0 0 16 16', 'aria-hidden': 'true', focusable: 'false' }, ...shapes);

const copyIcon = () =>
  icon(
    svg('rect', { x: '5.5', y: '5.5', width: '8', height: '9', rx: '1.5' }),
    svg('path', { d: 'M3.5 10.5h-.5a1 1 0 0 1-1-1V3a1.5 1.5 0 0 1 1.5-1.5H9a1 1 0 0 1 1 1v.5' }),
  );

const markdownIcon = () =>
  icon(
    svg('rect', { x: '1.5', y: '3.5', width: '13', height: '9', rx: '1.5' }),
    svg('path', {
      d: 'M4 10.5v-5l2 2.5 2-2.5v5M11.5 5.5v4.5m-1.75-1.75L11.5 10l1.75-1.75',
      'stroke-linejoin': 'round',
      'stroke-linecap': 'round',
    }),
  );

const closeIcon = () =>
  icon(svg('path', { d: 'M4 4l8 8M12 4l-8 8', 'stroke-width': '1.6', 'stroke-linecap': 'round' }));

/** The reader's own Read aloud button, shown until the panels are loaded (panels.tsx): it asks for them. */
export function readAloudStart(onStart: () => void): HTMLButtonElement {
  return h(
    'button',
    { type: 'button', class: 'l-button', onclick: onStart },
    h('span', { class: 'l-icon-text', 'aria-hidden': 'true' }, '▶'),
    label('Read aloud'),
  );
}
