import { Dexie, type EntityTable } from 'dexie';
import type { RecentVisit } from '../domain/favorites';

/**
 * The page's IndexedDB (ARCHITECTURE: Dexie for what outlives a session and is
 * not one of the spec's local-storage keys). New tables come with a new
 * version number; Dexie upgrades old databases in place.
 */
export class SpotDatabase extends Dexie {
  recents!: EntityTable<RecentVisit, 'symbolId'>;

  constructor(name = 'spot-trading-page') {
    super(name);
    this.version(1).stores({ recents: 'symbolId, visitedAt' });
  }
}

let instance: SpotDatabase | null = null;

/** One database per page; created on first use so pages that never need it never open it. */
export function getDatabase(): SpotDatabase {
  instance ??= new SpotDatabase();
  return instance;
}
