import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { defaultLayout, mirrorLayout, sameGeometry, type GridItem, type LayoutContext } from '../../domain/layout';
import { clearLayout, loadCustomLayout, saveLayout } from '../../data/layoutStore';

/** Saving waits for the user to settle: several quick drags write once. */
export const LAYOUT_SAVE_DEBOUNCE_MS = 300;

export interface TradeLayout {
  items: GridItem[];
  customised: boolean;
  /** After a drag or resize: store the layout and mark it customised (debounced). */
  commit: (items: readonly GridItem[]) => void;
  reset: () => void;
}

/**
 * The grid's layout in physical (left-to-right) grid positions: the
 * width-dependent default until the user drags or resizes, then the stored
 * one. A right-to-left page mirrors the whole page, so it shows the saved
 * layout mirrored (and cannot edit it). While not customised the default
 * follows the window, so it is derived, not stored.
 */
export function useTradeLayout(ctx: LayoutContext): TradeLayout {
  const { windowWidth, viewportHeight, rtl } = ctx;
  const [custom, setCustom] = useState<GridItem[] | null>(loadCustomLayout);
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; items: GridItem[] } | null>(null);

  const flush = useCallback(() => {
    if (!pending.current) return;
    clearTimeout(pending.current.timer);
    saveLayout(pending.current.items);
    pending.current = null;
  }, []);

  // A drag just before leaving (symbol switch, reload, closing the tab) is still saved.
  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);

  const fallback = useMemo(() => defaultLayout({ windowWidth, viewportHeight, rtl }), [windowWidth, viewportHeight, rtl]);
  const shown = useMemo(() => (custom && rtl ? mirrorLayout(custom) : custom), [custom, rtl]);
  const items = shown ?? fallback;

  const commit = useCallback(
    (next: readonly GridItem[]) => {
      // A click on a handle without moving it is not a customisation.
      if (rtl || sameGeometry(next, items)) return;
      const copy = next.map((item) => ({ ...item }));
      setCustom(copy);
      if (pending.current) clearTimeout(pending.current.timer);
      pending.current = { items: copy, timer: setTimeout(flush, LAYOUT_SAVE_DEBOUNCE_MS) };
    },
    [rtl, items, flush],
  );

  const reset = useCallback(() => {
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = null;
    clearLayout();
    setCustom(null);
  }, []);

  return { items, customised: custom !== null, commit, reset };
}
