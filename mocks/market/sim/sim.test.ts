// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { L2Book } from '../book';
import { sessionToText, type DraftEvent } from '../session/writer';
import { sessionStats } from '../stats';
import { BTCUSDT_PRESET, simulateSession, type SimParams } from './model';

const BTC: SimParams = { ...BTCUSDT_PRESET, startPrice: '61837.635', startTime: 1_723_161_253_937, durationMs: 120_000, seed: 7 };
const DOGE: SimParams = {
  symbol: 'DOGEUSDT', tick: '0.00001', lot: '0.1', startPrice: '0.1',
  startTime: 1_700_000_000_000, durationMs: 300_000, seed: 3, volatility: 0.9, tradesPerMinute: 400,
};

interface Replay {
  /** mid after each book message, in half ticks, with its time */
  mids: [number, number][];
  crossed: number;
  fewestLevels: number;
  /** trades printed at a price the consumer's book at that moment cannot explain */
  unexplained: number;
  /** best-bid falls without a sell, best-ask rises without a buy, since the previous book message */
  movesWithoutTrades: number;
  final: L2Book;
}

function replay(events: DraftEvent[], skipLast = false): Replay {
  const book = new L2Book('');
  const out: Replay = { mids: [], crossed: 0, fewestLevels: Infinity, unexplained: 0, movesWithoutTrades: 0, final: book };
  let sold = false;
  let bought = false;
  events.forEach((e, i) => {
    if (e.ch === 'trade') {
      const bid = book.bestBid()!;
      const ask = book.bestAsk()!;
      if (e.msg.m ? e.msg.p < ask : e.msg.p > bid) out.unexplained += 1;
      if (e.msg.m) bought = true;
      else sold = true;
      return;
    }
    const before = [book.bestBid(), book.bestAsk()] as const;
    if (e.ch === 'snapshot') book.replace(e.msg);
    else if (e.ch === 'book') book.apply(e.msg);
    const bid = book.bestBid()!;
    const ask = book.bestAsk()!;
    const last = skipLast && i === events.length - 1;
    if (e.ch === 'book' && !last) {
      if ((before[0] !== undefined && bid < before[0] && !sold) || (before[1] !== undefined && ask > before[1] && !bought)) {
        out.movesWithoutTrades += 1;
      }
    }
    sold = false;
    bought = false;
    if (book.isCrossed()) out.crossed += 1;
    out.fewestLevels = Math.min(out.fewestLevels, book.bids.size, book.asks.size);
    out.mids.push([e.t, bid + ask]);
  });
  return out;
}

