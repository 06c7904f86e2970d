import { Decimal } from 'decimal.js';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BookLevel, costPreview, isMarketable } from './costPreview';

// BTCUSDT-like book (tick 0.01, lot 0.000001), taker fee 0.1 % (REFERENCE.md).
const asks: BookLevel[] = [
  { price: '60000.00', qty: '0.5' },
  { price: '60001.00', qty: '1' },
  { price: '60010.00', qty: '2' },
];
const bids: BookLevel[] = [
  { price: '59999.00', qty: '0.5' },
  { price: '59990.00', qty: '1' },
  { price: '59900.00', qty: '2' },
];
const base = { lastPrice: '60000', feeRate: '0.001' } as const;

describe('costPreview', () => {
  it('walks several levels for a market buy by quantity', () => {
    const p = costPreview({ ...base, side: 'Buy', levels: asks, quantity: '1.2' });
    expect(p.filledQty).toBe('1.2');
    // 0.5 × 60000 + 0.7 × 60001
    expect(p.filledValue).toBe('72000.7');
    expect(p.avgPrice).toBe('60000.583333333333333333');
    expect(p.levelsUsed).toBe(2);
    expect(p.worstPrice).toBe('60001');
    expect(p.partial).toBe(false);
    // A buy receives base, so the fee is in base.
    expect(p.fee).toBe('0.0012');
  });

  it('fills a single level exactly', () => {
    const p = costPreview({ ...base, side: 'Buy', levels: asks, quantity: '0.5' });
    expect(p).toEqual({
      filledQty: '0.5',
      filledValue: '30000',
      avgPrice: '60000',
      slippage: '0',
      levelsUsed: 1,
      worstPrice: '60000',
      fee: '0.0005',
      partial: false,
    });
  });

  it('spends a quote value on a market buy by value', () => {
    const p = costPreview({ ...base, side: 'Buy', levels: asks, value: '90001' });
    // 30000 on the first level, 60001 buys the whole second one.
    expect(p.filledQty).toBe('1.5');
    expect(p.filledValue).toBe('90001');
    expect(p.levelsUsed).toBe(2);
    expect(p.partial).toBe(false);

    const q = costPreview({ ...base, side: 'Buy', levels: asks, value: '100' });
    expect(q.filledValue).toBe('100');
    // 100 / 60000, cut (never rounded up) at 18 places.
    expect(q.filledQty).toBe('0.001666666666666666');
    expect(q.levelsUsed).toBe(1);
  });

  it('lets a non-empty quantity win over a blank value and vice versa', () => {
    expect(costPreview({ ...base, side: 'Buy', levels: asks, quantity: '', value: '30000' }).filledQty).toBe('0.5');
    expect(costPreview({ ...base, side: 'Buy', levels: asks, quantity: '0.5', value: '' }).filledValue).toBe('30000');
  });

  it('stops at the limit price', () => {
    const p = costPreview({ ...base, side: 'Buy', levels: asks, quantity: '3', limitPrice: '60005' });
    expect(p.filledQty).toBe('1.5');
    expect(p.levelsUsed).toBe(2);
    expect(p.worstPrice).toBe('60001');
    expect(p.partial).toBe(true);

    const s = costPreview({ ...base, side: 'Sell', levels: bids, quantity: '3', limitPrice: '59990' });
    expect(s.filledQty).toBe('1.5');
    expect(s.worstPrice).toBe('59990');

    const none = costPreview({ ...base, side: 'Buy', levels: asks, quantity: '1', limitPrice: '59000' });
    expect(none.filledQty).toBe('0');
    expect(none.avgPrice).toBeNull();
    expect(none.partial).toBe(true);
  });

  it('handles an empty book and an empty order', () => {
    const empty = costPreview({ ...base, side: 'Buy', levels: [], quantity: '1' });
    expect(empty).toEqual({ filledQty: '0', filledValue: '0', avgPrice: null, slippage: null, levelsUsed: 0, worstPrice: null, fee: '0', partial: true });
    const nothing = costPreview({ ...base, side: 'Buy', levels: asks });
    expect(nothing.partial).toBe(false);
    expect(nothing.levelsUsed).toBe(0);
  });

  it('reports a partial fill when the book is too thin', () => {
    const p = costPreview({ ...base, side: 'Sell', levels: bids, quantity: '10' });
    expect(p.filledQty).toBe('3.5');
    expect(p.levelsUsed).toBe(3);
    expect(p.worstPrice).toBe('59900');
    expect(p.partial).toBe(true);
  });

  it('skips malformed rows', () => {
    const levels = [{ price: 'x', qty: '1' }, { price: '60000', qty: '0' }, ...asks];
    expect(costPreview({ ...base, side: 'Buy', levels, quantity: '0.5' }).avgPrice).toBe('60000');
  });

  it('signs slippage so that worse is positive', () => {
    const buy = costPreview({ ...base, side: 'Buy', levels: asks, quantity: '1.5' });
    // avg (30000 + 60001) / 1.5 = 60000.6666…, above last 60000
    expect(new Decimal(buy.slippage ?? 'NaN').gt(0)).toBe(true);
    const sell = costPreview({ ...base, side: 'Sell', levels: bids, quantity: '1.5' });
    // (29999.5 + 59990) / 1.5 = 59993 → (60000 − 59993) / 60000
    expect(sell.avgPrice).toBe('59993');
    expect(sell.slippage).toBe('0.000116666666666667');
    // Selling above the last price is an improvement: negative.
    const better = costPreview({ ...base, lastPrice: '59000', side: 'Sell', levels: bids, quantity: '0.5' });
    expect(new Decimal(better.slippage ?? 'NaN').lt(0)).toBe(true);
    expect(costPreview({ ...base, lastPrice: null, side: 'Buy', levels: asks, quantity: '1' }).slippage).toBeNull();
  });

  it('charges the sell fee in quote', () => {
    const p = costPreview({ ...base, side: 'Sell', levels: bids, quantity: '0.5' });
    expect(p.filledValue).toBe('29999.5');
    expect(p.fee).toBe('29.9995');
  });

  it('never fills more than the book, and averages between best and worst', () => {
    // Sorted books from integer ticks and lots, so nothing passes through a float.
    const book = (side: 'Buy' | 'Sell') =>
      fc
        .uniqueArray(fc.integer({ min: 1, max: 10_000_000 }), { minLength: 1, maxLength: 15 })
        .chain((ticks) => fc.tuple(fc.constant(ticks), fc.array(fc.integer({ min: 1, max: 5_000_000 }), { minLength: ticks.length, maxLength: ticks.length })))
        .map(([ticks, lots]) => {
          const sorted = [...ticks].sort((a, b) => (side === 'Buy' ? a - b : b - a));
          return sorted.map((t, i) => ({ price: new Decimal(t).div(100).toFixed(), qty: new Decimal(lots[i] ?? 1).div(1_000_000).toFixed() }));
        });
    const order = fc.oneof(
      fc.integer({ min: 1, max: 50_000_000 }).map((n) => ({ quantity: new Decimal(n).div(1_000_000).toFixed() })),
      fc.integer({ min: 1, max: 10_000_000 }).map((n) => ({ value: new Decimal(n).div(100).toFixed() })),
    );
    const scenario = fc.constantFrom<'Buy' | 'Sell'>('Buy', 'Sell').chain((side) => fc.tuple(fc.constant(side), book(side), order));
    fc.assert(
      fc.property(scenario, ([side, levels, amount]) => {
        const p = costPreview({ side, levels, ...amount, lastPrice: '1000', feeRate: '0.001' });
        const total = levels.reduce((sum, l) => sum.plus(l.qty), new Decimal(0));
        expect(new Decimal(p.filledQty).lte(total)).toBe(true);
        expect(p.filledQty).not.toMatch(/e/i);
        if (p.avgPrice === null) return;
        const best = new Decimal(levels[0]?.price ?? 'NaN');
        const worst = new Decimal(p.worstPrice ?? 'NaN');
        const avg = new Decimal(p.avgPrice);
        const [lo, hi] = side === 'Buy' ? [best, worst] : [worst, best];
        expect(avg.gte(lo) && avg.lte(hi)).toBe(true);
        expect(p.levelsUsed).toBeLessThanOrEqual(levels.length);
      }),
    );
  });
});

describe('isMarketable', () => {
  it('is true when a limit crosses the spread', () => {
    expect(isMarketable('Buy', '60000', '59999', '60000')).toBe(true);
    expect(isMarketable('Buy', '60000.01', '59999', '60000')).toBe(true);
    expect(isMarketable('Buy', '59999.99', '59999', '60000')).toBe(false);
    expect(isMarketable('Sell', '59999', '59999', '60000')).toBe(true);
    expect(isMarketable('Sell', '59999.01', '59999', '60000')).toBe(false);
  });

  it('is false against an empty side or a bad price', () => {
    expect(isMarketable('Buy', '60000', '59999', null)).toBe(false);
    expect(isMarketable('Sell', '1', null, '60000')).toBe(false);
    expect(isMarketable('Buy', 'abc', '59999', '60000')).toBe(false);
  });
});
