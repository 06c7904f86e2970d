// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fillsOf } from '../exchange/orderTestKit';
import { ALGO_TRADE_FROM } from './algoTags';
import { algoSetUp, allChildren, created, liveChildren, U } from './algoTestKit';

const SEC = 1000;
const twap = { strategyType: 'twap', symbol: 'BTCUSDT', side: 'Buy' } as const;

describe('TWAP', () => {
  it('sends each slice within one interval of its time, IOC, and executes the whole size', () => {
    const { h, desk, settle, tick } = algoSetUp();
    const start = h.t;
    const s = created(desk.create(U, { ...twap, size: '0.05', durationSec: 300, intervalSec: 60 }, start));
    settle();
    // Time passes in 5 s steps, a market event at each (the runtime calls the desk on every replayed event).
    while (h.t < start + 310 * SEC) tick(5 * SEC);

    const slices = allChildren(h, s.strategyId);
    expect(slices.map((o) => o.qty)).toEqual([10_000, 10_000, 10_000, 10_000, 10_000]);
    slices.forEach((o, k) => {
      const due = start + k * 60 * SEC;
      expect(o.createdAt).toBeGreaterThanOrEqual(due);
      expect(o.createdAt - due).toBeLessThan(60 * SEC);
      expect(o).toMatchObject({ timeInForce: 'IOC', status: 'Filled', side: 'Buy' });
    });
    expect(ALGO_TRADE_FROM.twap).toBe(2);
    expect(desk.detail(U, s.strategyId)).toMatchObject({
      status: 3, endReason: 'completed', size: '0.050000', executedSize: '0.050000', avgPrice: '60001', executedValue: '3000.05', childOrderId: '',
      sliceCount: 5, slicesDue: 5, feeCoin: 'BTC', fee: '0.00005',
    });
    expect(liveChildren(h, s.strategyId)).toEqual([]);
  });

  it('never pays above the price limit: a slice out of the market carries its share to the next', () => {
    const { h, desk, settle, tick, book } = algoSetUp();
    const start = h.t;
    const s = created(desk.create(U, { ...twap, size: '0.03', durationSec: 300, intervalSec: 100, priceLimit: '60000' }, start));
    settle();
    while (h.t < start + 150 * SEC) tick(5 * SEC);
    // The ask (60,001) stayed above the limit: nothing was sent.
    expect(allChildren(h, s.strategyId)).toEqual([]);
    expect(desk.detail(U, s.strategyId)).toMatchObject({ status: 2, executedSize: '0.000000', slicesDue: 2 });

    book([['59990', '1']], [['59995', '2']]);
    while (h.t < start + 310 * SEC) tick(5 * SEC);
    const [slice] = allChildren(h, s.strategyId);
    // Slice 2 (the last) took the rest of the two carried slices and its own.
    expect(slice).toMatchObject({ qty: 30_000, price: 6_000_000, status: 'Filled' });
    expect(fillsOf(h, slice!.orderId).every((f) => f.price <= 6_000_000)).toBe(true);
    expect(desk.detail(U, s.strategyId)).toMatchObject({ status: 3, endReason: 'completed', executedSize: '0.030000', avgPrice: '59995' });
  });

  it('a sell never sells below its limit; when the time is over it finishes expired with what executed', () => {
    const { h, desk, settle, tick, book } = algoSetUp();
    const start = h.t;
    const s = created(desk.create(U, { ...twap, side: 'Sell', size: '0.04', durationSec: 400, intervalSec: 100, priceLimit: '59999' }, start));
    settle();
    // Slices 0 and 1 sell 0.01 each at the 59,999 bid; then the bid falls under the limit.
    while (h.t < start + 150 * SEC) tick(5 * SEC);
    book([['59950', '1']], [['59960', '1']]);
    while (h.t < start + 410 * SEC) tick(5 * SEC);
    const children = allChildren(h, s.strategyId);
    expect(children.map((o) => [o.qty, o.executedQty])).toEqual([[10_000, 10_000], [10_000, 10_000]]);
    expect(children.every((o) => o.price >= 5_999_900)).toBe(true);
    expect(desk.detail(U, s.strategyId)).toMatchObject({ status: 3, endReason: 'expired', executedSize: '0.020000', feeCoin: 'USDT', endedTime: expect.any(Number) });
    expect(desk.detail(U, s.strategyId)!.endedTime).toBeGreaterThanOrEqual(start + 400 * SEC);
  });

  it('a thin book fills a slice in part: the rest rides on the next slice', () => {
    const { h, desk, settle, tick, book } = algoSetUp();
    book([['59999', '1']], [['60001', '0.004']]);
    const start = h.t;
    const s = created(desk.create(U, { ...twap, size: '0.02', durationSec: 300, intervalSec: 150 }, start));
    settle();
    const [first] = allChildren(h, s.strategyId);
    expect(first).toMatchObject({ qty: 10_000, executedQty: 4_000, status: 'PartiallyFilledCanceled' });
    book([['59999', '1']], [['60001', '1']]);
    while (h.t < start + 310 * SEC) tick(5 * SEC);
    expect(allChildren(h, s.strategyId).map((o) => o.qty)).toEqual([10_000, 16_000]);
    expect(desk.detail(U, s.strategyId)).toMatchObject({ status: 3, endReason: 'completed', executedSize: '0.020000' });
  });
});
