/**
 * The bars of the editor (extension/content/editor.ts), in the reader above the article: the Edit mode's, and
 * the one that says a site’s fix is in use, and the picker’s surface. Plain DOM (dom.ts), styled by tools.css.
 */
import { h } from './dom.ts';

/** A button's label and what it does. */
export type BarAction = readonly [label: string, run: () => void];

export interface Bar {
  element: HTMLElement;
  /** Says `text` in the bar's live region (empty: says nothing). */
  say(text: string): void;
}

export interface FixBar extends Bar {
  /** Puts these buttons in place of the bar's own. */
  actions(actions: readonly BarAction[]): void;
}

const button = ([label, run]: BarAction, disabled = false) =>
  h('button', { type: 'button', class: 'l-button', disabled, onclick: run }, label);

function status(): { element: HTMLElement; say(text: string): void } {
  const element = h('p', { class: 'l-status', role: 'status' });
  return {
    element,
    say(text) {
      element.textContent = text;
    },
  };
}

/** The bar of a site's fix: what is shown, and what can be done about it. */
export function fixBar(
  text: string,
  actions: readonly BarAction[],
  label = 'Your fix for this site',
): FixBar {
  const live = status();
  const buttons = h('span', { class: 'l-actions' }, ...actions.map((action) => button(action)));
  const element = h(
    'div',
    { class: 'l-fixbar', role: 'region', 'aria-label': label },
    h('p', {}, text),
    buttons,
    live.element,
  );
  return {
    element,
    say: live.say,
    actions(next) {
      buttons.replaceChildren(...next.map((action) => button(action)));
    },
  };
}

export interface EditBarProps {
  site: string;
  onPick(): void;
  canUndo: boolean;
  /** A block was removed: blocks like it can be removed too. */
  canLike: boolean;
  onUndo(): void;
  onLike(): void;
  onDone(): void;
  onCancel(): void;
}

export interface EditBar extends Bar {
  focus(): void;
}

/** The Edit mode's bar: how it works, Undo, "Remove blocks like this", Done and Cancel. */
export function editBar(props: EditBarProps): EditBar {
  const live = status();
  const done = button(['Done', props.onDone]);
  const element = h(
    'div',
    { class: 'l-fixbar l-fixbar-editing', role: 'region', 'aria-label': 'Fix the text' },
    h(
      'p',
      {},
      `Click a block (or focus it and press Enter) to remove it. Lectern will leave it out on ${props.site}’s pages too.`,
    ),
    h(
      'span',
      { class: 'l-actions' },
      button(['Undo', props.onUndo], !props.canUndo),
      button(['Remove blocks like this', props.onLike], !props.canLike),
      button(['Pick the article on the page', props.onPick]),
      done,
      button(['Cancel', props.onCancel]),
    ),
    live.element,
  );
  return { element, say: live.say, focus: () => done.focus({ preventScroll: true }) };
}

export interface PickerSurface {
  element: HTMLElement;
  /** Where a click takes the box under the pointer. */
  area: HTMLElement;
  take: HTMLButtonElement;
  /** Adds the box after the article instead (text the article left out). */
  add: HTMLButtonElement;
  cancel: HTMLButtonElement;
  /** Outlines `rect` (viewport coordinates) and says what it holds; null takes the outline away. */
  outline(rect: DOMRect | null, label: string): void;
  focus(): void;
}

/**
 * The picker's surface (extension/content/picker.ts): a transparent layer over the page, the outline of the box
 * pointed at, and a bar saying how to pick. Positions go through the CSSOM, which a page's CSP doesn't govern.
 */
export function pickerSurface(): PickerSurface {
  const box = h('div', { class: 'l-pick-box', 'aria-hidden': 'true' });
  const area = h('div', { class: 'l-pick-area' }, box);
  const status = h('p', { class: 'l-status', role: 'status' });
  const take = h('button', { type: 'button', class: 'l-button' }, 'Take this box');
  const add = h('button', { type: 'button', class: 'l-button' }, 'Add it after the article');
  const cancel = h('button', { type: 'button', class: 'l-button' }, 'Cancel');
  const element = h(
    'div',
    { class: 'l-picker', tabindex: -1, role: 'region', 'aria-label': 'Pick the article on the page' },
    area,
    h(
      'div',
      { class: 'l-fixbar l-pickbar' },
      h(
        'p',
        {},
        'Point at the article and click it. The wheel or ↑ ↓ take the box around it or inside it, ← → the boxes beside it, Enter takes it, A adds it after the article, Esc cancels.',
      ),
      h('span', { class: 'l-actions' }, take, add, cancel),
      status,
    ),
  );
  return {
    element,
    area,
    take,
    add,
    cancel,
    outline(rect, label) {
      box.hidden = rect === null;
      status.textContent = rect === null ? '' : `Outlined: ${label}`;
      if (rect === null) return;
      for (const [name, value] of [
        ['top', rect.top],
        ['left', rect.left],
        ['width', rect.width],
        ['height', rect.height],
      ] as const)
        box.style.setProperty(name, `${Math.round(value)}px`);
      box.setAttribute('data-label', label);
    },
    focus: () => element.focus({ preventScroll: true }),
  };
}
