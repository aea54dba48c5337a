/** The reader's keys, shown with `?`: a short list a person can read once and close with Esc or `?`. */
import { SPEECH_KEYS } from './speech-keys.ts';

const KEYS: ReadonlyArray<readonly [string, string]> = [
  ['Esc', 'Close reader view (or this panel, or a menu)'],
  ['Space, Page Down', 'Scroll down a screen'],
  ['Shift+Space, Page Up', 'Scroll up a screen'],
  ['Ctrl +, Ctrl −', 'Larger or smaller text (⌘ on a Mac)'],
  ['Tab, Shift+Tab', 'Move between the buttons and links'],
  ['↑, ↓', 'With line focus on (Aa): move the clear lines'],
  ['?', 'Show or hide these keys'],
];

export interface HelpPanelProps {
  id: string;
  /**
   * The keys that open and close the reader as the browser has them set ('' for none), null while asked for,
   * undefined where no shortcut opens it.
   */
  shortcut?: string | null;
  /** The browser has voices: read aloud's keys are listed too. */
  speech?: boolean;
  onClose(): void;
}

/** Read aloud's keys, which act with the focus in the article (where it stays after a click on the bar). */
const SPEECH_ROWS: ReadonlyArray<readonly [string, string]> = SPEECH_KEYS.map(({ key, help }) => [key, help]);

export function HelpPanel({ id, shortcut, speech = false, onClose }: HelpPanelProps) {
  const reader = speech ? [...KEYS.slice(0, -1), ...SPEECH_ROWS, ...KEYS.slice(-1)] : KEYS;
  const keys: ReadonlyArray<readonly [string, string]> =
    shortcut === undefined
      ? reader
      : [
          [
            shortcut === null ? '…' : shortcut || 'None set',
            'Open or close reader view, on any page (change it in the browser’s extension shortcuts)',
          ],
          ...reader,
        ];
  return (
    <section id={id} class="l-help" aria-labelledby={`${id}-title`}>
      <div class="l-help-head">
        <h2 id={`${id}-title`} class="l-help-title">
          Keyboard shortcuts
        </h2>
        <button type="button" class="l-button" onClick={onClose}>
          Done
        </button>
      </div>
      <dl class="l-keys">
        {keys.map(([keys, action]) => (
          <div key={keys} class="l-key-row">
            <dt>
              <kbd>{keys}</kbd>
            </dt>
            <dd>{action}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
