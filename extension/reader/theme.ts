/** The theme a reader view shows: the chosen one, or for "auto" the system's light or dark, kept current. */
import type { Theme } from './settings.ts';

export interface SystemTheme {
  /** The value of `data-theme` for `choice` (reader.css has a block for each). */
  resolve(choice: Theme): Exclude<Theme, 'auto'>;
  stop(): void;
}

/** Follows the system's light or dark: `onChange` hears it change while reading, so "auto" can follow. */
export function followSystemTheme(onChange: () => void): SystemTheme {
  const query = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;
  query?.addEventListener('change', onChange);
  return {
    resolve: (choice) => (choice !== 'auto' ? choice : query?.matches ? 'dark' : 'light'),
    stop: () => query?.removeEventListener('change', onChange),
  };
}
