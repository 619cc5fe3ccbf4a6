import { type RefObject, useEffect, useState } from 'react';

/** The element's width, followed as the window resizes (jsdom, with no ResizeObserver, reads it once). */
export function useWidth(ref: RefObject<HTMLElement | null>, fallback: number) {
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth || fallback);
    const Observer = element.ownerDocument.defaultView?.ResizeObserver;
    if (!Observer) return;
    const observer = new Observer(() => setWidth(element.clientWidth || fallback));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, fallback]);
  return width;
}
