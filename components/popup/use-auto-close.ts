import { useEffect, useState } from 'react';

/** Anything the user does inside the popup means they are still using it. */
const INTERACTIONS = ['pointermove', 'pointerdown', 'focusin', 'keydown', 'wheel'] as const;

/**
 * Closes the popup after `delayMs`, unless the user interacts with it first (pointer over it, focus or
 * a key inside it): then it stays open. Returns whether it will stay.
 */
export function useAutoClose(close: () => void, delayMs: number): boolean {
  const [staying, setStaying] = useState(false);
  useEffect(() => {
    if (staying) return;
    const stay = () => setStaying(true);
    const timer = setTimeout(close, delayMs);
    for (const type of INTERACTIONS) document.addEventListener(type, stay, true);
    return () => {
      clearTimeout(timer);
      for (const type of INTERACTIONS) document.removeEventListener(type, stay, true);
    };
  }, [staying, close, delayMs]);
  return staying;
}
