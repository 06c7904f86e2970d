// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { INTERVALS, MINUTE_MS } from '../../../src/domain/intervals';
import { generateHistory, klineSeries, secondBars, type TradeLike } from '../klines';
import { Rng } from '../rng';
import { LiveKlines } from './liveKlines';

const ANCHOR = Date.UTC(2026, 0, 30, 23, 58, 17, 0);
const history = generateHistory({
  symbol: 'TEST', tick: '0.01', lot: '0.001', anchorPrice: '100.00', anchorTime: ANCHOR, seed: 5, volatility: 0.6, volumePerMinute: 500,
});

/** Trades over the turn of a day and a month, at a few per second with jitter. */
function trades(count: number, seed: number): TradeLike[] {
  const rng = new Rng(seed);
  const out: TradeLike[] = [];
  let t = ANCHOR;
  let p = 10_000;
  for (let i = 0; i < count; i++) {
    t += Math.floor(rng.uniform() * 900);
    p += Math.round((rng.uniform() - 0.5) * 6);
    out.push({ t, msg: { p, q: 1 + Math.floor(rng.uniform() * 50) } });
  }
  return out;
}

describe('live klines', () => {
  it('equals the from-scratch aggregation of history and the trades so far, for every interval, while trades arrive', () => {
    const live = new LiveKlines(history);
    const all = trades(4_000, 11);
    // Queried after batches of many trades and of single ones, so the cache is patched both ways.
    let seen = 0;
    for (const size of [1, 1, 300, 1, 797, 2, 1_500, 1, 1_397]) {
      for (const trade of all.slice(seen, seen + size)) live.addTrade(trade.t, trade.msg.p, trade.msg.q);
      seen += size;
      const expected = secondBars(all.slice(0, seen));
      for (const interval of INTERVALS) expect(live.series(interval), `${interval} after ${seen} trades`).toEqual(klineSeries(history, expected, interval));
    }
    expect(seen).toBe(all.length);
  });

  it('forgets the bars after a backward seek and rebuilds the buckets it cut', () => {
    const live = new LiveKlines(history);
    const all = trades(3_000, 12);
    for (const trade of all) live.addTrade(trade.t, trade.msg.p, trade.msg.q);
    for (const interval of INTERVALS) live.series(interval);
    const cut = Math.floor(all[1_234]!.t / 1000) * 1000;
    live.truncateFrom(cut);
    const kept = all.filter((trade) => trade.t < cut);
    for (const interval of INTERVALS) expect(live.series(interval), interval).toEqual(klineSeries(history, secondBars(kept), interval));
  });

  it('pages like the kline store: the newest bars before `to`, oldest first', () => {
    const live = new LiveKlines(history);
    for (const trade of trades(500, 13)) live.addTrade(trade.t, trade.msg.p, trade.msg.q);
    const last = live.query('1m', { limit: 3 });
    expect(last).toHaveLength(3);
    expect(last[1]!.t - last[0]!.t).toBe(MINUTE_MS);
    const before = live.query('1m', { to: last[0]!.t, limit: 2 });
    expect(before.map((b) => b.t)).toEqual([last[0]!.t - 2 * MINUTE_MS, last[0]!.t - MINUTE_MS]);
    expect(live.query('1m')).toHaveLength(500);
  });

  it('has no bars without history until something trades, and ignores trades older than its history', () => {
    const fresh = new LiveKlines(null);
    expect(fresh.query('1h')).toEqual([]);
    expect(fresh.hasBars).toBe(false);
    fresh.addTrade(ANCHOR + 5, 100, 2);
    expect(fresh.query('1d')).toEqual([{ t: Date.UTC(2026, 0, 30), o: 100, h: 100, l: 100, c: 100, v: 2 }]);
    const withHistory = new LiveKlines(history);
    const before = withHistory.series('1m').length;
    withHistory.addTrade(ANCHOR - 60_000, 1, 1);
    expect(withHistory.series('1m')).toHaveLength(before);
  });
});
