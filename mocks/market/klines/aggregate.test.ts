// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { addTrade, aggregate, secondBars, type Bar } from './aggregate';

const utc = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0, ms = 0) => Date.UTC(y, mo - 1, d, h, mi, s, ms);
const bar = (t: number, o: number, h: number, l: number, c: number, v: number): Bar => ({ t, o, h, l, c, v });
const trade = (t: number, p: number, q: number) => ({ t, msg: { p, q } });

describe('aggregate', () => {
  it('merges whole buckets and keeps a partial last bucket', () => {
    const t0 = utc(2024, 5, 1, 10, 0);
    const minutes = [
      bar(t0, 100, 105, 99, 104, 1),
      bar(t0 + 60_000, 104, 110, 103, 108, 2),
      bar(t0 + 4 * 60_000, 108, 108, 95, 96, 3),
      bar(t0 + 5 * 60_000, 96, 97, 90, 91, 4),
      bar(t0 + 6 * 60_000, 91, 99, 91, 98, 5),
    ];
    expect(aggregate(minutes, '1m', '5m')).toEqual([bar(t0, 100, 110, 95, 96, 6), bar(t0 + 5 * 60_000, 96, 99, 90, 98, 9)]);
    expect(aggregate(minutes, '1m', '1m')).toEqual(minutes);
    expect(aggregate([], '1m', '1h')).toEqual([]);
  });

  it('does not touch its input', () => {
    const input = [bar(0, 1, 2, 1, 2, 1), bar(1000, 2, 3, 2, 3, 1)];
    const copy = structuredClone(input);
    aggregate(input, '1s', '1m');
    expect(input).toEqual(copy);
  });

  it('merges bars of different origin that share a bucket (history end + session start)', () => {
    const t0 = utc(2024, 5, 1, 10, 7);
    const historyTail = bar(t0, 50, 55, 49, 52, 10); // covers 10:07:00–10:07:30
    const sessionHead = bar(t0 + 30_000, 52, 53, 40, 41, 1); // a 1s bar at 10:07:30
    expect(aggregate([historyTail, sessionHead], '1m', '1m')).toEqual([bar(t0, 50, 55, 40, 41, 11)]);
  });

  it('builds Monday-based weeks from days', () => {
    // Thursday 2024-02-29 … Tuesday 2024-03-05
    const days = Array.from({ length: 6 }, (_, i) => bar(utc(2024, 2, 29) + i * 86_400_000, 10 + i, 20 + i, 5 + i, 11 + i, 1));
    const weeks = aggregate(days, '1d', '1w');
    expect(weeks.map((w) => new Date(w.t).toISOString())).toEqual(['2024-02-26T00:00:00.000Z', '2024-03-04T00:00:00.000Z']);
    expect(weeks.map((w) => w.v)).toEqual([4, 2]);
    expect(weeks[0]).toMatchObject({ o: 10, c: 14, h: 23, l: 5 });
  });

  it('builds calendar months from days, leap February included', () => {
    const start = utc(2024, 1, 30);
    const days = Array.from({ length: 33 }, (_, i) => bar(start + i * 86_400_000, 100, 101, 99, 100, 1)); // Jan 30 … Mar 2
    const months = aggregate(days, '1d', '1M');
    expect(months.map((m) => [new Date(m.t).toISOString().slice(0, 10), m.v])).toEqual([
      ['2024-01-01', 2],
      ['2024-02-01', 29],
      ['2024-03-01', 2],
    ]);
  });

  it('refuses intervals that do not divide and bars out of order', () => {
    expect(() => aggregate([], '1w', '1M')).toThrow(RangeError);
    expect(() => aggregate([], '1h', '1m')).toThrow(RangeError);
    expect(() => aggregate([], '3m', '5m')).toThrow(RangeError);
    expect(() => aggregate([bar(120_000, 1, 1, 1, 1, 1), bar(60_000, 1, 1, 1, 1, 1)], '1m', '1m')).toThrow(RangeError);
    expect(() => aggregate([bar(120_000, 1, 1, 1, 1, 1), bar(60_000, 1, 1, 1, 1, 1)], '1m', '5m')).toThrow(RangeError);
  });
});

describe('1s bars from trades', () => {
  it('makes bars only for seconds with trades, in trade order', () => {
    const s = utc(2024, 5, 1, 12, 0, 0);
    const bars = secondBars([trade(s + 100, 500, 1), trade(s + 400, 510, 2), trade(s + 900, 495, 1), trade(s + 999, 502, 4), trade(s + 3_000, 503, 7)]);
    expect(bars).toEqual([bar(s, 500, 510, 495, 502, 8), bar(s + 3_000, 503, 503, 503, 503, 7)]);
  });

  it('puts a late trade into its own second without reordering bars', () => {
    const s = utc(2024, 5, 1, 12, 0, 0);
    const bars = secondBars([trade(s, 100, 1), trade(s + 2_000, 102, 1)]);
    addTrade(bars, s + 500, 99, 3);
    addTrade(bars, s + 1_200, 101, 2);
    expect(bars).toEqual([bar(s, 100, 100, 99, 99, 4), bar(s + 1_000, 101, 101, 101, 101, 2), bar(s + 2_000, 102, 102, 102, 102, 1)]);
  });

  it('is empty without trades', () => {
    expect(secondBars([])).toEqual([]);
  });
});
