import { describe, expect, it } from 'vitest';
import { lastPriceDirection, shownTrades, takerSideOf, TRADES_SHOWN } from './tradeTape';

describe('takerSideOf', () => {
  it('m = true is a buyer taking: buy; else sell', () => {
    expect(takerSideOf({ m: true })).toBe('buy');
    expect(takerSideOf({ m: false })).toBe('sell');
  });
});

describe('shownTrades', () => {
  it('shows the newest 40 of the 100 kept', () => {
    const trades = Array.from({ length: 100 }, (_, i) => i);
    expect(TRADES_SHOWN).toBe(40);
    expect(shownTrades(trades)).toEqual(trades.slice(0, 40));
  });

  it('shows all of a short list, the same array', () => {
    const trades = [1, 2, 3];
    expect(shownTrades(trades)).toBe(trades);
  });
});

describe('lastPriceDirection', () => {
  it('compares the last trade with the one before', () => {
    expect(lastPriceDirection([{ p: '101' }, { p: '100' }])).toBe('up');
    expect(lastPriceDirection([{ p: '99.5' }, { p: '100' }])).toBe('down');
  });

  it('keeps the last change through repeated prices', () => {
    expect(lastPriceDirection([{ p: '100' }, { p: '100.00' }, { p: '101' }])).toBe('down');
  });

  it('is flat without a change or without trades', () => {
    expect(lastPriceDirection([{ p: '100' }, { p: '100' }])).toBe('flat');
    expect(lastPriceDirection([])).toBe('flat');
  });
});
