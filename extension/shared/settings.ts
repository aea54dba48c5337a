/** The user's settings, kept in storage.sync so they follow the browser profile. */
import browser from 'webextension-polyfill';

export interface Settings {
  /** The toolbar button opens the reader at once instead of the popup. */
  actionOpensReader: boolean;
}

export const DEFAULT_SETTINGS: Readonly<Settings> = { actionOpensReader: false };

type Key = keyof Settings;
const KEYS = Object.keys(DEFAULT_SETTINGS) as Key[];

/** Keeps only known keys with the right type, so a value written by an older version can't leak through. */
function parse(stored: Record<string, unknown>): Settings {
  const settings: Settings = { ...DEFAULT_SETTINGS };
  for (const key of KEYS) {
    const value = stored[key];
    if (typeof value === typeof DEFAULT_SETTINGS[key]) settings[key] = value as Settings[Key];
  }
  return settings;
}

export async function loadSettings(): Promise<Settings> {
  try {
    return parse(await browser.storage.sync.get(KEYS));
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

export async function saveSettings(patch: Partial<Settings>): Promise<void> {
  await browser.storage.sync.set(patch);
}

/** Calls `listener` with the full settings whenever one of them changes; returns the unsubscribe function. */
export function onSettingsChange(listener: (settings: Settings) => void): () => void {
  const onChanged = (changes: Record<string, unknown>, area: string): void => {
    if (area !== 'sync' || !KEYS.some((key) => key in changes)) return;
    loadSettings().then(listener, () => undefined);
  };
  browser.storage.onChanged.addListener(onChanged);
  return () => browser.storage.onChanged.removeListener(onChanged);
}

/**
 * With the popup removed, a click on the toolbar button fires action.onClicked, which the background turns into
 * a toggle. Applied by the background at startup and on change, and by the popup at once so it needn't wait.
 */
export async function applyActionSetting(settings: Settings): Promise<void> {
  const popup = browser.runtime.getManifest().action?.default_popup ?? '';
  await browser.action.setPopup({ popup: settings.actionOpensReader ? '' : popup });
}
