import { describe, expect, it } from 'vitest';
import {
  buyShare, EMPTY_LEDGER, flowAmount, flowNow, flowSeries, flowTradeOf, foldLiveTrades, foldTrades, largeTradeThreshold, largeTrades,
  LARGE_TRADES_KEPT, ledgerOf, partialSince, periodFlow, snapshotOf, windowStart, type FlowTrade,
} from './tradeAnalysis';

const MIN = 60_000;
const HOUR = 60 * MIN;
/** 2026-01-05 12:00:00 UTC */
const T = Date.UTC(2026, 0, 5, 12, 0, 0);

let nextId = 1;
function trade(t: number, p: string, q: string, buy: boolean, id = nextId++): FlowTrade {
  return { id, t, p, q, buy };
}

describe('period windows', () => {
  it('a window is the current minute and the minutes before it', () => {
    expect(windowStart('5m', T + 30_000)).toBe(T - 4 * MIN);
    expect(windowStart('1h', T)).toBe(T - 59 * MIN);
    expect(windowStart('24h', T + 59_999)).toBe(T - 24 * HOUR + MIN);
  });

  it('counts buy and sell volume, value and net inflow per period across the boundaries', () => {
    const now = T + 10_000;
    const ledger = foldTrades(EMPTY_LEDGER, [
      trade(T - 24 * HOUR, '100', '50', true), // one minute too old for 24 h: dropped on fold
      trade(T - 23 * HOUR - 59 * MIN, '100', '1', true), // first minute of the 24 h window
      trade(T - 59 * MIN - 1, '100', '3', false), // just before the 1 h window
      trade(T - 59 * MIN, '100', '2', true), // first ms of the 1 h window
      trade(T - 4 * MIN - 1, '10', '4', false), // before the 5 m window
      trade(T - 4 * MIN, '10', '5', true),
      trade(T + 5_000, '10', '1', false),
    ]);
    expect(ledger.buckets[0]!.t).toBe(T - 23 * HOUR - 59 * MIN);
    expect(periodFlow(ledger, '5m', now)).toEqual({ buyQty: 5, sellQty: 1, buyValue: 50, sellValue: 10, netInflow: 40, count: 2 });
    expect(periodFlow(ledger, '1h', now)).toEqual({ buyQty: 7, sellQty: 5, buyValue: 250, sellValue: 50, netInflow: 200, count: 4 });
    expect(periodFlow(ledger, '24h', now)).toEqual({ buyQty: 8, sellQty: 8, buyValue: 350, sellValue: 350, netInflow: 0, count: 6 });
  });

  it('buy share is of the base volume; none without trades', () => {
    expect(buyShare({ buyQty: 3, sellQty: 1 })).toBe(0.75);
    expect(buyShare({ buyQty: 0, sellQty: 0 })).toBeNull();
  });
});

describe('net inflow bars', () => {
  it('split the window exactly and add up to the period', () => {
    const ledger = foldTrades(EMPTY_LEDGER, [
      trade(T - 59 * MIN, '1', '10', true),
      trade(T - 54 * MIN - 1, '1', '1', false), // last ms of the first 5 min bar
      trade(T - 54 * MIN, '1', '4', false), // second bar
      trade(T + 1, '1', '2', true), // last bar (current minute)
    ]);
    const bars = flowSeries(ledger, '1h', T + 1);
    expect(bars).toHaveLength(12);
    expect(bars[0]).toEqual({ t: T - 59 * MIN, netInflow: 9, count: 2 });
    expect(bars[1]).toEqual({ t: T - 54 * MIN, netInflow: -4, count: 1 });
    expect(bars.at(-1)).toMatchObject({ netInflow: 2, count: 1 });
    expect(bars.reduce((s, b) => s + b.netInflow, 0)).toBe(periodFlow(ledger, '1h', T + 1).netInflow);
  });

  it('5 m has five 1 min bars, 24 h twenty-four 1 h bars', () => {
    expect(flowSeries(EMPTY_LEDGER, '5m', T)).toHaveLength(5);
    expect(flowSeries(EMPTY_LEDGER, '24h', T).map((b) => b.t)).toEqual(Array.from({ length: 24 }, (_, i) => T + MIN - 24 * HOUR + i * HOUR));
  });
});

