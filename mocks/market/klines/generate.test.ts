// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, MINUTE_MS, bucketStart, intervalMs } from '../../../src/domain/intervals';
import { aggregate, type Bar } from './aggregate';
import { DAY_HISTORY_DAYS, HOUR_HISTORY_DAYS, MINUTE_HISTORY_DAYS, generateHistory, type BaseInterval, type HistoryOptions } from './generate';

const anchorTime = Date.UTC(2024, 2, 15, 13, 27, 41, 250);
const btc: HistoryOptions = {
  symbol: 'BTCUSDT',
  tick: '0.01',
  lot: '0.00001',
  anchorPrice: '61837.63',
  anchorTime,
  seed: 42,
  volatility: 0.6,
  volumePerMinute: 150_000,
};
const history = generateHistory(btc);
const BASES: BaseInterval[] = ['1m', '1h', '1d'];

function logReturns(bars: readonly Bar[]): number[] {
  return bars.slice(1).map((b, i) => Math.log(b.c / (bars[i] as Bar).c));
}

describe('generated history', () => {
  it('anchors on the session price in ticks', () => {
    expect(history.anchorPrice).toBe(6183763);
  });

  const spans: Record<BaseInterval, number> = { '1m': MINUTE_HISTORY_DAYS, '1h': HOUR_HISTORY_DAYS, '1d': DAY_HISTORY_DAYS };

  describe.each(BASES)('%s series', (base) => {
    const bars = history.bars[base];

    it('closes exactly at the anchor, in the bucket just before the session', () => {
      const last = bars.at(-1) as Bar;
      expect(last.c).toBe(6183763);
      expect(last.t).toBe(bucketStart(base, anchorTime - 1));
    });

    it('reaches back far enough, without gaps', () => {
      expect((bars[0] as Bar).t).toBeLessThanOrEqual(anchorTime - spans[base] * DAY_MS);
      const step = intervalMs(base) as number;
      // 24/7 market: consecutive buckets, each bar opening where the previous closed
      const breaks = bars.filter((cur, i) => i > 0 && (cur.t - (bars[i - 1] as Bar).t !== step || cur.o !== (bars[i - 1] as Bar).c));
      expect(breaks).toEqual([]);
    });

    it('keeps OHLC invariants on the tick grid with positive volumes', () => {
      const bad = bars.filter(
        (b) =>
          ![b.o, b.h, b.l, b.c, b.v].every((n) => Number.isSafeInteger(n) && n > 0) ||
          b.h < Math.max(b.o, b.c) ||
          b.l > Math.min(b.o, b.c) ||
          b.t !== bucketStart(base, b.t),
      );
      expect(bad).toEqual([]);
    });
  });

  it('has at least 2 years of daily bars, starting on the 1st of a month', () => {
    expect(DAY_HISTORY_DAYS).toBeGreaterThanOrEqual(730);
    expect(new Date((history.bars['1d'][0] as Bar).t).getUTCDate()).toBe(1);
  });

  it('makes coarser bars the aggregation of finer ones where they overlap', () => {
    const minutes = history.bars['1m'];
    const minuteStart = (minutes[0] as Bar).t;
    expect(history.bars['1h'].filter((b) => b.t >= minuteStart)).toEqual(aggregate(minutes, '1m', '1h'));

    const hours = history.bars['1h'];
    const hourStart = (hours[0] as Bar).t;
    expect(history.bars['1d'].filter((b) => b.t >= hourStart)).toEqual(aggregate(hours, '1h', '1d'));
    // …and so, transitively, the last week of days is the aggregation of the minutes
    expect(history.bars['1d'].filter((b) => b.t >= minuteStart)).toEqual(aggregate(minutes, '1m', '1d'));
  });

  it('is deterministic, and differs by seed and by symbol', () => {
    // JSON keeps the comparison exact (integers only) and fast on ~14k bars
    expect(JSON.stringify(generateHistory(btc))).toBe(JSON.stringify(history));
    expect(generateHistory({ ...btc, seed: 43 }).bars['1d']).not.toEqual(history.bars['1d']);
    expect(generateHistory({ ...btc, symbol: 'ETHUSDT' }).bars['1d']).not.toEqual(history.bars['1d']);
    expect(JSON.stringify(generateHistory({ ...btc, seed: '42' }))).toBe(JSON.stringify(history));
  });

  it.each([0.3, 0.6, 1.0])('shows roughly the requested volatility %s in daily log returns', (volatility) => {
    let sum = 0;
    const seeds = [1, 2, 3, 4];
    for (const seed of seeds) {
      const r = logReturns(generateHistory({ ...btc, seed, volatility }).bars['1d']);
      const mean = r.reduce((s, x) => s + x, 0) / r.length;
      sum += Math.sqrt(r.reduce((s, x) => s + (x - mean) ** 2, 0) / (r.length - 1)) * Math.sqrt(365);
    }
    // Volatility clusters over weeks, so two years of one path estimate it
    // loosely; averaged over four paths the ratio stays within about ±10 %.
    const ratio = sum / seeds.length / volatility;
    expect(ratio).toBeGreaterThan(0.7);
    expect(ratio).toBeLessThan(1.35);
  });

  it('has fat-tailed minute returns and busier US afternoons than Asian nights', () => {
    const r = logReturns(history.bars['1m']);
    const m2 = r.reduce((s, x) => s + x * x, 0) / r.length;
    const m4 = r.reduce((s, x) => s + x ** 4, 0) / r.length;
    expect(m4 / (m2 * m2)).toBeGreaterThan(5); // a Gaussian gives 3

    const volumeAt = (fromHour: number, toHour: number) => {
      const sel = history.bars['1m'].filter((b) => {
        const hour = (b.t % DAY_MS) / HOUR_MS;
        return hour >= fromHour && hour < toHour;
      });
      return sel.reduce((s, b) => s + b.v, 0) / sel.length;
    };
    expect(volumeAt(13, 18)).toBeGreaterThan(1.3 * volumeAt(1, 6));
  });

  it('keeps low-priced instruments positive and on whole ticks', () => {
    const penny = generateHistory({ ...btc, symbol: 'PEPEUSDT', tick: '0.0001', anchorPrice: '0.0012', volatility: 1.5, volumePerMinute: 0.4 });
    for (const base of BASES) {
      expect((penny.bars[base].at(-1) as Bar).c).toBe(12);
      expect(penny.bars[base].filter((b) => !(b.l >= 1 && b.v >= 1 && Number.isInteger(b.l) && b.h >= Math.max(b.o, b.c)))).toEqual([]);
    }
  });

  it('ends a history that starts on a minute boundary with a full bar', () => {
    const onTheMinute = generateHistory({ ...btc, anchorTime: Date.UTC(2024, 0, 1) });
    expect((onTheMinute.bars['1m'].at(-1) as Bar).t).toBe(Date.UTC(2024, 0, 1) - MINUTE_MS);
    expect((onTheMinute.bars['1d'].at(-1) as Bar).t).toBe(Date.UTC(2023, 11, 31));
  });

  it('rejects an anchor off the tick grid and nonsensical parameters', () => {
    expect(() => generateHistory({ ...btc, anchorPrice: '61837.635' })).toThrow(RangeError);
    expect(() => generateHistory({ ...btc, anchorPrice: '0' })).toThrow(RangeError);
    expect(() => generateHistory({ ...btc, volatility: 0 })).toThrow(RangeError);
    expect(() => generateHistory({ ...btc, volumePerMinute: -1 })).toThrow(RangeError);
    expect(() => generateHistory({ ...btc, anchorTime: Number.NaN })).toThrow(RangeError);
  });

  it('generates one instrument well within the start-up budget', () => {
    const started = performance.now();
    generateHistory({ ...btc, seed: 7 });
    // The budget is 300 ms in a browser; the margin absorbs slow CI machines.
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
