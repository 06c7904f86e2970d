// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { INTERVALS, bucketStart, type Interval } from '../../../src/domain/intervals';
import { aggregate, secondBars, type Bar } from './aggregate';
import { generateHistory } from './generate';
import { DEFAULT_KLINE_LIMIT, baseOf, klineSeries, queryKlines } from './series';

// The session starts mid-minute so the history's last 1m bar is partial.
const anchorTime = Date.UTC(2024, 1, 29, 23, 59, 30, 500); // leap day, a Thursday, the last minute of February
const history = generateHistory({
  symbol: 'ETHUSDT',
  tick: '0.01',
  lot: '0.0001',
  anchorPrice: '3380.50',
  anchorTime,
  seed: 'session-7',
  volatility: 0.7,
  volumePerMinute: 20_000,
});
const trades = [
  { t: anchorTime, msg: { p: 338050, q: 10 } },
  { t: anchorTime + 200, msg: { p: 338200, q: 5 } },
  { t: anchorTime + 30_000, msg: { p: 337900, q: 7 } }, // 00:00:01 on March 1st: a new minute, day, and month
  { t: anchorTime + 95_000, msg: { p: 338500, q: 2 } },
];
const session = secondBars(trades);

describe('kline series', () => {
  it.each(INTERVALS)('serves %s from the right base, sorted, UTC-aligned, ending at the last trade', (interval) => {
    const bars = klineSeries(history, session, interval);
    const bad = bars.filter(
      (b, i) =>
        b.t !== bucketStart(interval, b.t) ||
        (i > 0 && b.t <= (bars[i - 1] as Bar).t) ||
        b.h < Math.max(b.o, b.c) ||
        b.l > Math.min(b.o, b.c) ||
        b.v <= 0,
    );
    expect(bad).toEqual([]);
    expect((bars.at(-1) as Bar).c).toBe(338500);
    const base = baseOf(interval);
    const first = base === '1s' ? (session[0] as Bar).t : (history.bars[base][0] as Bar).t;
    expect((bars[0] as Bar).t).toBe(bucketStart(interval, first));
  });

  it('serves 1s from the session only', () => {
    expect(klineSeries(history, session, '1s')).toEqual(session);
    expect(klineSeries(history, [], '1s')).toEqual([]);
  });

  it('joins the partial last history minute with the first session seconds', () => {
    const minutes = klineSeries(history, session, '1m');
    const historyTail = history.bars['1m'].at(-1) as Bar;
    const joined = minutes.find((b) => b.t === historyTail.t) as Bar;
    expect(joined).toEqual({
      t: historyTail.t,
      o: historyTail.o,
      h: Math.max(historyTail.h, 338200),
      l: Math.min(historyTail.l, 338050),
      c: 338200,
      v: historyTail.v + 15,
    });
    expect(minutes.slice(-2).map((b) => new Date(b.t).toISOString())).toEqual(['2024-03-01T00:00:00.000Z', '2024-03-01T00:01:00.000Z']);
  });

  it('ends with the history alone before the session trades', () => {
    for (const interval of ['1m', '4h', '1M'] as Interval[]) {
      expect((klineSeries(history, [], interval).at(-1) as Bar).c).toBe(338050);
    }
  });

  it('agrees between intervals built from different bases where both exist', () => {
    const minuteStart = (history.bars['1m'][0] as Bar).t;
    const fromMinutes = aggregate(klineSeries(history, session, '30m'), '30m', '1h');
    const hours = klineSeries(history, session, '1h').filter((b) => b.t >= minuteStart);
    expect(hours).toEqual(fromMinutes);
    const days = klineSeries(history, session, '1d').filter((b) => b.t >= minuteStart);
    expect(aggregate(klineSeries(history, session, '12h'), '12h', '1d').filter((b) => b.t >= minuteStart)).toEqual(days);
  });

  it('starts weeks on Mondays and months on the 1st, with February 2024 complete and March opened by the session', () => {
    for (const b of klineSeries(history, session, '1w')) expect(new Date(b.t).getUTCDay()).toBe(1);
    const months = klineSeries(history, session, '1M');
    for (const b of months) expect(new Date(b.t).toISOString()).toMatch(/-01T00:00:00\.000Z$/);
    expect(months.length).toBeGreaterThanOrEqual(25);
    const feb = months.at(-2) as Bar;
    const febDays = klineSeries(history, session, '1d').filter((b) => b.t >= Date.UTC(2024, 1, 1) && b.t < Date.UTC(2024, 2, 1));
    expect(febDays).toHaveLength(29);
    expect(feb.v).toBe(febDays.reduce((s, b) => s + b.v, 0));
    expect(months.at(-1)).toEqual({ t: Date.UTC(2024, 2, 1), o: 337900, h: 338500, l: 337900, c: 338500, v: 9 });
  });
});

describe('kline queries', () => {
  const series = klineSeries(history, session, '5m');

  it('returns the newest 500 bars by default, oldest first', () => {
    const page = queryKlines(series);
    expect(page).toHaveLength(DEFAULT_KLINE_LIMIT);
    expect(page.at(-1)).toBe(series.at(-1));
    expect(page[0]).toBe(series[series.length - DEFAULT_KLINE_LIMIT]);
  });

  it('pages back through history with `to` until nothing is left', () => {
    const pages: Bar[][] = [];
    let to: number | undefined;
    for (;;) {
      const page = queryKlines(series, { to, limit: 700 });
      if (page.length === 0) break;
      expect(page.filter((b) => b.t >= (to ?? Number.POSITIVE_INFINITY))).toEqual([]);
      pages.unshift(page);
      to = (page[0] as Bar).t;
    }
    expect(pages.flat()).toEqual(series);
  });

  it('treats `to` as exclusive and handles edges', () => {
    const some = series[100] as Bar;
    expect(queryKlines(series, { to: some.t, limit: 3 })).toEqual(series.slice(97, 100));
    expect(queryKlines(series, { to: some.t + 1, limit: 3 })).toEqual(series.slice(98, 101));
    expect(queryKlines(series, { to: (series[0] as Bar).t })).toEqual([]);
    expect(queryKlines(series, { to: Number.MAX_SAFE_INTEGER, limit: 1 })).toEqual([series.at(-1)]);
    expect(queryKlines([], {})).toEqual([]);
    expect(queryKlines(series, { limit: 0 })).toHaveLength(DEFAULT_KLINE_LIMIT);
    expect(queryKlines(series.slice(0, 10), { limit: 500 })).toHaveLength(10);
  });
});
