import type { Workbox } from 'workbox-window';
import { isKeptAsset } from '../domain/builtAssets';
import { whenFirstScreenDrawn } from '../data/firstScreen';

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
  // Loaded with the registration, not before the first paint.
  afterFirstScreen(() => {
    void import('workbox-window')
      .then((workbox) => register(new workbox.Workbox('/sw.js', { scope: '/' }), onUpdate, cacheUrls))
      .catch((error: unknown) => console.warn('Service worker registration failed', error));
  });
}

/** The longest a registration waits for the page to go idle once it may start. */
const IDLE_WAIT_MS = 3000;
/** A page without an order book (or one that never gets a book) registers this long after its load at the latest. */
const FIRST_SCREEN_CAP_MS = 10_000;

/**
 * Runs `then` once the page has loaded, the trading screen has drawn its
 * first live book (or FIRST_SCREEN_CAP_MS passed) and the main thread goes
 * idle. A first visit's worker install downloads and compiles the whole
 * precache: started while the page boots, it took network and CPU from the
 * first book row (a repeat visit already has a controlling worker and checks
 * for updates later the same way).
 */
export function afterFirstScreen(
  then: () => void,
  win: Pick<Window, 'addEventListener'> & Partial<Pick<Window, 'requestIdleCallback'>> = window,
  doc: Pick<Document, 'readyState'> = document,
  firstScreen: (capMs: number) => Promise<void> = whenFirstScreenDrawn,
): void {
  const whenIdle = () => (win.requestIdleCallback ? win.requestIdleCallback(() => then(), { timeout: IDLE_WAIT_MS }) : setTimeout(then, 0));
  const afterLoad = () => void firstScreen(FIRST_SCREEN_CAP_MS).then(whenIdle);
  if (doc.readyState === 'complete') afterLoad();
  else win.addEventListener('load', afterLoad, { once: true });
}

function register(wb: Workbox, onUpdate: UpdateListener, cacheUrls: () => string[]): void {
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
 * Built files the page already fetched before the worker controlled it:
 * recorded market sessions (the demo's embedded exchange loads them on demand)
 * and the code and fonts the precache leaves out (other scripts' fonts, the
 * in-page exchange). Handed to the worker on its first install so what was
 * seen once also opens offline.
 */
export function fetchedAssetUrls(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && isKeptAsset(url.pathname))
    .map((url) => url.pathname);
}
