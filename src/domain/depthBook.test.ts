import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { applyDelta, applySnapshot, compareDecimal, isZeroQuantity, type BookDelta, type BookSnapshot, type DepthBook, type PriceLevel } from './depthBook';

const snapshot = (v: string, b: PriceLevel[], a: PriceLevel[]): BookSnapshot => ({ s: 'BTCUSDT', t: 1_000, v, b, a });
const delta = (pv: string, v: string, b: PriceLevel[], a: PriceLevel[]): BookDelta => ({ s: 'BTCUSDT', t: 2_000, v, pv, b, a });

function applied(update: ReturnType<typeof applySnapshot>): DepthBook {
  if (update.kind !== 'applied') throw new Error(`expected applied, got ${update.kind}`);
  return update.book;
}

const base = applied(
  applySnapshot(null, snapshot('10', [['100.5', '1'], ['100', '2'], ['99.9', '3']], [['101', '1'], ['101.25', '2'], ['102', '3']])),
);

describe('compareDecimal', () => {
  it('compares like exact decimals, whatever the spelling', () => {
    expect(compareDecimal('9.99', '10')).toBe(-1);
    expect(compareDecimal('100', '99.999999')).toBe(1);
    expect(compareDecimal('1.5', '1.50')).toBe(0);
    expect(compareDecimal('007.1', '7.10')).toBe(0);
    expect(compareDecimal('0.0001', '0.001')).toBe(-1);
    expect(compareDecimal('12345678901234567890', '12345678901234567891')).toBe(-1);
    expect(compareDecimal('0', '0.0')).toBe(0);
  });

  it('agrees with decimal.js on many values', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const value = () => {
      const int = String(Math.floor(next() * 10 ** Math.floor(next() * 7)));
      const decimals = Math.floor(next() * 9);
      const fraction = Array.from({ length: decimals }, () => Math.floor(next() * 10)).join('');
      return decimals > 0 ? `${int}.${fraction}` : int;
    };
    for (let i = 0; i < 2_000; i += 1) {
      const [a, b] = [value(), value()];
      expect(compareDecimal(a, b), `${a} vs ${b}`).toBe(new Decimal(a).comparedTo(new Decimal(b)));
    }
  });
});

describe('isZeroQuantity', () => {
  it('recognises every spelling of zero', () => {
    expect(['0', '0.0', '0.000000', '00'].every(isZeroQuantity)).toBe(true);
    expect(['0.0001', '1', '10'].some(isZeroQuantity)).toBe(false);
  });
});

describe('applySnapshot', () => {
  it('takes a full book when none is held', () => {
    expect(base).toMatchObject({ symbol: 'BTCUSDT', version: '10', time: 1_000 });
    expect(base.bids[0]).toEqual(['100.5', '1']);
    expect(base.asks[0]).toEqual(['101', '1']);
  });

  it('sorts best first and drops empty levels when the frame does not', () => {
    const book = applied(applySnapshot(null, snapshot('1', [['9.5', '1'], ['10', '0'], ['10.25', '2'], ['9.75', '1']], [['12', '1'], ['11.5', '2']])));
    expect(book.bids.map((l) => l[0])).toEqual(['10.25', '9.75', '9.5']);
    expect(book.asks.map((l) => l[0])).toEqual(['11.5', '12']);
  });

  it('orders by value, not by text', () => {
    const book = applied(applySnapshot(null, snapshot('1', [['9', '1'], ['10', '1'], ['100', '1']], [['9.5', '1'], ['10.5', '1']])));
    expect(book.bids.map((l) => l[0])).toEqual(['100', '10', '9']);
    expect(book.asks.map((l) => l[0])).toEqual(['9.5', '10.5']);
  });

  it('replaces an older book and rejects one that is not newer', () => {
    expect(applied(applySnapshot(base, snapshot('11', [['1', '1']], []))).bids).toEqual([['1', '1']]);
    expect(applySnapshot(base, snapshot('10', [], [])).kind).toBe('duplicate');
    expect(applySnapshot(base, snapshot('9', [], [])).kind).toBe('stale');
    // versions are compared as numbers: "9" is older than "10"
    expect(applySnapshot(applied(applySnapshot(null, snapshot('9', [], []))), snapshot('10', [], [])).kind).toBe('applied');
  });
});

describe('applyDelta', () => {
  it('updates, inserts and removes levels and moves to the new version', () => {
    const book = applied(applyDelta(base, delta('10', '11', [['100', '5'], ['100.25', '1'], ['99.9', '0']], [['101', '0'], ['101.5', '4']])));
    expect(book.version).toBe('11');
    expect(book.time).toBe(2_000);
    expect(book.bids).toEqual([['100.5', '1'], ['100.25', '1'], ['100', '5']]);
    expect(book.asks).toEqual([['101.25', '2'], ['101.5', '4'], ['102', '3']]);
  });

  it('leaves the held book untouched (a new object for React)', () => {
    const before = JSON.stringify(base);
    applyDelta(base, delta('10', '11', [['100', '0']], [['150', '1']]));
    expect(JSON.stringify(base)).toBe(before);
  });

  it('ignores removal of a level it does not hold', () => {
    const book = applied(applyDelta(base, delta('10', '11', [['50', '0']], [])));
    expect(book.bids).toHaveLength(3);
  });

  it('reports a gap when the delta does not start at the held version', () => {
    expect(applyDelta(base, delta('12', '13', [], []))).toEqual({ kind: 'gap', held: '10', expected: '12' });
    expect(applyDelta(null, delta('12', '13', [], []))).toEqual({ kind: 'gap', held: null, expected: '12' });
  });

  it('rejects a delta already applied', () => {
    const at11 = applied(applyDelta(base, delta('10', '11', [['100', '5']], [])));
    expect(applyDelta(at11, delta('10', '11', [['100', '5']], [])).kind).toBe('duplicate');
    expect(applyDelta(at11, delta('9', '10', [], [])).kind).toBe('stale');
  });

  it('keeps at most maxLevels a side, dropping the worst', () => {
    const book = applied(applyDelta(base, delta('10', '11', [['101.1', '1'], ['100.9', '1']], []), 3));
    expect(book.bids.map((l) => l[0])).toEqual(['101.1', '100.9', '100.5']);
  });

  it('stays sorted through many random deltas', () => {
    let book = base;
    let seed = 3;
    const next = () => (seed = (seed * 69069 + 1) % 2 ** 32) / 2 ** 32;
    for (let v = 10; v < 300; v += 1) {
      const level = (): PriceLevel => [(95 + next() * 10).toFixed(2), next() < 0.3 ? '0' : (next() * 5).toFixed(4)];
      book = applied(applyDelta(book, delta(String(v), String(v + 1), [level(), level()], [level()])));
    }
    const bidPrices = book.bids.map((l) => new Decimal(l[0]));
    bidPrices.slice(1).forEach((p, i) => expect(p.lessThan(bidPrices[i]!)).toBe(true));
    const askPrices = book.asks.map((l) => new Decimal(l[0]));
    askPrices.slice(1).forEach((p, i) => expect(p.greaterThan(askPrices[i]!)).toBe(true));
    expect(book.version).toBe('300');
  });
});
