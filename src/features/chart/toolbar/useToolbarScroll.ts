import { useCallback, useEffect, useState, type RefObject } from 'react';
import { TOOLBAR_SCROLL_THROTTLE_MS, scrollIndicators } from '../../../domain/chartToolbar';
import { throttleDelay } from '../../../domain/throttle';

export interface ToolbarScrollState {
  /** more toolbar hidden before the start / after the end (spec 1 §2.3, 10 px threshold) */
  start: boolean;
  end: boolean;
  rtl: boolean;
}

const SAME = (a: ToolbarScrollState, b: ToolbarScrollState) => a.start === b.start && a.end === b.end && a.rtl === b.rtl;

/**
 * Watches a horizontally scrolling toolbar: its scroll position (throttled to
 * 100 ms, spec 1 §9, with a trailing measure so the last position counts) and
 * its size or content changes. `scrollTowards` pages it by most of its width.
 */
export function useToolbarScroll(ref: RefObject<HTMLElement | null>) {
  const [state, setState] = useState<ToolbarScrollState>({ start: false, end: false, rtl: false });

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let lastRun: number | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const measure = () => {
      lastRun = Date.now();
      const next = { ...scrollIndicators(el), rtl: getComputedStyle(el).direction === 'rtl' };
      setState((prev) => (SAME(prev, next) ? prev : next));
    };
    const throttled = () => {
      if (timer !== undefined) return; // a trailing measure is already due
      const wait = throttleDelay(lastRun, Date.now(), TOOLBAR_SCROLL_THROTTLE_MS);
      if (wait === 0) measure();
      else
        timer = setTimeout(() => {
          timer = undefined;
          measure();
        }, wait);
    };

    // A ResizeObserver reports every element once as observation starts, after the browser's own layout: measuring
    // here as well forced a layout of the half-built page in this effect (~100 ms of a cold start on two cores).
    if (typeof ResizeObserver === 'undefined') measure();
    el.addEventListener('scroll', throttled, { passive: true });
    // The toolbar's own size and its content's (buttons appear, labels change language).
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(throttled);
    observer?.observe(el);
    for (const child of Array.from(el.children)) observer?.observe(child);
    return () => {
      el.removeEventListener('scroll', throttled);
      observer?.disconnect();
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [ref]);

  const scrollTowards = useCallback(
    (side: 'start' | 'end') => {
      const el = ref.current;
      if (!el) return;
      // In right-to-left pages the start is on the right: scrollLeft grows towards it.
      const towardsRight = (side === 'end') !== state.rtl;
      const distance = Math.max(40, el.clientWidth * 0.8);
      const reduce = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
      el.scrollBy({ left: towardsRight ? distance : -distance, behavior: reduce ? 'auto' : 'smooth' });
    },
    [ref, state.rtl],
  );

  return { ...state, scrollTowards };
}
