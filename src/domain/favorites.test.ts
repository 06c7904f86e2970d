import { describe, expect, it } from 'vitest';
import { MAX_FAVORITES, MAX_RECENTS, mergeRecents, pushRecent, sameRecents, sanitizeFavorites, toggleFavorite } from './favorites';

describe('favorites', () => {
  it('keeps valid ids in order, once each', () => {
    expect(sanitizeFavorites(['ETHUSDT', 'BTCUSDT', 'ETHUSDT', 42, 'bad id', ''])).toEqual(['ETHUSDT', 'BTCUSDT']);
  });
  it('reads anything that is not a list as empty', () => {
    expect(sanitizeFavorites({ BTCUSDT: true })).toEqual([]);
    expect(sanitizeFavorites(undefined)).toEqual([]);
  });
  it('toggles: adds at the end, removes where it is', () => {
    expect(toggleFavorite(['BTCUSDT'], 'ETHUSDT')).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(toggleFavorite(['BTCUSDT', 'ETHUSDT'], 'BTCUSDT')).toEqual(['ETHUSDT']);
  });
  it('a full list does not grow', () => {
    const full = Array.from({ length: MAX_FAVORITES }, (_, i) => `S${i}USDT`);
    expect(toggleFavorite(full, 'BTCUSDT')).toHaveLength(MAX_FAVORITES);
  });
});

describe('recents', () => {
  it('puts the latest first and keeps each symbol once', () => {
    const list = pushRecent(pushRecent(pushRecent([], 'BTCUSDT', 1), 'ETHUSDT', 2), 'BTCUSDT', 3);
    expect(list).toEqual([{ symbolId: 'BTCUSDT', visitedAt: 3 }, { symbolId: 'ETHUSDT', visitedAt: 2 }]);
  });
  it('keeps at most ten', () => {
    let list = pushRecent([], 'A0USDT', 0);
    for (let i = 1; i < 15; i++) list = pushRecent(list, `A${i}USDT`, i);
    expect(list).toHaveLength(MAX_RECENTS);
    expect(list[0]?.symbolId).toBe('A14USDT');
  });
});

describe('mergeRecents', () => {
  it('joins two lists newest first, each symbol at its latest visit, capped at ten', () => {
    const device = [{ symbolId: 'SOLUSDT', visitedAt: 50 }, { symbolId: 'BTCUSDT', visitedAt: 10 }];
    const account = [{ symbolId: 'BTCUSDT', visitedAt: 40 }, { symbolId: 'ETHUSDT', visitedAt: 30 }];
    expect(mergeRecents(device, account)).toEqual([
      { symbolId: 'SOLUSDT', visitedAt: 50 },
      { symbolId: 'BTCUSDT', visitedAt: 40 },
      { symbolId: 'ETHUSDT', visitedAt: 30 },
    ]);
    const many = Array.from({ length: 12 }, (_, i) => ({ symbolId: `S${i}USDT`, visitedAt: i }));
    expect(mergeRecents(many, [])).toHaveLength(MAX_RECENTS);
    expect(mergeRecents(many, [])[0]).toEqual({ symbolId: 'S11USDT', visitedAt: 11 });
  });

  it('tells equal lists from different ones', () => {
    const list = [{ symbolId: 'BTCUSDT', visitedAt: 1 }];
    expect(sameRecents(list, [{ symbolId: 'BTCUSDT', visitedAt: 1 }])).toBe(true);
    expect(sameRecents(list, [{ symbolId: 'BTCUSDT', visitedAt: 2 }])).toBe(false);
    expect(sameRecents(list, [])).toBe(false);
  });
});
