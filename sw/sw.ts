/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// The shell and the default language (injected at build time).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// First install takes the open page at once, so its later requests are cached too.
// Updates wait for the user's "reload" (the page sends SKIP_WAITING).
clientsClaim();
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

const LOCALES_CACHE = 'locales';

// Other languages: cached on first use, refreshed in the background.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/locales/'),
  new StaleWhileRevalidate({
    cacheName: LOCALES_CACHE,
    plugins: [
      // A static host may answer a missing file with the HTML shell: never keep that as a translation.
      { cacheWillUpdate: async ({ response }) => (response.ok && isJson(response) ? response : null) },
      new ExpirationPlugin({ maxEntries: 200 }),
    ],
  }),
);

// The trading page's own paths are the same single-page shell, offline too.
// Other pages of the site (log-in, assets, convert...) are not this app's to answer.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    allowlist: [/^\/$/, /^\/trade(\/|$)/, /^\/[A-Za-z]{2}([_-][A-Za-z]{2,4})?\/trade(\/|$)/, /^\/[A-Za-z]{2}([_-][A-Za-z]{2,4})?\/?$/],
  }),
);

function isJson(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').includes('json');
}

/** Translation files the page fetched before this worker controlled it, kept for offline starts. */
async function cacheLocaleFiles(urls: unknown): Promise<void> {
  if (!Array.isArray(urls)) return;
  const wanted = urls.filter((u): u is string => typeof u === 'string' && u.startsWith('/locales/'));
  const cache = await caches.open(LOCALES_CACHE);
  await Promise.all(
    wanted.map(async (url) => {
      if (await cache.match(url)) return;
      const response = await fetch(url);
      if (response.ok && isJson(response)) await cache.put(url, response);
    }),
  );
}

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; payload?: { urlsToCache?: unknown } } | null;
  if (data?.type === 'CACHE_URLS') event.waitUntil(cacheLocaleFiles(data.payload?.urlsToCache));
});
