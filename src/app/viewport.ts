import { useEffect, useState } from 'react';
import { crossesMobileThreshold } from '../domain/layout';
import { throttleDelay } from '../domain/throttle';

/** Spec: resize handling throttled at 100 ms. */
export const RESIZE_THROTTLE_MS = 100;

export interface Viewport {
  width: number;
  height: number;
}

const read = (): Viewport => ({ width: window.innerWidth, height: window.innerHeight });

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
        return prev.width === next.width && prev.height === next.height ? prev : next;
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
export function useReloadOnMobileCrossing(width: number): void {
  const [initialWidth] = useState(width);
  useEffect(() => {
    if (crossesMobileThreshold(initialWidth, width)) window.location.reload();
  }, [initialWidth, width]);
}
