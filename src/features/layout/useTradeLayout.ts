import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { defaultLayout, type GridItem, type LayoutContext } from '../../domain/layout';
import { loadLayout, resetLayout, saveLayout } from '../../data/layoutStore';

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
 * The grid's layout: the width-dependent default until the user drags or
 * resizes, then the stored one. While not customised the default follows the
 * window, so it is derived, not stored.
 */
export function useTradeLayout(ctx: LayoutContext): TradeLayout {
  const { windowWidth, viewportHeight, rtl } = ctx;
  const [custom, setCustom] = useState<GridItem[] | null>(() => {
    const stored = loadLayout(ctx);
    return stored.customised ? stored.items : null;
  });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const fallback = useMemo(() => defaultLayout({ windowWidth, viewportHeight, rtl }), [windowWidth, viewportHeight, rtl]);

  const commit = useCallback((items: readonly GridItem[]) => {
    const copy = items.map((item) => ({ ...item }));
    setCustom(copy);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => saveLayout(copy), LAYOUT_SAVE_DEBOUNCE_MS);
  }, []);

  const reset = useCallback(() => {
    clearTimeout(timer.current);
    resetLayout({ windowWidth, viewportHeight, rtl });
    setCustom(null);
  }, [windowWidth, viewportHeight, rtl]);

  return { items: custom ?? fallback, customised: custom !== null, commit, reset };
}
