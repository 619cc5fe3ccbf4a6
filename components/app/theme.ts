import { useCallback, useState } from 'react';

/**
 * The colour theme of every extension page: the system's (default), or light or dark as chosen in
 * the options. Kept in the extension origin's localStorage, which all its pages share and can read
 * synchronously before the first paint, so a page never flashes the wrong theme.
 */
export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

const KEY = 'trove.theme';

export function readTheme(): Theme {
  const stored = globalThis.localStorage?.getItem(KEY);
  return THEMES.includes(stored as Theme) ? (stored as Theme) : 'system';
}

/** Sets `data-theme` on <html> (tokens.css reads it); 'system' removes it so `prefers-color-scheme` decides. */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement) {
  if (theme === 'system') delete root.dataset.theme;
  else root.dataset.theme = theme;
}

export function useTheme() {
  const [theme, setState] = useState(readTheme);
  const setTheme = useCallback((next: Theme) => {
    if (next === 'system') localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, next);
    applyTheme(next);
    setState(next);
  }, []);
  return [theme, setTheme] as const;
}
