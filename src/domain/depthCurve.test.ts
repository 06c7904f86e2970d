import { describe, expect, it } from 'vitest';
import type { PriceLevel } from './depthBook';
import { clampZoom, DEFAULT_DEPTH_ZOOM, depthCurves, depthRange, pointAt, pointsLeftToRight, stepPoint } from './depthCurve';
import { bookView } from './orderbookRows';

const bids: PriceLevel[] = [
  ['100.1', '0.1'],
  ['100.0', '0.2'],
  ['99.9', '0.3'],
  ['99.5', '1'],
];
const asks: PriceLevel[] = [
  ['100.2', '0.05'],
  ['100.3', '0.15'],
  ['101.1', '2'],
];
const book = { bids, asks };

describe('depthCurves', () => {
  it('cumulates amount and value outwards from the best level, exactly', () => {
    const curves = depthCurves(book);
    expect(curves.bids.map((p) => [p.price, p.total, p.value])).toEqual([
      ['100.1', '0.1', '10.01'],
      ['100.0', '0.3', '30.01'],
      ['99.9', '0.6', '59.98'],
      ['99.5', '1.6', '159.48'],
    ]);
    expect(curves.asks.map((p) => [p.price, p.total, p.value])).toEqual([
      ['100.2', '0.05', '5.01'],
      ['100.3', '0.2', '20.055'],
      ['101.1', '2.2', '222.255'],
    ]);
    expect(curves.bids[1]!.plotTotal).toBeCloseTo(0.3);
    expect(curves.mid).toBe('100.15');
    expect(curves.crossed).toBe(false);
  });

  it('agrees with the order book Total column at every price', () => {
    const curves = depthCurves(book);
    const view = bookView(book, { bids: 40, asks: 40 });
    expect(curves.bids.map((p) => [p.price, p.total, p.value])).toEqual(view.bids.map((r) => [r.price, r.totalAmount, r.totalValue]));
    expect(curves.asks.map((p) => [p.price, p.total, p.value])).toEqual(view.asks.map((r) => [r.price, r.totalAmount, r.totalValue]));
  });

  it('an empty book has no mid; an empty side takes the mid from the other', () => {
    expect(depthCurves({ bids: [], asks: [] })).toEqual({ bids: [], asks: [], mid: null, crossed: false });
    const onlyAsks = depthCurves({ bids: [], asks });
    expect(onlyAsks.mid).toBe('100.2');
    expect(onlyAsks.bids).toEqual([]);
  });

  it('marks locked and crossed books', () => {
    expect(depthCurves({ bids: [['100.2', '1']], asks: [['100.2', '1']] }).crossed).toBe(true);
    const crossed = depthCurves({ bids: [['101', '1']], asks: [['100', '1']] });
    expect(crossed.crossed).toBe(true);
    expect(crossed.mid).toBe('100.5');
  });

  it('skips a level that is not a number instead of failing', () => {
    const curves = depthCurves({ bids: [['abc', '1'], ['99', '2']], asks: [] });
    expect(curves.bids.map((p) => p.total)).toEqual(['2']);
  });
});

describe('depthRange', () => {
  it('by default reaches the deepest level of the shallower side on both sides of the mid', () => {
    const range = depthRange(depthCurves(book), DEFAULT_DEPTH_ZOOM)!;
    // bids reach 100.15 - 99.5 = 0.65, asks 101.1 - 100.15 = 0.95: the shallower wins.
    expect(range.mid).toBeCloseTo(100.15);
    expect(range.low).toBeCloseTo(99.5);
    expect(range.high).toBeCloseTo(100.8);
    // within [99.5, 100.8]: bids to 1.6, asks to 0.2 (101.1 is outside).
    expect(range.maxTotal).toBeCloseTo(1.6);
  });

  it('zooming in halves the width and lowers the top to what is visible', () => {
    const range = depthRange(depthCurves(book), DEFAULT_DEPTH_ZOOM + 1)!;
    expect(range.high - range.low).toBeCloseTo(0.65);
    expect(range.low).toBeCloseTo(99.825);
    expect(range.maxTotal).toBeCloseTo(0.6);
  });

  it('zooming in never hides the best levels inside the spread', () => {
    const curves = depthCurves(book);
    const range = depthRange(curves, 4)!;
    // half spread 0.05 → at least ±0.1 around the mid, however far in.
    expect(range.low).toBeCloseTo(100.05);
    expect(range.high).toBeCloseTo(100.25);
    expect(pointsLeftToRight(curves, range).map((h) => h.point.price)).toEqual(['100.1', '100.2']);
  });

  it('zoom levels are clamped', () => {
    expect(clampZoom(-3)).toBe(0);
    expect(clampZoom(99)).toBe(4);
    expect(clampZoom(Number.NaN)).toBe(DEFAULT_DEPTH_ZOOM);
  });

  it('a single level still gets a band around it; an empty book has no range', () => {
    const range = depthRange(depthCurves({ bids: [['100', '2']], asks: [] }), DEFAULT_DEPTH_ZOOM)!;
    expect(range.low).toBeLessThan(100);
    expect(range.high).toBeGreaterThan(100);
    expect(range.maxTotal).toBe(2);
    expect(depthRange(depthCurves({ bids: [], asks: [] }), 1)).toBeNull();
  });
});

