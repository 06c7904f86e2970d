// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { unitScale } from '../exchange/amount';
import { amount } from '../exchange/testKit';
import { cellSides, levelPrice, levelsFrom, nearestLevel, roundTripsClearFees, type GridGeometry } from './gridMath';
import { grossLots, sizeGrid, type SizingInput } from './gridSizing';

/** BTCUSDT steps: price 0.01 (ticks), quantity 0.000001 (lots). */
const px = (n: number) => Math.round(n * 100);

describe('grid levels on the tick', () => {
  it('arithmetic: equal steps, rounded to whole ticks', () => {
    expect(levelsFrom({ min: px(60000), max: px(61000), count: 4, type: 'arithmetic' })).toEqual([60000, 60250, 60500, 60750, 61000].map(px));
    // 100.00 to 100.10 in 3: 100.0333… → 100.03, 100.0666… → 100.07
    expect(levelsFrom({ min: 10000, max: 10010, count: 3, type: 'arithmetic' })).toEqual([10000, 10003, 10007, 10010]);
  });

  it('geometric: equal ratios, rounded to whole ticks, ends exact', () => {
    expect(levelsFrom({ min: px(100), max: px(400), count: 2, type: 'geometric' })).toEqual([10000, 20000, 40000]);
    // 100·√2 = 141.421…, 200·√2 = 282.842…
    expect(levelsFrom({ min: px(100), max: px(400), count: 4, type: 'geometric' })).toEqual([10000, 14142, 20000, 28284, 40000]);
    const g: GridGeometry = { min: px(59000), max: px(61000), count: 7, type: 'geometric' };
    const levels = levelsFrom(g);
    expect(levels.every(Number.isInteger)).toBe(true);
    const ratios = levels.slice(1).map((p, i) => p / levels[i]!);
    for (const r of ratios) expect(r).toBeCloseTo(ratios[0]!, 6);
  });

  it('levels past the top continue the spacing (trailing reads them)', () => {
    const g: GridGeometry = { min: px(60000), max: px(61000), count: 4, type: 'arithmetic' };
    expect(levelPrice(g, 5)).toBe(px(61250));
    expect(levelsFrom(g, 1)).toEqual([60250, 60500, 60750, 61000, 61250].map(px));
    expect(levelPrice({ min: px(100), max: px(400), count: 2, type: 'geometric' }, 3)).toBe(px(800));
  });

  it('the nearest level to the price gets no order: buys below it, sells from it up', () => {
    const levels = [100, 200, 300, 400, 500];
    expect(nearestLevel(levels, 290)).toBe(2);
    expect(nearestLevel(levels, 250)).toBe(1);
    expect(cellSides(levels, 290)).toEqual(['Buy', 'Buy', 'Sell', 'Sell']);
    expect(cellSides(levels, 50)).toEqual(['Sell', 'Sell', 'Sell', 'Sell']);
    expect(cellSides(levels, 520)).toEqual(['Buy', 'Buy', 'Buy', 'Buy']);
  });

  it('a grid must gain more than the fees of a buy and a sell', () => {
    // 10,020 × 0.999² = 9,999.97 < 10,000; 10,021 × 0.999² = 10,000.97
    expect(roundTripsClearFees([10000, 10020], 1000)).toBe(false);
    expect(roundTripsClearFees([10000, 10021], 1000)).toBe(true);
    expect(roundTripsClearFees([10000, 10000, 10021], 0)).toBe(false);
  });
});

describe('per-grid quantity', () => {
  const scale = unitScale('0.01', '0.000001');
  const input = (over: Partial<SizingInput>): SizingInput => {
    const levels = [59000, 60000, 61000, 62000].map(px);
    const price = px(60400);
    return {
      levels, sides: cellSides(levels, price), price, quote: 0n, base: 0n, scale, takerFeePpm: 1000,
      amountStep: amount('0.00000001'), minLots: 48, minAmount: amount('1'), ...over,
    };
  };

  it('lots a buy must trade to receive what the sells need after its fee in base', () => {
    const lot = amount('0.000001');
    // 2,002 lots receive 2,002 − 2.002 = 1,999.998: one more is needed.
    expect(grossLots(2000, 1000, lot)).toBe(2003);
    expect(grossLots(1998, 1000, lot)).toBe(2000);
    expect(grossLots(0, 1000, lot)).toBe(0);
    expect(grossLots(500, 0, lot)).toBe(500);
  });

  it('quote only: the buy below the price plus a start buy for the two sells above', () => {
    // Buy 0.001 at 59,000 = 59; start buy 2,003 lots at 60,400 + 0.5 % = 60,702 → 121.586106.
    expect(sizeGrid(input({ quote: amount('180.586106') }))).toEqual({ qty: 1000, trade: { side: 'Buy', value: amount('121.586106'), lots: 2000 } });
    // One millionth less: 999 lots (58.941 + 2,000 lots × 60,702 = 121.404).
    expect(sizeGrid(input({ quote: amount('180.586105') }))).toEqual({ qty: 999, trade: { side: 'Buy', value: amount('121.404'), lots: 1998 } });
  });

  it('base for the sells and quote for the buy: no start trade', () => {
    expect(sizeGrid(input({ quote: amount('59'), base: amount('0.002') }))).toEqual({ qty: 1000, trade: null });
  });

  it('base only: the surplus is sold at the start to pay for the buy', () => {
    const { qty, trade } = sizeGrid(input({ base: amount('0.01') }));
    expect(trade).toEqual({ side: 'Sell', lots: 10_000 - 2 * qty });
    // The sale at 60,400 − 0.5 % = 60,098 less the fee pays for the buy at 59,000.
    const proceeds = (10_000 - 2 * qty) * 60098 * 0.999;
    expect(qty * 59000).toBeLessThanOrEqual(proceeds);
    expect((qty + 1) * 59000).toBeGreaterThan((10_000 - 2 * (qty + 1)) * 60098 * 0.999);
  });

  it('nothing fits: zero lots', () => {
    expect(sizeGrid(input({ quote: amount('0.5') })).qty).toBe(0);
  });
});
