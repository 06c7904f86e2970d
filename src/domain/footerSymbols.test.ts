import { describe, expect, it } from 'vitest';
import { footerSymbolItems } from './footerSymbols';

const symbols = [
  { symbolId: 'BTCUSDT', baseTokenName: 'BTC', quoteTokenName: 'USDT' },
  { symbolId: 'ETHUSDT', baseTokenName: 'ETH', quoteTokenName: 'USDT' },
];

describe('footer symbol strips', () => {
  it('names ids from the symbol list in their order and marks the current symbol', () => {
    expect(footerSymbolItems(['ETHUSDT', 'BTCUSDT'], symbols, 'BTCUSDT')).toEqual([
      { symbolId: 'ETHUSDT', base: 'ETH', quote: 'USDT', current: false },
      { symbolId: 'BTCUSDT', base: 'BTC', quote: 'USDT', current: true },
    ]);
  });

  it('skips ids the list does not have, and repeats', () => {
    expect(footerSymbolItems(['NOPEUSDT', 'ETHUSDT', 'ETHUSDT'], symbols, null).map((i) => i.symbolId)).toEqual(['ETHUSDT']);
    expect(footerSymbolItems(['BTCUSDT'], [], null)).toEqual([]);
  });
});
