import { afterEach, describe, expect, it } from 'vitest';
import { getDatabase } from './db';
import { recordRecentVisit } from './recents';

afterEach(async () => {
  await getDatabase().recents.clear();
});

describe('recent symbols (Dexie)', () => {
  it('keeps the latest visit first, each symbol once', async () => {
    await recordRecentVisit('ETHUSDT', 1);
    await recordRecentVisit('BTCUSDT', 2);
    await recordRecentVisit('ETHUSDT', 3);
    const rows = await getDatabase().recents.orderBy('visitedAt').reverse().toArray();
    expect(rows.map((r) => r.symbolId)).toEqual(['ETHUSDT', 'BTCUSDT']);
  });

  it('keeps at most ten', async () => {
    for (let i = 0; i < 13; i++) await recordRecentVisit(`S${i}USDT`, i);
    const rows = await getDatabase().recents.orderBy('visitedAt').reverse().toArray();
    expect(rows).toHaveLength(10);
    expect(rows[0]?.symbolId).toBe('S12USDT');
  });
});