describe('large trades', () => {
  it('need 20 trades in the window, then are worth at least 5 × the mean', () => {
    expect(largeTradeThreshold({ buyValue: 100, sellValue: 0, count: 19 })).toBeNull();
    expect(largeTradeThreshold({ buyValue: 300, sellValue: 100, count: 20 })).toBe(100);
  });

  it('lists the big ones newest first, and nothing when there are too few trades', () => {
    const small = Array.from({ length: 30 }, (_, i) => trade(T + i * 1000, '1', '1', i % 2 === 0));
    const big = [trade(T + 40_000, '1', '50', false), trade(T + 50_000, '1', '40', true)];
    const ledger = foldTrades(EMPTY_LEDGER, [...small, ...big]);
    // mean = 120 / 32 = 3.75 → large from 18.75
    expect(largeTrades(ledger, T + 60_000).map((t) => [t.q, t.buy, t.value])).toEqual([['40', true, 40], ['50', false, 50]]);
    expect(largeTrades(foldTrades(EMPTY_LEDGER, big), T + 60_000)).toEqual([]);
  });

  it('keeps exactly the window top list while older big trades expire', () => {
    // Trades of growing value, then smaller ones: the old giants must come back out of the list as they expire.
    const trades: FlowTrade[] = [];
    for (let i = 0; i < 300; i += 1) trades.push(trade(T + i * 10 * MIN, '1', String(1 + ((i * 37) % 101)), i % 3 === 0));
    const ledger = foldTrades(EMPTY_LEDGER, trades);
    expect(ledger.candidates.length).toBeLessThan(trades.length / 2);
    const now = trades.at(-1)!.t;
    const from = windowStart('24h', now);
    const expected = trades
      .filter((t) => t.t >= from)
      .map((t) => ({ ...t, value: Number(t.q) }))
      .sort((a, b) => b.value - a.value || b.t - a.t)
      .slice(0, LARGE_TRADES_KEPT);
    const threshold = largeTradeThreshold(periodFlow(ledger, '24h', now))!;
    expect(largeTrades(ledger, now).map((t) => t.id).sort()).toEqual(expected.filter((t) => t.value >= threshold).map((t) => t.id).sort());
  });
});

describe('folding', () => {
  it('counts a trade once however often it is folded', () => {
    const a = trade(T, '2', '1', true);
    const b = trade(T + 1000, '2', '3', false);
    const once = foldTrades(EMPTY_LEDGER, [a, b]);
    const twice = foldTrades(once, [a, b]);
    expect(twice).toBe(once);
    expect(periodFlow(twice, '5m', T + 1000)).toMatchObject({ buyQty: 1, sellQty: 3, count: 2 });
    expect(once).toMatchObject({ since: T, lastId: b.id, lastTime: T + 1000 });
  });

  it('folds the live stream on top of a snapshot without double counting', () => {
    const early = [trade(T, '10', '1', true), trade(T + 1000, '10', '2', false)];
    const server = foldTrades(EMPTY_LEDGER, early);
    const snapshot = snapshotOf(server, T + 1500);
    const ledger = ledgerOf(JSON.parse(JSON.stringify(snapshot)));
    expect(periodFlow(ledger, '5m', T + 1500)).toEqual(periodFlow(server, '5m', T + 1500));
    // The stream (newest first) still holds the snapshot's trades; only the newer two count.
    const later = [trade(T + 2000, '10', '5', true), trade(T + 3000, '10', '1', false)];
    const stream = [...later, ...early].reverse().map((t) => ({ v: String(t.id), t: t.t, p: t.p, q: t.q, m: t.buy }));
    const { ledger: live, missed } = foldLiveTrades(ledger, stream, 100);
    expect(missed).toBe(false);
    expect(periodFlow(live, '5m', flowNow(live, snapshot.asOf))).toEqual({ buyQty: 6, sellQty: 3, buyValue: 60, sellValue: 30, netInflow: 30, count: 4 });
    expect(flowNow(live, snapshot.asOf)).toBe(T + 3000);
    expect(foldLiveTrades(live, stream, 100).ledger).toBe(live);
  });

  it('says when the stream no longer reaches back to the snapshot', () => {
    const ledger = foldTrades(EMPTY_LEDGER, [trade(T, '1', '1', true, 10)]);
    const stream = [{ v: '15', t: T + 5, p: '1', q: '1', m: true }, { v: '13', t: T + 3, p: '1', q: '1', m: false }];
    expect(foldLiveTrades(ledger, stream, 2).missed).toBe(true);
    expect(foldLiveTrades(ledger, stream, 3).missed).toBe(false);
    expect(foldLiveTrades(ledger, [stream[0]!, { v: '11', t: T + 1, p: '1', q: '1', m: true }], 2).missed).toBe(false);
  });

  it('skips unusable trades', () => {
    expect(flowTradeOf({ v: 'x', t: T, p: '1', q: '1', m: true })).toBeNull();
    expect(flowTradeOf({ id: 1, t: T, p: 'abc', q: '1', m: true })).toBeNull();
    expect(flowTradeOf({ id: 1, t: T, p: '2', q: '1', m: false })).toEqual({ id: 1, t: T, p: '2', q: '1', buy: false });
  });

  it('tells when the flow starts inside a window', () => {
    const ledger = foldTrades(EMPTY_LEDGER, [trade(T - 30 * MIN, '1', '1', true)]);
    expect(partialSince(ledger, '1h', T)).toBe(T - 30 * MIN);
    expect(partialSince(ledger, '5m', T)).toBeNull();
    expect(partialSince(EMPTY_LEDGER, '24h', T)).toBeNull();
  });
});

describe('flow amounts', () => {
  it('abbreviates from 10 000, signs a positive net inflow', () => {
    expect(flowAmount(1_234_567.891, 2, 'en')).toBe('1.23M');
    expect(flowAmount(-25_000, 2, 'en')).toBe('-25.00K');
    expect(flowAmount(9_999.456, 2, 'en')).toBe('9,999.46');
    expect(flowAmount(12.5, 2, 'en', true)).toBe('+12.50');
    expect(flowAmount(0.001, 2, 'en', true)).toBe('0.00');
    expect(flowAmount(-3, 2, 'en', true)).toBe('-3.00');
    expect(flowAmount(Number.NaN, 2, 'en')).toBe('--');
  });
});
