import { describe, expect, it } from 'vitest';
import { findSymbol, isSymbolBanned, type SpotSymbol } from './symbol';

const btc = { baseTokenName: 'BTC', quoteTokenName: 'USDT', symbolId: 'BTCUSDT' } as SpotSymbol;
const eth = { baseTokenName: 'ETH', quoteTokenName: 'BTC', symbolId: 'ETHBTC' } as SpotSymbol;

describe('symbols', () => {
  it('finds a pair regardless of case and misses unknown ones', () => {
    expect(findSymbol([btc, eth], 'eth', 'btc')).toBe(eth);
    expect(findSymbol([btc, eth], 'BTC', 'EUR')).toBeUndefined();
  });
  it('is banned only with trade status 4 and a banned side', () => {
    expect(isSymbolBanned({ tradeStatus: 4, isBanBuy: true, isBanSell: false })).toBe(true);
    expect(isSymbolBanned({ tradeStatus: 4, isBanBuy: false, isBanSell: false })).toBe(false);
    expect(isSymbolBanned({ tradeStatus: 1, isBanBuy: true, isBanSell: true })).toBe(false);
  });
});
