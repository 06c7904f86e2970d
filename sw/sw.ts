/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { BUILT_ASSET, SESSION_ASSET } from '../src/domain/builtAssets';

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

const SESSIONS_CACHE = 'sessions';

// Hashed names never change content, so cache-first is exact for both kept kinds below.
// The demo market's recorded sessions (about 5 MB for all sixteen) are not
// precached: a first visit on a bad network should not pay for markets it
// never opens. Each is kept the first time it is used, so those markets open offline.
registerRoute(
  ({ url }) => url.origin === self.location.origin && SESSION_ASSET.test(url.pathname),
  new CacheFirst({ cacheName: SESSIONS_CACHE, plugins: [new ExpirationPlugin({ maxEntries: 40 })] }),
);

const ASSETS_CACHE = 'assets';

// What the precache leaves out (other scripts' fonts, the in-page exchange):
// kept the first time the page uses it, so it is there offline afterwards.
registerRoute(
  ({ url }) => url.origin === self.location.origin && BUILT_ASSET.test(url.pathname),
  // ignoreVary: servers answer `Vary: Origin`, and a font's CORS request carries an Origin the
  // copy kept from the page's first visit was fetched without; the hashed name already says which file it is.
  new CacheFirst({ cacheName: ASSETS_CACHE, matchOptions: { ignoreVary: true }, plugins: [new ExpirationPlugin({ maxEntries: 120 })] }),
);

function isJson(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').includes('json');
}

/** Translation files, sessions, code and fonts the page fetched before this worker controlled it, kept for offline starts. */
async function cacheLocaleFiles(urls: unknown): Promise<void> {
  if (!Array.isArray(urls)) return;
  const strings = urls.filter((u): u is string => typeof u === 'string');
  await Promise.all([
    keep(LOCALES_CACHE, strings.filter((u) => u.startsWith('/locales/')), isJson),
    keep(SESSIONS_CACHE, strings.filter((u) => SESSION_ASSET.test(u)), () => true),
    keep(ASSETS_CACHE, strings.filter((u) => BUILT_ASSET.test(u)), () => true),
  ]);
}

async function keep(cacheName: string, urls: string[], accept: (response: Response) => boolean): Promise<void> {
  const cache = await caches.open(cacheName);
  await Promise.all(
    urls.map(async (url) => {
      // Anything already kept (the precache included) is not fetched twice.
      if (await caches.match(url, { ignoreVary: true })) return;
      const response = await fetch(url);
      if (response.ok && accept(response)) await cache.put(url, response);
    }),
  );
}

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; payload?: { urlsToCache?: unknown } } | null;
  if (data?.type === 'CACHE_URLS') event.waitUntil(cacheLocaleFiles(data.payload?.urlsToCache));
});
