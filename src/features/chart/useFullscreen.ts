import { useCallback, useEffect, useState, type RefObject } from 'react';

/**
 * Fullscreen On/Off for the chart area (spec 1 §2.3, §4). Uses the Fullscreen
 * API; where the browser refuses it (iframes, some webviews) the area fills
 * the window instead, so the toggle always does something visible.
 */
export function useFullscreen(target: RefObject<HTMLElement | null>) {
  const [native, setNative] = useState(false);
  const [fallback, setFallback] = useState(false);

  useEffect(() => {
    const onChange = () => setNative(document.fullscreenElement !== null && document.fullscreenElement === target.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [target]);

  useEffect(() => {
    if (!fallback) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setFallback(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [fallback]);

  const toggle = useCallback(() => {
    if (native) {
      void document.exitFullscreen?.();
      return;
    }
    if (fallback) {
      setFallback(false);
      return;
    }
    const element = target.current;
    if (!element?.requestFullscreen) {
      setFallback(true);
      return;
    }
    element.requestFullscreen().catch(() => setFallback(true));
  }, [native, fallback, target]);

  return { on: native || fallback, fallback, toggle };
}
