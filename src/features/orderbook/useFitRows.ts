import { useEffect, useRef, useState } from 'react';
import { rowsThatFit } from '../../domain/orderbookRows';

/**
 * How many book rows fit the element's height, kept current by a
 * ResizeObserver. State changes only when the count does, so a resize that
 * moves a pixel does not re-render the book.
 */
export function useFitRows<E extends HTMLElement>(): [React.RefObject<E | null>, number] {
  const ref = useRef<E>(null);
  const [rows, setRows] = useState(1);
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = (height: number) => setRows(rowsThatFit(height));
    measure(element.clientHeight);
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (entry) measure(entry.contentRect.height);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, rows];
}
