// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { MarketEvent } from '../market/types';
import { restoreExchange, snapshotExchange } from '../exchange/snapshot';
import { instrumentsFor } from '../exchange/testKit';
import { createAlgoDesk } from './algoDesk';
import { algoSetUp, allChildren, created, liveChildren, U } from './algoTestKit';

const iceberg = { strategyType: 'iceberg', symbol: 'BTCUSDT', side: 'Buy', price: '60000', size: '0.006', visibleSize: '0.002' } as const;

/** A running iceberg whose first child has filled in part. */
function midway() {
  const kit = algoSetUp();
  const s = created(kit.desk.create(U, iceberg, kit.h.t));
  kit.settle();
  kit.trade('59999', '0.0005', false);
  return { ...kit, strategyId: s.strategyId };
}

const sellerTrade = (t: number, seq: number): MarketEvent => ({ t, seq, ch: 'trade', msg: { s: 'BTCUSDT', id: seq, p: 5_999_900, q: 5_000, m: false } }) as MarketEvent;

describe('strategy orders across a reload', () => {
  it('the snapshot is plain JSON and restores to the same strategies, on a restored engine, which go on working', () => {
    const { h, desk, strategyId } = midway();
    const snap = desk.snapshot();
    const saved = JSON.parse(JSON.stringify(snap)) as unknown;
    expect(saved).toEqual(snap);
    expect(desk.toJSON()).toEqual(snap);

    const ex = restoreExchange({ instruments: instrumentsFor(['BTCUSDT']), startTime: 1_000 }, JSON.parse(JSON.stringify(snapshotExchange(h.ex))));
    const later: Array<() => void> = [];
    let t = h.t;
    const again = createAlgoDesk(ex, { state: saved, now: () => t, defer: (run) => later.push(run) });
    later.splice(0).forEach((run) => run());
    expect(again.snapshot()).toEqual(snap);
    expect(again.detail(U, strategyId)).toEqual(desk.detail(U, strategyId));

    // Sellers fill the rest of the first child on the restored engine: the second goes out.
    t += 1;
    ex.onMarket(sellerTrade(t, 10_000), t);
    again.onMarket('BTCUSDT');
    later.splice(0).forEach((run) => run());
    expect(again.detail(U, strategyId)).toMatchObject({ status: 2, executedSize: '0.002000' });
    expect(ex.openOrders(U).filter((o) => o.clientOrderId.startsWith('algo-')).map((o) => [o.qty, o.executedQty])).toEqual([[2_000, 0]]);
  });

  it('fills that came while the desk was away are booked when it comes back, and it carries on', () => {
    const { h, desk, strategyId } = midway();
    const saved = JSON.parse(JSON.stringify(desk.snapshot())) as unknown;
    desk.dispose();
    h.trade('59999', '0.01', false);
    const later: Array<() => void> = [];
    const again = createAlgoDesk(h.ex, { state: saved, now: () => h.t, defer: (run) => later.push(run) });
    later.splice(0).forEach((run) => run());
    expect(again.detail(U, strategyId)).toMatchObject({ status: 2, executedSize: '0.002000' });
    expect(liveChildren(h, strategyId)).toHaveLength(1);
  });

  it('a running TWAP keeps its schedule after a restore', () => {
    const kit = algoSetUp();
    const start = kit.h.t;
    const s = created(kit.desk.create(U, { strategyType: 'twap', symbol: 'BTCUSDT', side: 'Buy', size: '0.03', durationSec: 300, intervalSec: 100 }, start));
    kit.settle();
    expect(allChildren(kit.h, s.strategyId)).toHaveLength(1);
    const saved = JSON.parse(JSON.stringify(kit.desk.snapshot())) as unknown;
    kit.desk.dispose();
    const later: Array<() => void> = [];
    const again = createAlgoDesk(kit.h.ex, { state: saved, now: () => kit.h.t, defer: (run) => later.push(run) });
    while (kit.h.t < start + 310_000) {
      kit.h.step(5_000);
      again.onMarket('BTCUSDT');
      later.splice(0).forEach((run) => run());
    }
    const slices = allChildren(kit.h, s.strategyId);
    expect(slices.map((o) => o.createdAt - start)).toEqual([0, 100_000, 200_000].map((d) => expect.toSatisfy((x: number) => x >= d && x < d + 100_000)));
    expect(again.detail(U, s.strategyId)).toMatchObject({ status: 3, endReason: 'completed', executedSize: '0.030000' });
  });

  it('drops saved strategies that do not read, and never reuses an id', () => {
    const { h, desk, strategyId } = midway();
    const snap = desk.snapshot();
    const damaged = { ...snap, seq: 0, strategies: [...snap.strategies, { strategyId: 3 }, null, { ...snap.strategies[0], status: 7 }] };
    const again = createAlgoDesk(h.ex, { state: damaged, now: () => h.t, defer: () => {} });
    expect(again.snapshot().strategies.map((s) => s.strategyId)).toEqual([strategyId]);
    const next = created(again.create(U, { ...iceberg, price: '59000' }, h.t));
    expect(next.strategyId).not.toBe(strategyId);
    expect(createAlgoDesk(h.ex, { state: 'nonsense', now: () => h.t, defer: () => {} }).snapshot()).toEqual({ version: 1, seq: 0, strategies: [] });
  });
});
