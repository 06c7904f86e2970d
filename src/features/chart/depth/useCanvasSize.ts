import { useEffect, useRef, useState } from 'react';

export interface CanvasSize {
  /** CSS px */
  width: number;
  height: number;
  /** device pixels per CSS px, so the backing store is sharp on high-density screens */
  dpr: number;
}

const NONE: CanvasSize = { width: 0, height: 0, dpr: 1 };

/**
 * The element's content size, kept current by a ResizeObserver, with the
 * device pixel ratio read at each measure (moving the window to another
 * screen resizes it). State changes only when a value does.
 */
export function useCanvasSize<E extends HTMLElement>(): [React.RefObject<E | null>, CanvasSize] {
  const ref = useRef<E>(null);
  const [size, setSize] = useState<CanvasSize>(NONE);
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = (width: number, height: number) => {
      const next = { width: Math.floor(width), height: Math.floor(height), dpr: window.devicePixelRatio || 1 };
      setSize((held) => (held.width === next.width && held.height === next.height && held.dpr === next.dpr ? held : next));
    };
    measure(element.clientWidth, element.clientHeight);
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (entry) measure(entry.contentRect.width, entry.contentRect.height);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, size];
}
