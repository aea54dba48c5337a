/** What a reader shows that changes while it is open: its settings, what is open in it, and what it says. */
import type { Panels } from './panels.tsx';
import type { ReaderSettings } from './settings.ts';

export type ToastKind = 'ok' | 'error';

export interface ToastMessage {
  text: string;
  kind: ToastKind;
  /** A new message is a new element (screen readers read a repeated message again). */
  id: number;
}

export interface ReaderState {
  settings: ReaderSettings;
  /** A copy is running: its buttons say so, and another click waits for it to end (a double click). */
  busy: boolean;
  settingsOpen: boolean;
  helpOpen: boolean;
  /** The More menu's list. */
  menuOpen: boolean;
  /** Read aloud was asked for: its controls take the place of the reader's own button once loaded. */
  speechWanted: boolean;
  /** The panels' chunk (the menu's list, settings, help, read aloud), once loaded. */
  panels: Panels | null;
  /** The reader's shortcut for the help: undefined where none opens it, null until the browser said. */
  shortcut: string | null | undefined;
  /** The browser's speech voices: read aloud is offered only when there are some. */
  voices: readonly SpeechSynthesisVoice[];
  /** The share of the article scrolled past, 0–1. */
  progress: number;
  toast: ToastMessage | null;
}

export function initialState(
  settings: ReaderSettings,
  hasShortcut: boolean,
  voices: readonly SpeechSynthesisVoice[],
): ReaderState {
  return {
    settings,
    busy: false,
    settingsOpen: false,
    helpOpen: false,
    menuOpen: false,
    speechWanted: false,
    panels: null,
    shortcut: hasShortcut ? null : undefined,
    voices,
    progress: 0,
    toast: null,
  };
}

/** Read aloud shows its controls: asked for, loaded, and the browser has voices. */
export const reading = (state: ReaderState): boolean =>
  state.voices.length > 0 && state.speechWanted && state.panels !== null;
