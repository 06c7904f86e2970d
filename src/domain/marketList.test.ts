import { describe, expect, it } from 'vitest';
import { marketListRows, matchesSearch, nextSort, quoteTabs, type MarketRow } from './marketList';

const row = (base: string, quote: string, lastPrice: string | null, change: string | null): MarketRow => ({
  symbolId: `${base}${quote}`,
  base,
  quote,
  lastPrice,
  change,
});

const rows = [
  row('BTC', 'USDT', '61000', '0.019'),
  row('ETH', 'USDT', '2500', '-0.031'),
  row('SOL', 'USDT', null, null),
  row('BTC', 'USDC', '61010', '0.02'),
  row('ETH', 'BTC', '0.041', '0.001'),
  row('XRP', 'USDT', '0.52', '0.1'),
];

describe('quote tabs', () => {
  it('puts USDT first, then by pair count', () => {
    expect(quoteTabs([row('A', 'BTC', null, null), row('B', 'USDC', null, null), row('C', 'USDC', null, null), row('D', 'USDT', null, null)])).toEqual([
      'USDT',
      'USDC',
      'BTC',
    ]);
  });
});

describe('search', () => {
  it('matches base, pair with or without slash, case-insensitive', () => {
    const btc = row('BTC', 'USDT', null, null);
    expect(matchesSearch(btc, 'btc')).toBe(true);
    expect(matchesSearch(btc, 'BTC/US')).toBe(true);
    expect(matchesSearch(btc, 'btcusdt')).toBe(true);
    expect(matchesSearch(btc, ' ')).toBe(true);
    expect(matchesSearch(btc, 'eth')).toBe(false);
    expect(matchesSearch(btc, 'USDT/')).toBe(false);
  });
});

describe('market list rows', () => {
  it('a quote tab lists its pairs', () => {
    const list = marketListRows(rows, { tab: { quote: 'USDT' }, search: '', favorites: [], sort: null });
    expect(list.map((r) => r.symbolId)).toEqual(['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'XRPUSDT']);
  });
  it('favorites keep the user order and skip unknown ids', () => {
    const list = marketListRows(rows, { tab: 'favorites', search: '', favorites: ['ETHBTC', 'GONEUSDT', 'BTCUSDT'], sort: null });
    expect(list.map((r) => r.symbolId)).toEqual(['ETHBTC', 'BTCUSDT']);
  });
  it('sorts by change descending with missing values last', () => {
    const list = marketListRows(rows, { tab: { quote: 'USDT' }, search: '', favorites: [], sort: { key: 'change', direction: 'desc' } });
    expect(list.map((r) => r.symbolId)).toEqual(['XRPUSDT', 'BTCUSDT', 'ETHUSDT', 'SOLUSDT']);
  });
  it('sorts by price ascending exactly (decimal strings, not text)', () => {
    const list = marketListRows(rows, { tab: { quote: 'USDT' }, search: '', favorites: [], sort: { key: 'price', direction: 'asc' } });
    expect(list.map((r) => r.symbolId)).toEqual(['XRPUSDT', 'ETHUSDT', 'BTCUSDT', 'SOLUSDT']);
  });
  it('search applies inside the tab', () => {
    const list = marketListRows(rows, { tab: { quote: 'USDT' }, search: 'et', favorites: [], sort: null });
    expect(list.map((r) => r.symbolId)).toEqual(['ETHUSDT']);
  });
});

describe('sort cycling', () => {
  it('numbers start descending, names ascending; same key flips, then clears', () => {
    expect(nextSort(null, 'change')).toEqual({ key: 'change', direction: 'desc' });
    expect(nextSort({ key: 'change', direction: 'desc' }, 'change')).toEqual({ key: 'change', direction: 'asc' });
    expect(nextSort({ key: 'change', direction: 'asc' }, 'change')).toBeNull();
    expect(nextSort({ key: 'change', direction: 'asc' }, 'symbol')).toEqual({ key: 'symbol', direction: 'asc' });
  });
});
