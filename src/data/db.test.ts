import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { SpotDatabase } from './db';

describe('page database versions', () => {
  it('upgrades a version 1 database in place: recents kept, kline pages and the network tables added', async () => {
    const name = 'spot-upgrade-test';
    const v1 = new Dexie(name);
    v1.version(1).stores({ recents: 'symbolId, visitedAt' });
    await v1.table('recents').put({ symbolId: 'ETHUSDT', visitedAt: 1 });
    v1.close();

    const db = new SpotDatabase(name);
    expect(await db.recents.toArray()).toEqual([{ symbolId: 'ETHUSDT', visitedAt: 1 }]);
    await db.klinePages.put({ symbol: 'BTCUSDT', interval: '1m', page: 0, rows: [], savedAt: 1, lastUsedAt: 1 });
    expect(await db.klinePages.where('[symbol+interval]').equals(['BTCUSDT', '1m']).count()).toBe(1);
    await db.netProbes.put({ userKey: 'visitor', errCode: 0, resCode: 0, monitorSwitch: true, receivedAt: 1 });
    await db.reportBatches.put({ id: 'd-1-1', queuedAt: 1, count: 0, reports: [] });
    expect(await db.netProbes.count()).toBe(1);
    expect(await db.reportBatches.orderBy('queuedAt').primaryKeys()).toEqual(['d-1-1']);
    expect(db.verno).toBe(3);
    await db.delete();
  });
});
