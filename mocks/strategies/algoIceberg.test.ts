// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { amount } from '../exchange/testKit';
import { draw } from './algoIceberg';
import { algoSetUp, allChildren, created, liveChildren, U } from './algoTestKit';

const iceberg = { strategyType: 'iceberg', symbol: 'BTCUSDT', side: 'Buy', price: '60000' } as const;

/** Sellers hit the bids through 60,000 in small trades until the strategy is done (or `max` trades). */
function sellDown(kit: ReturnType<typeof algoSetUp>, strategyId: string, visibleLots: number, max = 200) {
  const seen: number[] = [];
  for (let i = 0; i < max && kit.desk.detail(U, strategyId)!.status === 2; i++) {
    kit.trade('59999', '0.0007', false);
    kit.h.step(25);
    kit.settle();
    // At no point does the book hold more than the visible size of the strategy's orders.
    const live = liveChildren(kit.h, strategyId);
    expect(live.length).toBeLessThanOrEqual(1);
    expect(live.reduce((n, o) => n + o.qty - o.executedQty, 0)).toBeLessThanOrEqual(visibleLots);
    const atPrice = kit.h.ex.bookView('BTCUSDT', 5)!.b.find(([p]) => p === 6_000_000)?.[1] ?? 0;
    expect(atPrice).toBeLessThanOrEqual(visibleLots);
    seen.push(...live.map((o) => o.qty));
  }
  return seen;
}

describe('iceberg', () => {
  it('rests one visible child at a time at its price, the next once it filled, until the size is done', () => {
    const kit = algoSetUp({ latencyMs: 20 });
    const s = created(kit.desk.create(U, { ...iceberg, size: '0.01', visibleSize: '0.002' }, kit.h.t));
    kit.settle();
    sellDown(kit, s.strategyId, 2_000);
    const children = allChildren(kit.h, s.strategyId);
    expect(children.map((o) => [o.qty, o.price, o.status])).toEqual(Array(5).fill([2_000, 6_000_000, 'Filled']));
    expect(kit.desk.detail(U, s.strategyId)).toMatchObject({ status: 3, endReason: 'completed', executedSize: '0.010000', avgPrice: '60000', price: '60000.00', visibleSize: '0.002000' });
  });

  it('randomised children lie in [0.8 × visible, visible] on the lot step and add up to the size', () => {
    const kit = algoSetUp();
    const s = created(kit.desk.create(U, { ...iceberg, size: '0.02', visibleSize: '0.002', randomize: true }, kit.h.t));
    kit.settle();
    sellDown(kit, s.strategyId, 2_000, 400);
    const qtys = allChildren(kit.h, s.strategyId).map((o) => o.qty);
    expect(qtys.length).toBeGreaterThan(10);
    // The last child may take a smaller rest; every other one is a draw in the range.
    for (const q of qtys.slice(0, -1)) expect(q >= 1_600 && q <= 2_000).toBe(true);
    expect(qtys.at(-1)!).toBeLessThanOrEqual(2_000);
    expect(new Set(qtys).size).toBeGreaterThan(2);
    expect(qtys.reduce((a, b) => a + b, 0)).toBe(20_000);
    expect(kit.desk.detail(U, s.strategyId)).toMatchObject({ status: 3, endReason: 'completed', executedSize: '0.020000' });
  });

  it('draws from a seeded generator: uniform enough and repeatable', () => {
    let state = 12345;
    const draws: number[] = [];
    for (let i = 0; i < 1000; i++) {
      const [r, next] = draw(state);
      draws.push(r);
      state = next;
    }
    expect(draws.every((r) => r >= 0 && r < 1)).toBe(true);
    expect(Math.abs(draws.reduce((a, b) => a + b, 0) / 1000 - 0.5)).toBeLessThan(0.05);
    expect(draw(12345)).toEqual(draw(12345));
  });

  it('cancel ends it at once: the live child is cancelled, what executed stays', () => {
    const kit = algoSetUp();
    const s = created(kit.desk.create(U, { ...iceberg, size: '0.01', visibleSize: '0.002' }, kit.h.t));
    kit.settle();
    kit.trade('59999', '0.0005', false);
    const done = kit.desk.cancel(U, s.strategyId, kit.h.t);
    expect(done.ok && done.value).toMatchObject({ status: 3, endReason: 'cancelled', executedSize: '0.000500', childOrderId: '' });
    expect(liveChildren(kit.h, s.strategyId)).toEqual([]);
    expect(allChildren(kit.h, s.strategyId)[0]).toMatchObject({ status: 'PartiallyFilledCanceled' });
    const again = kit.desk.cancel(U, s.strategyId, kit.h.t);
    expect(!again.ok && again.error.code).toBe(170190);
    expect(kit.desk.cancel('someone', s.strategyId, kit.h.t)).toMatchObject({ ok: false, error: { code: 170213 } });
  });

  it('a child the user cancels, or an account reset, ends the strategy with reason unknown', () => {
    const kit = algoSetUp();
    const a = created(kit.desk.create(U, { ...iceberg, size: '0.01', visibleSize: '0.002' }, kit.h.t));
    kit.settle();
    const [child] = liveChildren(kit.h, a.strategyId);
    kit.h.ex.cancel(U, { orderId: child!.orderId }, kit.h.t);
    kit.settle();
    expect(kit.desk.detail(U, a.strategyId)).toMatchObject({ status: 3, endReason: 'unknown' });
    expect(liveChildren(kit.h, a.strategyId)).toEqual([]);

    const b = created(kit.desk.create(U, { ...iceberg, size: '0.01', visibleSize: '0.002' }, kit.h.t));
    kit.settle();
    kit.h.ex.resetAccount(U, { USDT: amount('100000') }, kit.h.t);
    kit.settle();
    expect(kit.desk.detail(U, b.strategyId)).toMatchObject({ status: 3, endReason: 'unknown' });
    expect(kit.desk.list(U, { status: 3 }).map((d) => d.strategyId)).toEqual([b.strategyId, a.strategyId]);
    expect(kit.desk.list(U, { status: 2 })).toEqual([]);
  });
});
