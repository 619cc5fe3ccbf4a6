/**
 * The colour theme of every extension page: the system's (default), or light or dark as chosen in
 * the options. Kept in the extension origin's localStorage, which all its pages share and can read
 * synchronously before the first paint, so a page never flashes the wrong theme.
 */
export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export const THEME_KEY = 'trove.theme';

export function readTheme(): Theme {
  const stored = globalThis.localStorage?.getItem(THEME_KEY);
  return THEMES.includes(stored as Theme) ? (stored as Theme) : 'system';
}

/** Sets `data-theme` on <html> (tokens.css reads it); 'system' removes it so `prefers-color-scheme` decides. */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement) {
  if (theme === 'system') delete root.dataset.theme;
  else root.dataset.theme = theme;
}
