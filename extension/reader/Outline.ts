/**
 * The outline's list (extension/content/outline.ts): one button a section, indented by its heading's level, the
 * section being read marked (`aria-current`). Plain DOM (dom.ts), styled by tools.css.
 */
import { h } from './dom.ts';

export interface Section {
  text: string;
  /** 2 to 4: the heading's level. */
  level: number;
}

export function outlineView(
  sections: readonly Section[],
  go: (index: number) => void,
): { element: HTMLElement; mark(index: number): void } {
  const buttons = sections.map((section, index) =>
    h(
      'button',
      { type: 'button', class: `l-outline-item l-outline-${section.level}`, onclick: () => go(index) },
      section.text || `Section ${index + 1}`,
    ),
  );
  const element = h(
    'nav',
    { class: 'l-outline', 'aria-label': 'Outline' },
    h('p', { class: 'l-outline-title' }, 'Outline'),
    sections.length === 0
      ? h('p', { class: 'l-outline-none' }, 'This article has no sections.')
      : h('ol', {}, ...buttons.map((button) => h('li', {}, button))),
  );
  let marked = -1;
  return {
    element,
    mark(index) {
      if (index === marked) return;
      buttons[marked]?.removeAttribute('aria-current');
      marked = index;
      buttons[index]?.setAttribute('aria-current', 'true');
    },
  };
}
