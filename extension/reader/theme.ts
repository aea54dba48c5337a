/** The theme a reader view shows: the chosen one, or for "auto" the system's light or dark, kept current. */
import { useEffect, useState } from 'preact/hooks';
import type { Theme } from './settings.ts';

/** Whether the system asks for dark colours, kept current: "auto" follows a change while reading. */
function usePrefersDark(): boolean {
  const [query] = useState(() =>
    typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null,
  );
  const [dark, setDark] = useState(query?.matches === true);
  useEffect(() => {
    if (query === null) return;
    const onChange = () => setDark(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [query]);
  return dark;
}

/** The value of `data-theme` (reader.css has a block for each). */
export function useTheme(theme: Theme): Exclude<Theme, 'auto'> {
  const prefersDark = usePrefersDark();
  return theme === 'auto' ? (prefersDark ? 'dark' : 'light') : theme;
}
