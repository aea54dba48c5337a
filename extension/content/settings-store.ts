/**
 * The content script's copy of the user's settings: loaded once when it is injected (so opening the reader
 * needn't wait on storage), kept current from storage.sync's changes, and written back when the reader changes one.
 */
import { loadSettings, onSettingsChange, type Settings, saveSettings } from '../shared/settings.ts';

let loaded: Promise<Settings> | null = null;
let unsubscribe: (() => void) | null = null;
/** Our own writes echo back as changes; the reader already shows them. */
let ownWrites = 0;

export const settingsStore = {
  /** Starts loading and following the settings; `onExternalChange` hears changes made elsewhere. */
  start(onExternalChange: (settings: Settings) => void): void {
    loaded = loadSettings();
    unsubscribe = onSettingsChange((settings) => {
      loaded = Promise.resolve(settings);
      if (ownWrites > 0) ownWrites -= 1;
      else onExternalChange(settings);
    });
  },
  current(): Promise<Settings> {
    loaded ??= loadSettings();
    return loaded;
  },
  save(patch: Partial<Settings>): void {
    ownWrites += 1;
    saveSettings(patch).catch(() => {
      // Storage refused (quota, a removed extension): the reader keeps the change for this page.
      ownWrites = Math.max(0, ownWrites - 1);
    });
  },
  stop(): void {
    unsubscribe?.();
    unsubscribe = null;
  },
};
