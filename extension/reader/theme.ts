/** The theme a view shows: the chosen one, or for "auto" the system's light or dark, kept current. */
import { useEffect, useState } from 'preact/hooks';
import type { Theme } from './settings.ts';

const darkQuery = (): MediaQueryList | null =>
  typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;

/** The value of `data-theme` for `choice` (reader.css has a block for each). */
export function resolveTheme(choice: Theme, systemDark: boolean): Exclude<Theme, 'auto'> {
  return choice !== 'auto' ? choice : systemDark ? 'dark' : 'light';
}

/** Whether the system's colour scheme is dark, following it while the view is shown. */
export function useSystemDark(): boolean {
  const [dark, setDark] = useState(() => darkQuery()?.matches ?? false);
  useEffect(() => {
    const query = darkQuery();
    if (!query) return;
    const follow = () => setDark(query.matches);
    query.addEventListener('change', follow);
    // It may have changed between the first frame and this effect, which runs after it.
    follow();
    return () => query.removeEventListener('change', follow);
  }, []);
  return dark;
}
