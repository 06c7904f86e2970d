import { describe, expect, it } from 'vitest';
import type { PriceLevel } from './depthBook';
import { bookView, depthRatio, formatBookTotal, isBookLayout, rowsPerSide, rowsThatFit } from './orderbookRows';

const bids: PriceLevel[] = [
  ['100.1', '0.1'],
  ['100.0', '0.2'],
  ['99.9', '0.3'],
];
const asks: PriceLevel[] = [
  ['100.2', '0.05'],
  ['100.3', '0.15'],
];

describe('rowsThatFit', () => {
  it('counts rows of 22 px with a 2 px gap between them', () => {
    expect(rowsThatFit(22)).toBe(1);
    expect(rowsThatFit(45)).toBe(1);
    expect(rowsThatFit(46)).toBe(2);
    expect(rowsThatFit(24 * 14 - 2)).toBe(14);
  });

  it('keeps at least one and at most 40', () => {
    expect(rowsThatFit(0)).toBe(1);
    expect(rowsThatFit(-5)).toBe(1);
    expect(rowsThatFit(Number.NaN)).toBe(1);
    expect(rowsThatFit(5000)).toBe(40);
  });
});

describe('rowsPerSide', () => {
  it('stacked shares the rows left by the last-price line', () => {
    expect(rowsPerSide('stacked', 29)).toEqual({ bids: 14, asks: 14 });
    expect(rowsPerSide('stacked', 30)).toEqual({ bids: 14, asks: 14 });
  });

  it('one-sided layouts give every row to their side', () => {
    expect(rowsPerSide('buy', 29)).toEqual({ bids: 28, asks: 0 });
    expect(rowsPerSide('sell', 29)).toEqual({ bids: 0, asks: 28 });
  });

  it('left-right shows both sides at full height', () => {
    expect(rowsPerSide('split', 29)).toEqual({ bids: 28, asks: 28 });
  });

  it('never shows fewer than one or more than 40 rows a side', () => {
    expect(rowsPerSide('stacked', 1)).toEqual({ bids: 1, asks: 1 });
    expect(rowsPerSide('buy', 0)).toEqual({ bids: 1, asks: 0 });
    expect(rowsPerSide('split', 200)).toEqual({ bids: 40, asks: 40 });
  });
});

describe('bookView', () => {
  it('accumulates amount and value exactly from the best level', () => {
    const view = bookView({ bids, asks }, { bids: 3, asks: 2 });
    expect(view.bids.map((r) => [r.price, r.amount, r.totalAmount, r.totalValue])).toEqual([
      ['100.1', '0.1', '0.1', '10.01'],
      ['100.0', '0.2', '0.3', '30.01'],
      ['99.9', '0.3', '0.6', '59.98'],
    ]);
    expect(view.asks.map((r) => [r.totalAmount, r.totalValue])).toEqual([
      ['0.05', '5.01'],
      ['0.2', '20.055'],
    ]);
  });

  it('shades against the deepest cumulative amount shown on either side', () => {
    const view = bookView({ bids, asks }, { bids: 3, asks: 2 });
    const close = (values: number[]) => values.map((v) => expect.closeTo(v, 12));
    expect(view.bids.map((r) => r.depth)).toEqual(close([1 / 6, 0.5, 1]));
    expect(view.asks.map((r) => r.depth)).toEqual(close([1 / 12, 1 / 3]));
  });

  it('cuts each side to its count and ignores a hidden side for the shading', () => {
    const view = bookView({ bids, asks }, { bids: 0, asks: 2 });
    expect(view.bids).toEqual([]);
    expect(view.asks.at(-1)?.depth).toBe(1);
  });

  it('shows what there is when the book is shorter than the rows', () => {
    expect(bookView({ bids, asks }, { bids: 40, asks: 40 }).bids).toHaveLength(3);
  });

  it('has no ratio and no shading for an empty book', () => {
    expect(bookView({ bids: [], asks: [] }, { bids: 14, asks: 14 })).toEqual({ bids: [], asks: [], ratio: null });
  });

  it('takes the ratio over the longest shown side on both sides', () => {
    // buy only with 2 rows: bids 0.1 + 0.2 against asks 0.05 + 0.15
    expect(bookView({ bids, asks }, { bids: 2, asks: 0 }).ratio).toEqual({ buyRatio: 60, sellRatio: 40 });
  });
});

describe('depthRatio', () => {
  it('gives whole percents that add up to 100', () => {
    expect(depthRatio([['1', '1']], [['2', '2']], 10)).toEqual({ buyRatio: 33, sellRatio: 67 });
    expect(depthRatio([['1', '2']], [['2', '1']], 10)).toEqual({ buyRatio: 67, sellRatio: 33 });
    expect(depthRatio([['1', '1']], [['2', '1']], 10)).toEqual({ buyRatio: 50, sellRatio: 50 });
  });

  it('is all buy or all sell when one side is empty', () => {
    expect(depthRatio([['1', '1']], [], 10)).toEqual({ buyRatio: 100, sellRatio: 0 });
    expect(depthRatio([], [['1', '1']], 10)).toEqual({ buyRatio: 0, sellRatio: 100 });
  });

  it('only counts the first levels', () => {
    expect(depthRatio(bids, [['1', '0.1'], ['2', '100']], 1)).toEqual({ buyRatio: 50, sellRatio: 50 });
  });
});

describe('formatBookTotal', () => {
  it('is exact below 1000 and abbreviated from there', () => {
    expect(formatBookTotal('59.98', 2)).toBe('59.98');
    expect(formatBookTotal('0.123456789', 6)).toBe('0.123457');
    expect(formatBookTotal('122281.005', 2)).toBe('122.28K');
    expect(formatBookTotal('4200000', 2)).toBe('4.20M');
  });

  it('gives an empty text for something that is not a number', () => {
    expect(formatBookTotal('abc', 2)).toBe('');
  });
});

describe('isBookLayout', () => {
  it('knows the four layouts only', () => {
    expect(['stacked', 'buy', 'sell', 'split'].every(isBookLayout)).toBe(true);
    expect(isBookLayout('left')).toBe(false);
    expect(isBookLayout(3)).toBe(false);
  });
});
