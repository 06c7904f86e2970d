import type { Interval } from '../domain/intervals';
import { contiguousPages, pagesToEvict, type CachedPageEntry } from '../domain/klinePaging';
import { parseKlineRow, type KlineBar } from './api/klines';
import { openDatabase } from './database';
import type { KlinePageKey, KlinePageRow } from './db';

/**
 * The chart's kline pages kept in Dexie (issue 6 part 6): an offline start
 * draws the last series seen at once. Every IndexedDB failure (private mode,
 * blocked, quota, a broken row) means "no cache", never an error the chart sees.
 */

/** Pages kept over all symbols and intervals; with 4 pages a series, at least 30 series. */
export const KLINE_CACHE_MAX_PAGES = 120;

function toRow(bar: KlineBar): unknown[] {
  return [bar.time, bar.open, bar.high, bar.low, bar.close, bar.volume];
}

/** A stored page's bars, or null when the row is not what this build writes. */
function barsOf(row: KlinePageRow): KlineBar[] | null {
  if (!Number.isSafeInteger(row.page) || row.page < 0 || !Number.isFinite(row.savedAt) || !Array.isArray(row.rows)) return null;
  try {
    return row.rows.map((r, i) => parseKlineRow(r, `cached kline ${i}`));
  } catch {
    return null;
  }
}

/**
 * The cached series of (symbol, interval): pages newest first, as fetched.
 * One indexed query; rows that do not parse, and pages stranded after a gap,
 * are deleted. Reading counts as a use (for the eviction), recorded after the
 * bars are handed back.
 */
/** Reads started before the chart asked (see prefetchCachedKlinePages), by `symbol|interval`. */
const prefetched = new Map<string, Promise<KlineBar[][]>>();

/**
 * Starts the cache read while the page is still booting, so the chart's own
 * read (a few hundred ms later, after its code has loaded) finds it done. A
 * prefetch is used once; a later read goes to the database again.
 */
export function prefetchCachedKlinePages(symbol: string, interval: Interval): void {
  const key = `${symbol}|${interval}`;
  if (!prefetched.has(key)) prefetched.set(key, readFromDatabase(symbol, interval, Date.now()));
}

export function readCachedKlinePages(symbol: string, interval: Interval, now = Date.now()): Promise<KlineBar[][]> {
  const key = `${symbol}|${interval}`;
  const early = prefetched.get(key);
  if (early) {
    prefetched.delete(key);
    return early;
  }
  return readFromDatabase(symbol, interval, now);
}

async function readFromDatabase(symbol: string, interval: Interval, now: number): Promise<KlineBar[][]> {
  try {
    const table = (await openDatabase()).klinePages;
    const stored = await table.where('[symbol+interval]').equals([symbol, interval]).toArray();
    const valid: { page: number; bars: KlineBar[] }[] = [];
    const unusable: KlinePageKey[] = [];
    for (const row of stored) {
      const bars = barsOf(row);
      if (bars) valid.push({ page: row.page, bars });
      else unusable.push([row.symbol, row.interval, row.page]);
    }
    const usable = contiguousPages(valid);
    for (const v of valid) if (!usable.includes(v)) unusable.push([symbol, interval, v.page]);
    void tidyAfterRead(unusable, symbol, interval, now);
    return usable.map((v) => v.bars);
  } catch {
    return [];
  }
}

async function tidyAfterRead(unusable: KlinePageKey[], symbol: string, interval: Interval, now: number): Promise<void> {
  try {
    const table = (await openDatabase()).klinePages;
    if (unusable.length > 0) await table.bulkDelete(unusable);
    await table.where('[symbol+interval]').equals([symbol, interval]).modify({ lastUsedAt: now });
  } catch {
    // The cache is a convenience; the next read tries again.
  }
}

/**
 * Stores the series the network sent (pages newest first), replacing what
 * was kept for (symbol, interval) so the cache never mixes two fetches with a
 * hole between them; then trims the cache to its cap. Empty pages are not kept.
 */
export async function writeCachedKlinePages(symbol: string, interval: Interval, pages: readonly (readonly KlineBar[])[], now = Date.now()): Promise<void> {
  try {
    const db = await openDatabase();
    const firstEmpty = pages.findIndex((p) => p.length === 0);
    const kept = firstEmpty === -1 ? pages : pages.slice(0, firstEmpty);
    const rows: KlinePageRow[] = kept.map((bars, page) => ({ symbol, interval, page, rows: bars.map(toRow), savedAt: now, lastUsedAt: now }));
    await db.transaction('rw', db.klinePages, async () => {
      await db.klinePages.where('[symbol+interval]').equals([symbol, interval]).delete();
      await db.klinePages.bulkPut(rows);
    });
    await evictKlinePages();
  } catch {
    // Quota or a blocked database: the chart simply starts from the network next time.
  }
}

/** Deletes the least recently used pages beyond the cap, reading keys only (never the bars). */
export async function evictKlinePages(cap = KLINE_CACHE_MAX_PAGES): Promise<void> {
  try {
    const table = (await openDatabase()).klinePages;
    if ((await table.count()) <= cap) return;
    const entries: CachedPageEntry<KlinePageKey>[] = [];
    await table.orderBy('lastUsedAt').eachKey((lastUsedAt, cursor) => {
      const key = cursor.primaryKey;
      entries.push({ key, page: key[2], lastUsedAt: Number(lastUsedAt) });
    });
    const evicted = pagesToEvict(entries, cap);
    if (evicted.length > 0) await table.bulkDelete(evicted);
  } catch {
    // Trimming waits for the next write.
  }
}
