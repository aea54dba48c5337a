/**
 * What a person asks of read aloud from outside its bar: the keys, pressed with the focus in the article, and
 * the channel that carries each request to the speech engine (ReadAloud.tsx, in the panels), which may not be
 * loaded yet when the first key is pressed. One table of keys: the reader's key handler (controls.ts) and the
 * help panel (HelpPanel.tsx) both read it.
 */
import type { MessageName } from '../shared/i18n.ts';

export type SpeechUnit = 'sentence' | 'paragraph';

export type SpeechCommand =
  /** Read from the block holding `from`; null: the first paragraph at the top of the view. */
  | { kind: 'here'; from: Element | null }
  | { kind: 'toggle' }
  | { kind: 'step'; unit: SpeechUnit; by: 1 | -1 }
  /** Scroll back to the sentence being read and follow it again. */
  | { kind: 'follow' };

type KeyCommand = Exclude<SpeechCommand, { kind: 'here' }> | { kind: 'here' };

/**
 * Single keys, free in the reader (Space and the arrows scroll, Ctrl with + or − sizes the text): the letters
 * name what they do, and , . [ ] are side by side on most keyboards, smaller steps under the larger.
 */
export const SPEECH_KEYS: ReadonlyArray<{ key: string; command: KeyCommand; help: MessageName }> = [
  {
    key: 'R',
    command: { kind: 'here' },
    help: 'speechKeyHere',
  },
  { key: 'P', command: { kind: 'toggle' }, help: 'speechKeyToggle' },
  { key: ',', command: { kind: 'step', unit: 'sentence', by: -1 }, help: 'speechKeyPrevSentence' },
  { key: '.', command: { kind: 'step', unit: 'sentence', by: 1 }, help: 'speechKeyNextSentence' },
  { key: '[', command: { kind: 'step', unit: 'paragraph', by: -1 }, help: 'speechKeyPrevParagraph' },
  { key: ']', command: { kind: 'step', unit: 'paragraph', by: 1 }, help: 'speechKeyNextParagraph' },
  { key: 'F', command: { kind: 'follow' }, help: 'speechKeyFollow' },
];

/** The command a key press asks for, `from` the element focused; null for a key of no command. */
export function speechCommandFor(event: KeyboardEvent, from: Element | null): SpeechCommand | null {
  if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return null;
  const entry = SPEECH_KEYS.find(({ key }) => key.toLowerCase() === event.key.toLowerCase());
  if (!entry) return null;
  return entry.command.kind === 'here' ? { kind: 'here', from } : entry.command;
}

/**
 * Carries commands to the engine: delivered at once while it listens, else the last one is kept for it (the
 * key that starts reading arrives before the panels have loaded).
 */
export interface SpeechRemote {
  send(command: SpeechCommand): void;
  /** `handler` hears every command from now on; returns the one kept for it, if any, and the way to stop. */
  listen(handler: (command: SpeechCommand) => void): { kept: SpeechCommand | null; stop(): void };
}

export function speechRemote(): SpeechRemote {
  let handler: ((command: SpeechCommand) => void) | null = null;
  let kept: SpeechCommand | null = null;
  return {
    send(command) {
      if (handler) handler(command);
      else kept = command;
    },
    listen(next) {
      handler = next;
      const waiting = kept;
      kept = null;
      return {
        kept: waiting,
        stop() {
          if (handler === next) handler = null;
        },
      };
    },
  };
}
