/** The reader's keys, shown with `?`: a short list a person can read once and close with Esc or `?`. */

import { type MessageName, t } from '../shared/i18n.ts';
import { SPEECH_KEYS } from './speech-keys.ts';

/** Each key as its language names it (Space is "Leertaste"), and what it does. */
const KEYS: ReadonlyArray<readonly [MessageName, MessageName]> = [
  ['keyEsc', 'helpClose'],
  ['keyPageDown', 'helpScrollDown'],
  ['keyPageUp', 'helpScrollUp'],
  ['keyTextSize', 'helpTextSize'],
  ['keyTab', 'helpTab'],
  ['keyLineFocus', 'helpLineFocus'],
  ['keyHelp', 'helpHelp'],
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
const SPEECH_ROWS = SPEECH_KEYS.map(({ key, help }) => [key, t(help)] as const);

export function HelpPanel({ id, shortcut, speech = false, onClose }: HelpPanelProps) {
  const named = KEYS.map(([keys, help]) => [t(keys), t(help)] as const);
  const reader = speech ? [...named.slice(0, -1), ...SPEECH_ROWS, ...named.slice(-1)] : named;
  const keys: ReadonlyArray<readonly [string, string]> =
    shortcut === undefined
      ? reader
      : [[shortcut === null ? '…' : shortcut || t('shortcutNone'), t('helpShortcut')], ...reader];
  return (
    <section id={id} class="l-help" aria-labelledby={`${id}-title`}>
      <div class="l-help-head">
        <h2 id={`${id}-title`} class="l-help-title">
          {t('helpTitle')}
        </h2>
        <button type="button" class="l-button" onClick={onClose}>
          {t('done')}
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
