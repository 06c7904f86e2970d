/**
 * Test support (Node only): hubs over the real shipped sessions, each file
 * read from disk once per test process and shared, so a test can build as
 * many hubs as it likes.
 */
import { resolve } from 'node:path';
import instruments from '../../../fixtures/instruments.json';
import listingsFile from '../../../fixtures/listings.json';
import type { Listing, SessionSet } from '../../gateway/types';
import type { LoadedSession } from '../replay/timeline';
import { createMarketHub, type MarketHub, type MarketHubOptions } from './hub';
import { demoSessionSets } from './nodeSources';
import { ManualScheduler } from './scheduler';

export const PROJECT_ROOT = resolve(import.meta.dirname, '..', '..', '..');
/** A hub start that is not on a second, to see the floor. */
export const TEST_START = Date.UTC(2026, 2, 2, 9, 30, 0, 250);
export const TEST_SYMBOLS = ['BTCUSDT', 'ETHUSDT', 'WIFUSDT'] as const;
export const LISTINGS = listingsFile.listings as Listing[];
export const INSTRUMENTS = instruments.symbols;

const loadedFiles = new Map<string, Promise<LoadedSession>>();

/** The shipped sessions of `symbols` as one set whose sources load from memory after the first read. */
export function sharedDemoSets(symbols: readonly string[] = TEST_SYMBOLS): SessionSet[] {
  return demoSessionSets(PROJECT_ROOT, symbols).map((set) => ({
    ...set,
    sources: set.sources.map((source) => {
      const key = source.symbols.join(',');
      return {
        ...source,
        load: () => {
          let loaded = loadedFiles.get(key);
          if (!loaded) loadedFiles.set(key, (loaded = source.load()));
          return loaded;
        },
      };
    }),
  }));
}

export interface TestHub {
  hub: MarketHub;
  scheduler: ManualScheduler;
}

/** A hub on a manual clock over the shared sessions; `ready()` is awaited unless `lazy`. */
export async function createTestHub(options: Partial<MarketHubOptions> & { symbols?: readonly string[]; lazy?: boolean; start?: number } = {}): Promise<TestHub> {
  const scheduler = new ManualScheduler(options.start ?? TEST_START);
  const hub = createMarketHub({
    sets: options.sets ?? sharedDemoSets(options.symbols),
    instruments: INSTRUMENTS,
    listings: options.listings ?? LISTINGS,
    scheduler,
    ...(options.pumpMs === undefined ? {} : { pumpMs: options.pumpMs }),
    ...(options.yieldToPage ? { yieldToPage: options.yieldToPage } : {}),
    ...(options.onDemand ? { onDemand: true } : {}),
    ...(options.exchange ? { exchange: options.exchange } : {}),
    ...(options.exchangeStart !== undefined ? { exchangeStart: options.exchangeStart } : {}),
    ...(options.resume ? { resume: options.resume } : {}),
    ...(options.onReplayChange ? { onReplayChange: options.onReplayChange } : {}),
  });
  if (!options.lazy) await hub.ready();
  return { hub, scheduler };
}