describe('simulated session', () => {
  const { header, events } = simulateSession(BTC);
  const r = replay(events);

  it('is the same for the same parameters and differs for another seed', () => {
    expect(simulateSession(BTC)).toEqual({ header, events });
    const other = simulateSession({ ...BTC, seed: 8 }).events;
    expect(other.slice(0, 50)).not.toEqual(events.slice(0, 50));
  });

  it('has a simulator header', () => {
    expect(header).toMatchObject({
      format: 'spot-session', version: 1, venue: 'sim', source: 'simulator@1 seed=7', licence: 'generated',
      symbols: [{ symbol: 'BTCUSDT', tick: '0.01', lot: '0.000001' }], start: BTC.startTime, checkpointIntervalMs: 60000,
    });
    expect(header.loopable).toBeUndefined();
    expect(header.end).toBe(events[events.length - 1]!.t);
    expect(header.end - header.start).toBeLessThanOrEqual(BTC.durationMs);
    expect(header.end - header.start).toBeGreaterThan(BTC.durationMs - 200);
  });

  it('opens with a snapshot at the start mid and keeps time order, trade ids counting from 1', async () => {
    expect(events[0]).toMatchObject({ t: BTC.startTime, ch: 'snapshot' });
    expect(r.mids[0]![1]).toBe(2 * 6183763.5);
    for (let i = 1; i < events.length; i++) expect(events[i]!.t).toBeGreaterThanOrEqual(events[i - 1]!.t);
    const ids = events.flatMap((e) => (e.ch === 'trade' ? [e.msg.id] : []));
    expect(ids.length).toBeGreaterThan(1000);
    expect(ids).toEqual(ids.map((_, i) => i + 1));
    // The session writer accepts it as it is (order, symbols, checkpoints).
    expect(await sessionToText(header, events)).toContain('"ch":"checkpoint"');
  });

  it('sends book deltas of changed levels only, about every 100 ms', () => {
    const book = events.filter((e) => e.ch === 'book');
    expect(book.length).toBeGreaterThan((BTC.durationMs / 100) * 0.9);
    const shown = new L2Book('');
    let unchanged = 0;
    for (const e of events) {
      if (e.ch === 'snapshot') shown.replace(e.msg);
      if (e.ch !== 'book') continue;
      for (const [p, q] of e.msg.b) if (shown.bids.quantityAt(p) === q) unchanged += 1;
      for (const [p, q] of e.msg.a) if (shown.asks.quantityAt(p) === q) unchanged += 1;
      shown.apply(e.msg);
    }
    expect(unchanged).toBe(0);
  });

  it('never crosses the book and keeps at least 200 levels a side', () => {
    expect(r.crossed).toBe(0);
    expect(r.fewestLevels).toBeGreaterThanOrEqual(200);
  });

  it('prints every trade at or through the touch the consumer sees', () => {
    // A buy (taker buyer) at or above the best ask before it, a sell at or below the best bid.
    expect(r.unexplained).toBe(0);
  });

  it('moves the touch away only with trades on that side', () => {
    // The best bid falls only after sells since the previous book message, the best ask rises only after buys.
    expect(r.movesWithoutTrades).toBe(0);
    const changes = r.mids.filter(([, m], i) => i > 0 && m !== r.mids[i - 1]![1]).length;
    expect(changes).toBeGreaterThan(BTC.durationMs / 1000 / 3);
  });

  it('has a one-tick spread most of the time and bursty trades', () => {
    const s = sessionStats(events);
    expect(s.spreads.filter((x) => x === 1).length / s.spreads.length).toBeGreaterThan(0.97);
    // Many fills share a millisecond (one taker order), and gaps are far more spread out than a Poisson clock's.
    const zeros = s.interArrivals.filter((x) => x === 0).length / s.interArrivals.length;
    expect(zeros).toBeGreaterThan(0.4);
    const gaps = s.interArrivals.filter((x) => x > 0);
    const m = gaps.reduce((a, b) => a + b, 0) / gaps.length;
    const sd = Math.sqrt(gaps.reduce((a, b) => a + (b - m) ** 2, 0) / gaps.length);
    expect(sd / m).toBeGreaterThan(1.3);
  });
});

describe('loopable session', () => {
  const { header, events } = simulateSession({ ...BTC, durationMs: 180_000, loopable: true, seed: 11 });
  const r = replay(events, true);

  it('ends at the price and book it started with', () => {
    expect(header.loopable).toBe(true);
    const first = r.mids[0]![1];
    const last = r.mids[r.mids.length - 1]![1];
    // Mids are in half ticks: within a couple of ticks.
    expect(Math.abs(last - first)).toBeLessThanOrEqual(4);
    const [opening] = events.filter((e): e is Extract<DraftEvent, { ch: 'snapshot' }> => e.ch === 'snapshot');
    expect(opening).toBe(events[0]);
    expect(r.final.snapshot()).toEqual({ s: '', b: opening!.msg.b, a: opening!.msg.a });
    expect(r.crossed).toBe(0);
    expect(r.unexplained).toBe(0);
  });

  it('wanders in between, and its last trades walk the price back', () => {
    const mids = r.mids.map(([, m]) => m / 2);
    expect(Math.max(...mids) - Math.min(...mids)).toBeGreaterThan(500);
    // Before the final book message the mid is already near the start: the fair price was bridged back.
    const beforeEnd = r.mids.filter(([t]) => t < header.end - 1000).at(-1)![1];
    expect(Math.abs(beforeEnd - r.mids[0]![1]) / 2).toBeLessThan(4000);
  });
});

