import { useEffect, useState } from 'react';

/** Anything the user does inside the popup means they are still using it. */
const INTERACTIONS = ['pointerover', 'pointermove', 'pointerdown', 'focusin', 'keydown', 'wheel'] as const;

/**
 * The pointer already rests on the popup (it clicked Save and has not moved since): no event says so, but
 * the browser's hover state does.
 */
const pointerInside = () => document.querySelector(':hover') !== null;

/**
 * Closes the popup after `delayMs`, unless the user is in it: the pointer over it (even still, since the
 * save), focus moved or a key pressed inside it. Then it stays open. Returns whether it will stay.
 */
export function useAutoClose(close: () => void, delayMs: number): boolean {
  const [staying, setStaying] = useState(pointerInside);
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
