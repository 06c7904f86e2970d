import { useEffect, useState } from 'react';
import { crossesMobileThreshold } from '../domain/layout';
import { throttleDelay } from '../domain/throttle';

/** Spec: resize handling throttled at 100 ms. */
export const RESIZE_THROTTLE_MS = 100;

export interface Viewport {
  /** window.innerWidth: what the spec's breakpoints are read against */
  width: number;
  height: number;
  /** the page's usable width (no vertical scrollbar): what the grid is sized from */
  clientWidth: number;
}

const read = (): Viewport => ({
  width: window.innerWidth,
  height: window.innerHeight,
  clientWidth: document.documentElement.clientWidth || window.innerWidth,
});

/** Window size, updated at most every 100 ms while resizing (trailing call kept). */
export function useViewport(): Viewport {
  const [viewport, setViewport] = useState(read);
  useEffect(() => {
    let lastRun: number | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = () => {
      lastRun = performance.now();
      timer = undefined;
      setViewport((prev) => {
        const next = read();
        return prev.width === next.width && prev.height === next.height && prev.clientWidth === next.clientWidth ? prev : next;
      });
    };
    const onResize = () => {
      if (timer !== undefined) return;
      timer = setTimeout(run, throttleDelay(lastRun, performance.now(), RESIZE_THROTTLE_MS));
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      clearTimeout(timer);
    };
  }, []);
  return viewport;
}

/** The desktop and mobile pages are different apps: crossing 500 px reloads (spec 1 §1). */
export function useReloadOnMobileCrossing(width: number): number {
  const [initialWidth] = useState(width);
  useEffect(() => {
    if (crossesMobileThreshold(initialWidth, width)) window.location.reload();
  }, [initialWidth, width]);
  // The page keeps the kind it started as until the reload, so it never flashes the other one.
  return initialWidth;
}
