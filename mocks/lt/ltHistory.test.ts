import { describe, expect, it } from 'vitest';
import type { Bar } from '../market/klines';
import { computeNavHistory, navHistoryCache, type HistoryMarket } from './ltHistory';
import { BTC_SPECS } from './ltTestKit';

const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const END = Date.UTC(2026, 0, 20, 9, 30);
const spec = BTC_SPECS.find((s) => s.symbolId === 'BTC3LUSDT')!;

/** Flat bars at `ticks` of `ms` each, ending before `to`, or `count` of them. */
const flat = (to: number, ms: number, count: number, ticks: number): Bar[] =>
  Array.from({ length: count }, (_, i) => ({ t: to - (count - i) * ms, o: ticks, h: ticks, l: ticks, c: ticks, v: 1 }));

/** An underlying flat at 60,000.00 (ticks of 0.01): days, then hours, then a day of minutes before END. */
function flatMarket(calls: string[] = []): HistoryMarket {
  const minuteFrom = END - 30 * MIN - DAY;
  const hourFrom = minuteFrom - 5 * DAY;
  return {
    steps: () => ({ tick: '0.01' }),
    klines(_symbol, interval, query) {
      calls.push(`${interval}<${query.to}`);
      if (interval === '1m') return flat(query.to!, MIN, (query.to! - minuteFrom) / MIN, 6_000_000);
      if (interval === '1h') return flat(query.to!, HOUR, (query.to! - hourFrom) / HOUR, 6_000_000);
      return flat(query.to!, DAY, 30, 6_000_000);
    },
  };
}

describe('NAV history before the exchange started', () => {
  it('walks days, then hours, then minutes, each where the finer does not reach, and ends at the live start NAV', () => {
    const calls: string[] = [];
    const history = computeNavHistory(flatMarket(calls), spec, END + 12_345, 4.821)!;
    expect(calls[0]).toBe(`1m<${END}`);
    expect(history['1m'].at(-1)).toMatchObject({ t: END - MIN, c: 4.821, st: 1 });
    expect(history['1m'][0]!.t).toBe(END - 30 * MIN - DAY);
    expect(history['5m'].at(-1)!.t).toBe(END - 5 * MIN);
    expect(history['1h'][0]!.t).toBe(END - 30 * MIN - 6 * DAY);
    expect(history['1d']).toHaveLength(36 + 1);
    // A flat price leaves only the management fee: one day back the NAV was one fee higher.
    const dayCloses = history['1d'].map((b) => b.c);
    expect(dayCloses.at(-2)! / dayCloses.at(-1)!).toBeCloseTo(1 / (1 - 0.00005), 10);
  });

  it('is computed once per token, and not kept while the underlying has no candles', () => {
    let bars = false;
    const calls: string[] = [];
    const market = flatMarket(calls);
    const cache = navHistoryCache({ steps: market.steps, klines: (s, i, q) => (bars ? market.klines(s, i, q) : []) });
    expect(cache(spec, END, 4.821)).toBeNull();
    bars = true;
    const first = cache(spec, END, 4.821);
    expect(cache(spec, END, 4.821)).toBe(first);
    expect(calls).toHaveLength(3);
  });
});
