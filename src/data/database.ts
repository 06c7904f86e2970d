import type { SpotDatabase } from './db';

let opening: Promise<SpotDatabase> | null = null;

/**
 * The page's IndexedDB, with Dexie loaded on first use: nothing the first
 * paint shows waits on it (kline cache, recents, network probe, reports), so
 * its ~28 KB gzip stay off the trading route's initial JavaScript.
 */
export function openDatabase(): Promise<SpotDatabase> {
  opening ??= import('./db').then(
    (module) => module.getDatabase(),
    (error: unknown) => {
      // A chunk that failed to load (offline before it was cached) is asked again next time.
      opening = null;
      throw error;
    },
  );
  return opening;
}
