import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KlineBar } from './api/klines';
import { getDatabase } from './db';
import { evictKlinePages, KLINE_CACHE_MAX_PAGES, prefetchCachedKlinePages, readCachedKlinePages, writeCachedKlinePages } from './klineCache';

const bar = (time: number): KlineBar => ({ time, open: '1.5', high: '2.25', low: '1', close: '2', volume: '0.001' });
const page = (from: number, count: number) => Array.from({ length: count }, (_, i) => bar(from + i));
const table = () => getDatabase().klinePages;
/** Tidying after a read runs in the background: wait for it to land, however busy the machine is. */
const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 5_000, interval: 10 });
const lastUses = async (symbol?: string) =>
  (await table().toArray()).filter((r) => !symbol || r.symbol === symbol).map((r) => r.lastUsedAt);

afterEach(async () => {
  await table().clear();
});

describe('kline page cache (Dexie)', () => {
  it('reads back the pages written, newest page first, with the exact decimal strings', async () => {
    const pages = [page(1000, 3), page(900, 2)];
    await writeCachedKlinePages('BTCUSDT', '1m', pages, 5);
    expect(await readCachedKlinePages('BTCUSDT', '1m', 6)).toEqual(pages);
    expect(await readCachedKlinePages('BTCUSDT', '5m', 6)).toEqual([]);
    expect(await readCachedKlinePages('ETHUSDT', '1m', 6)).toEqual([]);
  });

  it("a read started early (page boot) serves the chart's first read once, then reads go to the database", async () => {
    await writeCachedKlinePages('BTCUSDT', '1m', [page(1000, 2)], 1);
    prefetchCachedKlinePages('BTCUSDT', '1m');
    // Written after the prefetch began: the prefetched answer does not have it, a later read does.
    await writeCachedKlinePages('BTCUSDT', '1m', [page(2000, 2)], 2);
    expect(await readCachedKlinePages('BTCUSDT', '1m')).toEqual([page(1000, 2)]);
    expect(await readCachedKlinePages('BTCUSDT', '1m')).toEqual([page(2000, 2)]);
  });

  it('a new write replaces the series, so two fetches never mix', async () => {
    await writeCachedKlinePages('BTCUSDT', '1m', [page(1000, 3), page(900, 3), page(800, 3)], 1);
    await writeCachedKlinePages('BTCUSDT', '1m', [page(1100, 3), []], 2);
    expect(await readCachedKlinePages('BTCUSDT', '1m')).toEqual([page(1100, 3)]);
    expect(await table().count()).toBe(1);
  });

  it('records each read as a use', async () => {
    await writeCachedKlinePages('BTCUSDT', '1m', [page(1, 2), page(0, 1)], 1);
    await readCachedKlinePages('BTCUSDT', '1m', 77);
    await eventually(async () => expect(await lastUses()).toEqual([77, 77]));
  });

  it('evicts the least recently used pages beyond the cap after a write', async () => {
    for (let i = 0; i < KLINE_CACHE_MAX_PAGES / 4; i += 1) {
      await writeCachedKlinePages(`S${i}USDT`, '1m', [page(400, 1), page(300, 1), page(200, 1), page(100, 1)], 100 + i);
    }
    expect(await table().count()).toBe(KLINE_CACHE_MAX_PAGES);
    // S0 is read again, so S1 is now the least recently used.
    await readCachedKlinePages('S0USDT', '1m', 1000);
    await eventually(async () => expect(await lastUses('S0USDT')).toEqual([1000, 1000, 1000, 1000]));
    await writeCachedKlinePages('NEWUSDT', '1m', [page(5, 1), page(4, 1)], 2000);
    expect(await table().count()).toBe(KLINE_CACHE_MAX_PAGES);
    expect(await readCachedKlinePages('S0USDT', '1m')).toHaveLength(4);
    expect(await readCachedKlinePages('NEWUSDT', '1m')).toHaveLength(2);
    // S1 lost its two oldest pages; its newest pages still draw.
    expect(await readCachedKlinePages('S1USDT', '1m')).toEqual([page(400, 1), page(300, 1)]);
  });

  it('evicts to any cap asked', async () => {
    await writeCachedKlinePages('AUSDT', '1m', [page(1, 1)], 1);
    await writeCachedKlinePages('BUSDT', '1m', [page(1, 1)], 2);
    await evictKlinePages(1);
    expect((await table().toArray()).map((r) => r.symbol)).toEqual(['BUSDT']);
  });

  it('ignores and deletes corrupt rows and pages stranded after a gap, never throwing', async () => {
    const good = { symbol: 'BTCUSDT', interval: '1m', savedAt: 1, lastUsedAt: 1 };
    await table().bulkPut([
      { ...good, page: 0, rows: [[1000, '1', '1', '1', '1', '1']] },
      { ...good, page: 1, rows: [[900, 'NaN', '1', '1', '1', '1']] },
      { ...good, page: 2, rows: [[800, '1', '1', '1', '1', '1']] },
      { ...good, interval: '5m', page: 0, rows: 'garbage' as unknown as unknown[] },
      { ...good, interval: '15m', page: 0, savedAt: Number.NaN, rows: [] },
      { ...good, interval: '1h', page: 0, rows: [[1, '1', '1']] },
    ]);
    expect(await readCachedKlinePages('BTCUSDT', '1m')).toEqual([[{ time: 1000, open: '1', high: '1', low: '1', close: '1', volume: '1' }]]);
    for (const interval of ['5m', '15m', '1h'] as const) expect(await readCachedKlinePages('BTCUSDT', interval)).toEqual([]);
    await eventually(async () => expect((await table().toArray()).map((r) => `${r.interval}:${r.page}`)).toEqual(['1m:0']));
  });

  it('degrades to no cache when IndexedDB fails', async () => {
    const db = getDatabase();
    await writeCachedKlinePages('BTCUSDT', '1m', [page(1, 1)]);
    db.close();
    try {
      expect(await readCachedKlinePages('BTCUSDT', '1m')).toEqual([]);
      await expect(writeCachedKlinePages('BTCUSDT', '1m', [page(1, 1)])).resolves.toBeUndefined();
      await expect(evictKlinePages(0)).resolves.toBeUndefined();
    } finally {
      await db.open();
    }
  });
});
