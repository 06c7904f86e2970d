import { expect, type Page } from '@playwright/test';

/**
 * Waits until the PWA worker controls the page, the language files `namespaces` of `lng` are kept, and every
 * built file the page used is in a cache, precached or not: what the page fetched before the worker controlled
 * it (the in-page exchange's script, fonts) the worker fetches again once the page lists it (CACHE_URLS).
 */
export async function waitForOfflineReady(page: Page, lng: string, namespaces: readonly string[] = ['common', 'trade']) {
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: 15_000 });
  await expect
    .poll(
      () =>
        page.evaluate(
          async ([l, names]) => {
            for (const ns of names) {
              if (!(await caches.match(`/locales/${l}/${ns}.json`))) return false;
            }
            // Every built file the page used (code, fonts, sessions) is kept, precached or not.
            const used = performance.getEntriesByType('resource').map((e) => new URL(e.name)).filter((u) => u.origin === location.origin && u.pathname.startsWith('/assets/'));
            for (const url of used) {
              if (!(await caches.match(url.pathname))) return false;
            }
            return true;
          },
          [lng, namespaces] as const,
        ),
      { timeout: 30_000 },
    )
    .toBe(true);
}
