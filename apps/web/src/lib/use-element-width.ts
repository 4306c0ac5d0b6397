import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * The width of an element in CSS pixels, following resizes. For a component whose structure
 * depends on the room its container gives it (a table in a wide page, cards in a narrow one or
 * on a phone), which a viewport media query cannot tell.
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
