// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { chaseTarget } from './algoChase';
import { topOf } from './algoMarket';
import { algoSetUp, allChildren, created, liveChildren, U } from './algoTestKit';

const chase = { strategyType: 'chase', symbol: 'BTCUSDT', side: 'Buy', size: '0.01' } as const;

describe('chase', () => {
  it('pegs to the best bid less the offset, rounded away from the spread, and follows it up and down', () => {
    const { h, desk, settle, book } = algoSetUp();
    // 100 E4 = 0.01 %: 59,999 × 0.9999 = 59,993.0001 → 59,993.00.
    const s = created(desk.create(U, { ...chase, chasePercentE4: 100 }, h.t));
    settle();
    const price = () => liveChildren(h, s.strategyId)[0]?.price;
    expect(price()).toBe(5_999_300);
    expect(liveChildren(h, s.strategyId)[0]).toMatchObject({ timeInForce: 'PostOnly', qty: 10_000 });
    book([['60100', '1']], [['60110', '1']]);
    expect(price()).toBe(6_009_399);
    // Down again, the ask staying above the child (an ask through it would fill it).
    book([['60050', '1']], [['60095', '1']]);
    expect(price()).toBe(6_004_399);
    // One child all along, moved by amends.
    expect(allChildren(h, s.strategyId)).toHaveLength(1);
    expect(desk.detail(U, s.strategyId)).toMatchObject({ status: 2, chasePrice: '60043.99', chasePercentE4: 100 });
  });

  it('does not chase itself: joining the best bid, it stays there while the market does', () => {
    const { h, desk, settle, book, trade } = algoSetUp();
    const s = created(desk.create(U, { ...chase, chasePercentE4: 0 }, h.t));
    settle();
    expect(liveChildren(h, s.strategyId)[0]!.price).toBe(5_999_900);
    trade('60000', '0.01', true);
    book([['59999', '1']], [['60001', '1']]);
    expect(liveChildren(h, s.strategyId)[0]!.price).toBe(5_999_900);
    expect(allChildren(h, s.strategyId)).toHaveLength(1);
  });

  it('never re-prices a buy above maxChasePrice, nor a sell below it', () => {
    const up = algoSetUp();
    const buy = created(up.desk.create(U, { ...chase, chasePercentE4: 0, maxChasePrice: '60050' }, up.h.t));
    up.settle();
    up.book([['60100', '1']], [['60110', '1']]);
    expect(liveChildren(up.h, buy.strategyId)[0]!.price).toBe(6_005_000);
    up.book([['60040', '1']], [['60060', '1']]);
    expect(liveChildren(up.h, buy.strategyId)[0]!.price).toBe(6_004_000);

    const down = algoSetUp();
    const sell = created(down.desk.create(U, { ...chase, side: 'Sell', chasePercentE4: 0, maxChasePrice: '59950' }, down.h.t));
    down.settle();
    expect(liveChildren(down.h, sell.strategyId)[0]!.price).toBe(6_000_100);
    down.book([['59900', '1']], [['59910', '1']]);
    expect(liveChildren(down.h, sell.strategyId)[0]!.price).toBe(5_995_000);
    down.book([['60100', '1']], [['60110', '1']]);
    // The bid rose through the child's price: it filled there, as a maker.
    expect(down.desk.detail(U, sell.strategyId)).toMatchObject({ status: 3, endReason: 'completed', avgPrice: '59950' });
  });

  it('finishes when filled: the market comes down to it', () => {
    const { h, desk, settle, trade } = algoSetUp();
    const s = created(desk.create(U, { ...chase, chasePercentE4: 0 }, h.t));
    settle();
    // Sellers take the 1 BTC queued ahead at 59,999, then the child.
    trade('59998', '1.02', false);
    expect(desk.detail(U, s.strategyId)).toMatchObject({ status: 3, endReason: 'completed', executedSize: '0.010000', avgPrice: '59999' });
    expect(h.ex.fills(U)[0]).toMatchObject({ isMaker: true });
  });

  it('a child the market reached during its entry latency (post-only refused) is placed again at the new price', () => {
    const { h, desk, settle, book } = algoSetUp({ latencyMs: 20 });
    const s = created(desk.create(U, { ...chase, chasePercentE4: 0 }, h.t));
    settle();
    // The book drops through the child's price before it arrives; then the clock lets it in.
    h.snapshot([['59900', '1']], [['59950', '1']]);
    h.step(30);
    settle();
    const [first] = allChildren(h, s.strategyId);
    expect(first).toMatchObject({ status: 'Cancelled', reason: { code: 170218 } });
    expect(desk.detail(U, s.strategyId)!.status).toBe(2);
    book([['59900', '1']], [['59950', '1']]);
    h.step(30);
    settle();
    expect(liveChildren(h, s.strategyId)[0]).toMatchObject({ price: 5_990_000, status: 'New' });
  });

  it('the target is one tick inside the spread even when the offset would cross it', () => {
    const settings = { type: 'chase', chasePercentE4: 0, maxChasePrice: null } as const;
    expect(chaseTarget('Buy', settings, { bid: 100, ask: 100 })).toBe(99);
    expect(chaseTarget('Sell', settings, { bid: 100, ask: 100 })).toBe(101);
    expect(chaseTarget('Buy', settings, { bid: undefined, ask: 100 })).toBeNull();
    const { h } = algoSetUp();
    expect(topOf(h.ex, 'BTCUSDT')).toEqual({ bid: 5_999_900, ask: 6_000_100 });
  });
});