describe('other instruments', () => {
  it('makes a sane DOGEUSDT book: one-tick spread, dense levels, positive prices', () => {
    const { events } = simulateSession(DOGE);
    const r = replay(events);
    expect(r.crossed).toBe(0);
    expect(r.unexplained).toBe(0);
    expect(r.fewestLevels).toBeGreaterThanOrEqual(200);
    const s = sessionStats(events);
    expect(s.meanSpread).toBeLessThan(1.2);
    expect(s.tradesPerMinute / DOGE.tradesPerMinute).toBeGreaterThan(0.7);
    expect(s.tradesPerMinute / DOGE.tradesPerMinute).toBeLessThan(1.3);
    // 0.1 USDT is 10,000 ticks; a 5-minute walk at 90 % a year stays within a few per cent.
    for (const [, m] of r.mids) expect(Math.abs(m / 2 - 10000)).toBeLessThan(500);
    // Dust fills of about 5.56 USDT are 556 lots; nothing is below one lot.
    expect(Math.min(...s.tradeSizes)).toBeGreaterThanOrEqual(1);
    expect(s.tradeSizes.filter((q) => q === 556).length).toBeGreaterThan(s.trades * 0.05);
    const book = r.final.snapshot(10);
    // Dense: a tick is one basis point here, so nearly every tick holds a level.
    expect(book.b[0]![0] - book.b[9]![0]).toBeLessThanOrEqual(12);
    expect(book.a[9]![0] - book.a[0]![0]).toBeLessThanOrEqual(12);
    expect(book.b.at(-1)![0]).toBeGreaterThan(0);
  });

  it('scales a coarse-tick instrument without going below zero', () => {
    const { events } = simulateSession({ ...DOGE, symbol: 'XYZ', tick: '0.1', lot: '1', startPrice: '25', durationMs: 60_000 });
    const r = replay(events);
    expect(r.crossed).toBe(0);
    const bids = events.flatMap((e) => (e.ch === 'snapshot' || e.ch === 'book' ? e.msg.b.map(([p]) => p) : []));
    expect(Math.min(...bids)).toBeGreaterThan(0);
  });
});

describe('a fair price given from outside (fairOf)', () => {
  // A step of +1 % at 20 s and back at 60 s (a leveraged token's NAV moves in such jumps when its underlying does).
  const start = 4.821;
  const fairOf = (tMs: number) => start * (tMs - DOGE.startTime >= 20_000 && tMs - DOGE.startTime < 60_000 ? 1.01 : 1);
  const params: SimParams = { ...DOGE, symbol: 'BTC3LUSDT', tick: '0.0001', lot: '0.0001', startPrice: '4.8210', durationMs: 90_000, tradesPerMinute: 300, fairOf };

  it('trades to the given price and back, and still loops', () => {
    const { header, events } = simulateSession({ ...params, loopable: true });
    const r = replay(events, true);
    expect(r.crossed).toBe(0);
    expect(r.unexplained).toBe(0);
    const midAt = (t: number) => r.mids.filter(([at]) => at <= DOGE.startTime + t).at(-1)![1] / 2 / 10_000;
    // Sweeps move this book about 10 bp a second: by 50 s the mid is most of the way to +1 %,
    // by 85 s most of the way back (the last stretch, under the sweep threshold, goes slower).
    expect(midAt(15_000) / start - 1).toBeCloseTo(0, 3);
    expect(midAt(50_000) / start - 1).toBeGreaterThan(0.008);
    expect(Math.abs(midAt(85_000) / start - 1)).toBeLessThan(0.002);
    expect(header.loopable).toBe(true);
    const opening = events[0] as Extract<DraftEvent, { ch: 'snapshot' }>;
    expect(r.final.snapshot()).toEqual({ s: '', b: opening.msg.b, a: opening.msg.a });
  });

  it('draws nothing for the fair price, so the rest of the session keeps its random streams', () => {
    // A flat outside fair price and a zero-volatility walk are the same price: the sessions match
    // only if fairOf takes no draws from the other processes' streams.
    const flat = simulateSession({ ...params, fairOf: () => start }).events;
    const still = simulateSession({ ...params, fairOf: undefined, volatility: 0 }).events;
    expect(flat).toEqual(still);
  });
});

describe('performance', () => {
  it('generates 30 minutes of BTCUSDT quickly', () => {
    const t0 = performance.now();
    const { events } = simulateSession({ ...BTC, durationMs: 30 * 60_000 });
    const ms = performance.now() - t0;
    expect(events.length).toBeGreaterThan(50000);
    // Typically ~0.6 s; the bound is loose for slow CI machines and only catches a pathological slowdown.
    expect(ms).toBeLessThan(6000);
  });
});
