import { Workbox } from 'workbox-window';

type UpdateListener = (apply: () => void) => void;

/**
 * Registers the PWA worker (production builds only) and reports a waiting
 * new version; `apply` activates it and the page reloads once it controls.
 * `cacheUrls` are handed to the worker so files fetched before it took
 * control (the current language) are kept for offline starts.
 */
let registered = false;

export function registerServiceWorker(onUpdate: UpdateListener, cacheUrls: () => string[]): void {
  if (registered || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  registered = true;
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    onUpdate(() => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    });
  });
  wb.addEventListener('activated', () => {
    void wb.messageSW({ type: 'CACHE_URLS', payload: { urlsToCache: cacheUrls() } });
  });
  wb.register().catch((error: unknown) => console.warn('Service worker registration failed', error));
}

/**
 * Recorded market sessions the page already fetched (the demo's embedded
 * exchange loads them on demand): handed to the worker on its first install so
 * the markets seen once also open offline.
 */
export function fetchedSessionUrls(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name).pathname)
    .filter((path) => SESSION_ASSET.test(path));
}

/** Built session assets: /assets/<SYMBOL>.jsonl-<hash>.gz (names chosen by Vite). */
export const SESSION_ASSET = /^\/assets\/[^/]+\.jsonl-[^/]+\.gz$/;
