/** The user's settings, kept in storage.sync so they follow the browser profile. */
import { DEFAULT_READER_SETTINGS, READER_SETTING_CHECKS, type ReaderSettings } from '../reader/settings.ts';
import { api } from './api.ts';

export interface Settings extends ReaderSettings {
  /** The toolbar button opens the reader at once instead of the popup. */
  actionOpensReader: boolean;
}

export const DEFAULT_SETTINGS: Readonly<Settings> = { ...DEFAULT_READER_SETTINGS, actionOpensReader: false };

type Key = keyof Settings;
const KEYS = Object.keys(DEFAULT_SETTINGS) as Key[];

const CHECKS: { readonly [K in Key]: (value: unknown) => boolean } = {
  ...READER_SETTING_CHECKS,
  actionOpensReader: (value) => typeof value === 'boolean',
};

/** Keeps only known keys with a valid value, so one written by an older version can't leak through. */
export function parseSettings(stored: Record<string, unknown>): Settings {
  const settings: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const key of KEYS) {
    if (CHECKS[key](stored[key])) settings[key] = stored[key];
  }
  return settings as unknown as Settings;
}

export async function loadSettings(): Promise<Settings> {
  try {
    return parseSettings(await api().storage.sync.get(KEYS));
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

export async function saveSettings(patch: Partial<Settings>): Promise<void> {
  await api().storage.sync.set(patch);
}

/**
 * Calls `listener` with the full settings whenever one of them changes; returns the unsubscribe function. It
 * listens to storage.sync alone: a content script that heard every area would hear of the other sites' fixes
 * and memory in storage.local as they are written.
 */
export function onSettingsChange(listener: (settings: Settings) => void): () => void {
  const onChanged = (changes: Record<string, unknown>): void => {
    if (!KEYS.some((key) => key in changes)) return;
    loadSettings().then(listener, () => undefined);
  };
  const sync = api().storage.sync;
  sync.onChanged.addListener(onChanged);
  return () => sync.onChanged.removeListener(onChanged);
}

/**
 * With the popup removed, a click on the toolbar button fires action.onClicked, which the background turns into
 * a toggle. Applied by the background at startup and on change, and by the popup at once so it needn't wait.
 */
export async function applyActionSetting(settings: Pick<Settings, 'actionOpensReader'>): Promise<void> {
  const popup = api().runtime.getManifest().action?.default_popup ?? '';
  await api().action.setPopup({ popup: settings.actionOpensReader ? '' : popup });
}
