import { useCallback, useState } from 'react';
import { applyTheme, readTheme, THEME_KEY, type Theme } from './theme';

/** The theme chosen in the options, applied to this page at once and kept for every extension page. */
export function useTheme() {
  const [theme, setState] = useState(readTheme);
  const setTheme = useCallback((next: Theme) => {
    if (next === 'system') localStorage.removeItem(THEME_KEY);
    else localStorage.setItem(THEME_KEY, next);
    applyTheme(next);
    setState(next);
  }, []);
  return [theme, setTheme] as const;
}
