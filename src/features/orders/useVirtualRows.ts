import { useVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useState, type RefObject } from 'react';

/** Under this many rows every row is in the document: nothing to gain, and find-in-page sees them all. */
export const VIRTUAL_FROM = 100;
/** A row's height in orders.css (22 px cells); rows with a note under the type are measured as they render. */
const ROW_ESTIMATE = 22;
/** Rows rendered beyond each edge, so a fast scroll or a keyboard step never shows a gap. */
const OVERSCAN = 16;

export interface RowWindow {
  /** indexes of the rows to render, in order */
  indexes: number[];
  /** space the rows above and below stand for, as spacer rows keep the table's height and scroll position */
  before: number;
  after: number;
  /** measures a rendered row (its data-index attribute names it) */
  measure: ((row: HTMLTableRowElement | null) => void) | undefined;
}

/**
 * Windowed rows of a long table inside the panel that scrolls it (issue 19:
 * thousands of orders at 60 fps). The table stays a table: spacer rows stand
 * for the rows out of view. Where the scroller has no size (a test DOM, a
 * hidden panel) every row renders.
 */
export function useVirtualRows(count: number, anchor: RefObject<HTMLElement | null>): RowWindow {
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  const [margin, setMargin] = useState(0);
  const long = count >= VIRTUAL_FROM;
  useLayoutEffect(() => {
    if (!long) return;
    const el = anchor.current;
    const parent = el?.closest<HTMLElement>('.panel__body') ?? null;
    if (!el || !parent || parent.clientHeight === 0) return;
    setScroller(parent);
    // Where the table's rows start inside the scrolled content (the sub-tab bar and header are above them).
    setMargin(el.getBoundingClientRect().top - parent.getBoundingClientRect().top + parent.scrollTop);
  }, [anchor, long]);
  const on = scroller !== null && long;
  // The page does not run the React Compiler, and the rows read nothing from the virtualizer but their index
  // and its measure function, which stays the same for the virtualizer's life.
  // oxlint-disable-next-line react/incompatible-library
  const virtualizer = useVirtualizer({
    count: on ? count : 0,
    getScrollElement: () => scroller,
    estimateSize: () => ROW_ESTIMATE,
    overscan: OVERSCAN,
    scrollMargin: margin,
    enabled: on,
  });
  if (!on) return { indexes: Array.from({ length: count }, (_, i) => i), before: 0, after: 0, measure: undefined };
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  return {
    indexes: items.map((item) => item.index),
    before: first ? first.start - margin : 0,
    after: last ? Math.max(0, virtualizer.getTotalSize() - (last.end - margin)) : 0,
    measure: virtualizer.measureElement,
  };
}
