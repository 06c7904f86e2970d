import { describe, expect, it } from 'vitest';
import { KEEP_EVERY_MS, KEPT_BOOK_MAX_AGE_MS, KEPT_BOOKS_MAX, keepBook, keptBookFor, pairKey, parseKeptBooks, shouldKeep, type KeptBook } from './keptBooks';

const NOW = 1_700_000_000_000;

function kept(pair: string, over: Partial<KeptBook> = {}): KeptBook {
  return {
    pair,
    step: '0.01',
    savedAt: NOW - 1_000,
    decimals: { price: 2, amount: 6, value: 2 },
    book: { symbol: pair.replace('/', ''), version: '42', time: NOW - 1_000, bids: [['100.00', '1.5']], asks: [['100.01', '2']] },
    ...over,
  };
}

describe('kept order books', () => {
  it('reads back what it kept, through JSON as local storage holds it', () => {
    const list = keepBook([], kept('BTC/USDT'));
    expect(parseKeptBooks(JSON.parse(JSON.stringify(list)))).toEqual(list);
  });

  it('leaves out whatever in storage is not a kept book, and never throws', () => {
    const good = kept('BTC/USDT');
    const stored = [
      good,
      { ...good, pair: '<script>' },
      { ...good, step: '1e5' },
      { ...good, decimals: { price: -1, amount: 2, value: 2 } },
      { ...good, book: { ...good.book, bids: [['100', 5]] } },
      { ...good, book: { ...good.book, asks: [['NaN', '1']] } },
      { ...good, savedAt: 'yesterday' },
      null,
      42,
    ];
    expect(parseKeptBooks(stored)).toEqual([good]);
    for (const junk of [undefined, null, 'x', {}, 7]) expect(parseKeptBooks(junk)).toEqual([]);
  });

  it('keeps one book per pair, newest first, and at most a few pairs', () => {
    let list: KeptBook[] = [];
    for (let i = 0; i < KEPT_BOOKS_MAX + 3; i++) list = keepBook(list, kept(`C${i}/USDT`));
    list = keepBook(list, kept('C5/USDT', { step: '0.1' }));
    expect(list).toHaveLength(KEPT_BOOKS_MAX);
    expect(list[0]).toMatchObject({ pair: 'C5/USDT', step: '0.1' });
    expect(list.filter((b) => b.pair === 'C5/USDT')).toHaveLength(1);
    expect(list.some((b) => b.pair === 'C0/USDT')).toBe(false);
  });

  it('keeps the top levels only', () => {
    const deep = Array.from({ length: 500 }, (_, i) => [`${100 + i}`, '1'] as const);
    const [entry] = keepBook([], kept('BTC/USDT', { book: { ...kept('BTC/USDT').book, asks: deep } }));
    expect(entry!.book.asks.length).toBeLessThanOrEqual(50);
    expect(parseKeptBooks([entry])).toHaveLength(1);
  });

  it('draws a kept book for the pair while it is recent and merged at the panel step', () => {
    const list = [kept('BTC/USDT'), kept('ETH/USDT', { step: '0.1' })];
    expect(keptBookFor(list, 'BTC/USDT', undefined, NOW)?.pair).toBe('BTC/USDT');
    expect(keptBookFor(list, 'BTC/USDT', '0.01', NOW)?.pair).toBe('BTC/USDT');
    // Merged at another step, its rows would not be the panel's rows.
    expect(keptBookFor(list, 'ETH/USDT', '0.01', NOW)).toBeNull();
    expect(keptBookFor(list, 'SOL/USDT', undefined, NOW)).toBeNull();
    expect(keptBookFor(list, 'BTC/USDT', undefined, NOW + KEPT_BOOK_MAX_AGE_MS)).toBeNull();
    // A clock that went back a lot (or a forged time) does not make a book look fresh.
    expect(keptBookFor([kept('BTC/USDT', { savedAt: NOW + 3_600_000 })], 'BTC/USDT', undefined, NOW)).toBeNull();
    expect(keptBookFor([kept('BTC/USDT', { book: { ...kept('BTC/USDT').book, bids: [], asks: [] } })], 'BTC/USDT', undefined, NOW)).toBeNull();
  });

  it('keeps a streaming book at most every few seconds', () => {
    expect(shouldKeep(undefined, NOW)).toBe(true);
    expect(shouldKeep(NOW - KEEP_EVERY_MS + 1, NOW)).toBe(false);
    expect(shouldKeep(NOW - KEEP_EVERY_MS, NOW)).toBe(true);
  });

  it('names a pair by the route, in capitals', () => {
    expect(pairKey('btc', 'usdt')).toBe('BTC/USDT');
  });
});