describe('pointAt', () => {
  const curves = depthCurves(book);

  it('below the mid reads the deepest bid at or above the price', () => {
    expect(pointAt(curves, '99.95')).toMatchObject({ side: 'bid', index: 1, point: { price: '100.0', total: '0.3' } });
    expect(pointAt(curves, 99.9)).toMatchObject({ side: 'bid', index: 2, point: { total: '0.6' } });
  });

  it('from the mid up reads the deepest ask at or below the price', () => {
    expect(pointAt(curves, '100.35')).toMatchObject({ side: 'ask', index: 1, point: { total: '0.2', value: '20.055' } });
    expect(pointAt(curves, '100.15')!.side).toBe('ask');
  });

  it('snaps into the book from the spread and from beyond the deepest level', () => {
    expect(pointAt(curves, '100.12')).toMatchObject({ side: 'bid', index: 0 });
    expect(pointAt(curves, '100.18')).toMatchObject({ side: 'ask', index: 0 });
    expect(pointAt(curves, '1')).toMatchObject({ side: 'bid', index: 3 });
    expect(pointAt(curves, '9999')).toMatchObject({ side: 'ask', index: 2 });
  });

  it('a given side wins over the mid (a crossed book)', () => {
    const crossed = depthCurves({ bids: [['101', '1'], ['100', '1']], asks: [['100', '1'], ['101', '3']] });
    expect(pointAt(crossed, '101', 'bid')).toMatchObject({ side: 'bid', index: 0, point: { total: '1' } });
    expect(pointAt(crossed, '101', 'ask')).toMatchObject({ side: 'ask', index: 1, point: { total: '4' } });
  });

  it('an empty side reads the other; an empty book or a bad price has no point', () => {
    const onlyBids = depthCurves({ bids, asks: [] });
    expect(pointAt(onlyBids, '200')).toMatchObject({ side: 'bid', index: 0 });
    expect(pointAt(depthCurves({ bids: [], asks: [] }), '1')).toBeNull();
    expect(pointAt(curves, 'x')).toBeNull();
    expect(pointAt(curves, Number.NaN)).toBeNull();
  });
});

describe('keyboard stops', () => {
  const curves = depthCurves(book);

  it('run left to right by price and keep to the range', () => {
    expect(pointsLeftToRight(curves, null).map((h) => h.point.price)).toEqual(['99.5', '99.9', '100.0', '100.1', '100.2', '100.3', '101.1']);
    expect(pointsLeftToRight(curves, { low: 99.8, high: 100.5 }).map((h) => h.point.price)).toEqual(['99.9', '100.0', '100.1', '100.2', '100.3']);
  });

  it('the first move lands on the best level of its side; later moves step one level and stop at the ends', () => {
    expect(stepPoint(curves, null, null, 1)!.point.price).toBe('100.2');
    expect(stepPoint(curves, null, null, -1)!.point.price).toBe('100.1');
    expect(stepPoint(curves, null, { side: 'bid', price: '100.1' }, 1)!.point.price).toBe('100.2');
    expect(stepPoint(curves, null, { side: 'ask', price: '100.2' }, -1)!.point.price).toBe('100.1');
    expect(stepPoint(curves, null, { side: 'ask', price: '101.1' }, 1)!.point.price).toBe('101.1');
    expect(stepPoint(curves, null, { side: 'bid', price: '99.5' }, -1)!.point.price).toBe('99.5');
    expect(stepPoint(curves, null, null, 'first')!.point.price).toBe('99.5');
    expect(stepPoint(curves, null, null, 'last')!.point.price).toBe('101.1');
  });

  it('a one-sided or empty book', () => {
    const onlyAsks = depthCurves({ bids: [], asks });
    expect(stepPoint(onlyAsks, null, null, -1)!.point.price).toBe('100.2');
    expect(stepPoint(onlyAsks, null, null, 1)!.point.price).toBe('100.2');
    expect(stepPoint(depthCurves({ bids: [], asks: [] }), null, null, 1)).toBeNull();
  });
});
