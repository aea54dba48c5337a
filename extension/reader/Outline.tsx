/**
 * The outline's list (extension/content/outline.ts): one button a section, indented by its heading's level, the
 * section being read marked (`aria-current`). Styled by tools.css.
 */

import { t } from '../shared/i18n.ts';
import { viewOf } from './view.ts';

export interface Section {
  text: string;
  /** 2 to 4: the heading's level. */
  level: number;
}

interface OutlineProps {
  sections: readonly Section[];
  go(index: number): void;
  /** The section being read (-1: none). */
  marked: number;
}

function OutlineView({ sections, go, marked }: OutlineProps) {
  return (
    <nav class="l-outline" aria-label={t('outline')}>
      <p class="l-outline-title">{t('outline')}</p>
      {sections.length === 0 ? (
        <p class="l-outline-none">{t('outlineNone')}</p>
      ) : (
        <ol>
          {sections.map((section, index) => (
            <li key={index}>
              <button
                type="button"
                class={`l-outline-item l-outline-${section.level}`}
                aria-current={index === marked ? 'true' : undefined}
                onClick={() => go(index)}
              >
                {section.text || t('outlineSection', index + 1)}
              </button>
            </li>
          ))}
        </ol>
      )}
    </nav>
  );
}

export function outlineView(
  sections: readonly Section[],
  go: (index: number) => void,
): { element: HTMLElement; mark(index: number): void } {
  let marked = -1;
  const view = viewOf(<OutlineView sections={sections} go={go} marked={marked} />);
  return {
    element: view.element,
    mark(index) {
      if (index === marked) return;
      marked = index;
      view.update(<OutlineView sections={sections} go={go} marked={marked} />);
    },
  };
}
