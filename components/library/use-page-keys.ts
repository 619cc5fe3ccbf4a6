import { useEffect, useRef } from 'react';

interface Keys {
  /** `/`: focus the search box. */
  onSlash?: () => void;
  /** Escape outside a dialog: close the sheet. */
  onEscape?: () => void;
}

const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/** The library's page-wide keys, wherever focus is (rows and the sheet handle their own first). */
export function usePageKeys(keys: Keys) {
  const current = useRef(keys);
  current.current = keys;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.target instanceof Element && event.target.closest('[role="dialog"], [role="menu"]')) return;
      if (event.key === '/' && !typingIn(event.target) && current.current.onSlash) {
        event.preventDefault();
        current.current.onSlash();
      } else if (event.key === 'Escape' && current.current.onEscape) {
        current.current.onEscape();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
