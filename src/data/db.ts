import { Dexie, type EntityTable, type Table } from 'dexie';
import type { RecentVisit } from '../domain/favorites';

/** A kline page's key: symbol, interval, page index (0 = newest page). */
export type KlinePageKey = [symbol: string, interval: string, page: number];

/**
 * One stored kline page. Bars are kept as the REST rows
 * `[time, open, high, low, close, volume]` (compact, and read back through the
 * same parser as a server answer, so a bad row is caught the same way).
 */
export interface KlinePageRow {
  symbol: string;
  interval: string;
  page: number;
  rows: unknown[];
  /** ms when the network sent this page */
  savedAt: number;
  /** ms when the page was last read or written (least recently used goes first) */
  lastUsedAt: number;
}

/**
 * The page's IndexedDB (ARCHITECTURE: Dexie for what outlives a session and is
 * not one of the spec's local-storage keys). New tables come with a new
 * version number; Dexie upgrades old databases in place, so every earlier
 * version's declaration stays.
 */
/** A network probe answer (spec 2 §9: kept 24 h), per user ('visitor' for none). */
export interface ProbeRow {
  userKey: string;
  errCode: number;
  resCode: number | null;
  monitorSwitch: boolean;
  receivedAt: number;
}

/** A batch of quality reports not yet acknowledged by the collector (spec 2 §7: never lost offline). */
export interface ReportBatchRow {
  /** `{deviceId}-{time}-{n}`: the collector counts a batch id once */
  id: string;
  /** ms when it was queued: the send order */
  queuedAt: number;
  count: number;
  reports: unknown[];
}

export class SpotDatabase extends Dexie {
  recents!: EntityTable<RecentVisit, 'symbolId'>;
  /** the chart's kline history pages (spec 1 §7), per symbol, interval and page */
  klinePages!: Table<KlinePageRow, KlinePageKey>;
  netProbes!: EntityTable<ProbeRow, 'userKey'>;
  reportBatches!: EntityTable<ReportBatchRow, 'id'>;

  constructor(name = 'spot-trading-page') {
    super(name);
    this.version(1).stores({ recents: 'symbolId, visitedAt' });
    // [symbol+interval]: one indexed read brings a chart's whole cached series; lastUsedAt orders the eviction.
    this.version(2).stores({ klinePages: '[symbol+interval+page], [symbol+interval], lastUsedAt' });
    this.version(3).stores({ netProbes: 'userKey', reportBatches: 'id, queuedAt' });
  }
}

let instance: SpotDatabase | null = null;

/** One database per page; created on first use so pages that never need it never open it. */
export function getDatabase(): SpotDatabase {
  instance ??= new SpotDatabase();
  return instance;
}
