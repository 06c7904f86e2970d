import { describe, expect, it } from 'vitest';
import { BAND_3X } from './nav';
import { navBars, navLookup, navPath, navSeries, type NavSpec, type PricePoint } from './navHistory';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** 2024-08-09 00:00 UTC */
const MIDNIGHT = Date.UTC(2024, 7, 9);
const LONG: NavSpec = { direction: 'long', band: BAND_3X, dailyFeeRate: 0.00005 };
const SHORT: NavSpec = { ...LONG, direction: 'short' };
const NO_FEE: NavSpec = { ...LONG, dailyFeeRate: 0 };

const pts = (start: number, step: number, prices: number[]): PricePoint[] =>
  prices.map((price, i) => ({ t: start + i * step, price }));

describe('navPath', () => {
  it('is empty for no points and flat for one', () => {
    expect(navPath([], LONG, 1)).toEqual({ series: [], rebalances: 0, dailyResets: 0, minNav: 0, endNav: 0 });
    expect(navPath([{ t: 0, price: 5 }], LONG, 2).series).toEqual([{ t: 0, nav: 2, rebalanced: false }]);
  });

  it('is linear in the price within a day (3x the move)', () => {
    const path = navPath(pts(MIDNIGHT + HOUR, 60_000, [100, 101, 99, 100]), LONG, 10);
    // units = 3 × 10 / 100 = 0.3, cash = 10 − 30 = −20: NAV = 0.3 P − 20
    [10, 10.3, 9.7, 10].forEach((n, i) => expect(path.series[i]!.nav).toBeCloseTo(n, 12));
    expect(path.dailyResets).toBe(0);
    expect(path.rebalances).toBe(0);
    expect(path.minNav).toBeCloseTo(9.7, 12);
  });

  it('resets at 00:00 UTC at the last price before midnight, after the fee', () => {
    // 23:00 at 100, 23:30 at 110, 00:30 at 121 (a second +10 %).
    const points = [
      { t: MIDNIGHT - HOUR, price: 100 },
      { t: MIDNIGHT - HOUR / 2, price: 110 },
      { t: MIDNIGHT + HOUR / 2, price: 121 },
    ];
    const path = navPath(points, LONG, 1);
    // Before midnight: 1 × (1 + 3 × 0.1) = 1.3. Fee: 1.3 × 0.99995 = 1.299935.
    // Reset at 110, then +10 %: 1.299935 × 1.3 = 1.6899155.
    expect(path.series[1]!.nav).toBeCloseTo(1.3, 12);
    expect(path.series[2]!.nav).toBeCloseTo(1.6899155, 12);
    expect(path.dailyResets).toBe(1);
    expect(path.rebalances).toBe(0);
  });

  it('takes the point price when a point sits exactly on midnight, with no rebalance flag', () => {
    // +40 % landing exactly on midnight: NAV 0.03 × 140 − 2 = 2.2, exposure 4.2,
    // leverage 1.91 ≤ 2 — a rebalance on any other point, but the daily reset
    // at that same price re-sizes to 3x first.
    const points = [
      { t: MIDNIGHT - HOUR, price: 100 },
      { t: MIDNIGHT, price: 140 },
      { t: MIDNIGHT + HOUR, price: 140 },
    ];
    const path = navPath(points, LONG, 1);
    expect(path.series[1]).toEqual({ t: MIDNIGHT, nav: expect.any(Number), rebalanced: false });
    expect(path.series[1]!.nav).toBeCloseTo(2.2 * 0.99995, 12);
    expect(path.dailyResets).toBe(1);
    expect(path.rebalances).toBe(0);
  });

  it('charges one fee per midnight across a gap of several days', () => {
    const points = [
      { t: MIDNIGHT - HOUR, price: 100 },
      { t: MIDNIGHT + 2 * DAY + HOUR, price: 100 },
    ];
    const path = navPath(points, LONG, 1);
    expect(path.dailyResets).toBe(3);
    expect(path.endNav).toBeCloseTo(0.99995 ** 3, 15);
  });

  it('rebalances when real leverage reaches the band, and flags that point', () => {
    // Long from 100: NAV = 0.03 P − 2 (start 1). At 92: NAV 0.76, exposure 2.76,
    // leverage 3.63 (inside). At 88: NAV 0.64, exposure 2.64, leverage 4.125 ≥ 4:
    // rebalance there; the next point at the same price keeps NAV 0.64.
    const path = navPath(pts(MIDNIGHT + HOUR, 1000, [100, 92, 88, 88]), NO_FEE, 1);
    expect(path.series.map((p) => p.rebalanced)).toEqual([false, false, true, false]);
    expect(path.rebalances).toBe(1);
    expect(path.series[2]!.nav).toBeCloseTo(0.64, 12);
    expect(path.series[3]!.nav).toBeCloseTo(0.64, 12);
  });

  it('keeps a NAV of 0 at 0 even when the price comes back', () => {
    // Long from 100 with no point in between to rebalance: at 60, 0.03 × 60 − 2 < 0.
    const path = navPath(pts(MIDNIGHT + HOUR, 1000, [100, 60, 100, 200]), NO_FEE, 1);
    expect(path.series.map((p) => p.nav)).toEqual([1, 0, 0, 0]);
    expect(path.minNav).toBe(0);
    expect(path.rebalances).toBe(0);
  });

  it('mirrors for a short', () => {
    const path = navPath(pts(MIDNIGHT + HOUR, 1000, [100, 95, 100]), SHORT, 1);
    // units = −0.03, cash = 4: NAV = 4 − 0.03 P → 1.15 at 95, back to 1 at 100.
    expect(path.series[1]!.nav).toBeCloseTo(1.15, 12);
    expect(path.series[2]!.nav).toBeCloseTo(1, 12);
  });
});

describe('navSeries', () => {
  it('scales the walk so it ends at endNav, keeping shape and flags', () => {
    const points = pts(MIDNIGHT - 3 * HOUR, HOUR, [100, 104, 95, 88, 90, 91]);
    const unit = navPath(points, LONG, 1);
    const series = navSeries(points, LONG, 5);
    expect(series.at(-1)!.nav).toBe(5);
    const k = 5 / unit.endNav;
    series.forEach((p, i) => {
      expect(p.t).toBe(points[i]!.t);
      expect(p.rebalanced).toBe(unit.series[i]!.rebalanced);
      expect(p.nav).toBeCloseTo(unit.series[i]!.nav * k, 12);
    });
    // Scaling equals walking from the scaled start (homogeneity).
    const direct = navPath(points, LONG, k);
    direct.series.forEach((p, i) => expect(series[i]!.nav).toBeCloseTo(p.nav, 12));
  });

  it('leaves a series that ends at 0 unscaled', () => {
    const points = pts(MIDNIGHT + HOUR, 1000, [100, 60]);
    expect(navSeries(points, NO_FEE, 5).map((p) => p.nav)).toEqual([1, 0]);
  });

  it('is empty for no points', () => {
    expect(navSeries([], LONG, 5)).toEqual([]);
  });
});

describe('navLookup', () => {
  it('gives the NAV of the last point at or before t', () => {
    const series = [
      { t: 10, nav: 1, rebalanced: false },
      { t: 20, nav: 2, rebalanced: false },
      { t: 20, nav: 3, rebalanced: false },
      { t: 30, nav: 4, rebalanced: false },
    ];
    const at = navLookup(series);
    expect([0, 10, 15, 20, 29, 30, 99].map(at)).toEqual([1, 1, 1, 3, 3, 4, 4]);
    expect(() => navLookup([])).toThrow(RangeError);
  });
});

describe('navBars', () => {
  it('walks each candle open → extremes → close and ends at endNav', () => {
    // Two hourly candles before midnight, no fee in play: NAV = 0.03 P − 2 from 100 (start NAV 1).
    const bars = [
      { t: MIDNIGHT - 2 * HOUR, end: MIDNIGHT - HOUR, o: 100, h: 103, l: 99, c: 102 },
      { t: MIDNIGHT - HOUR, end: MIDNIGHT - HOUR / 2, o: 102, h: 102, l: 97, c: 98 },
    ];
    const nav = navBars(bars, NO_FEE, 0.94 * 2);
    // Unscaled: 1 → low 0.97 → high 1.09 → close 1.06; then high 1.06 → low 0.91 → close 0.94.
    const k = 2;
    const expected = [
      { o: 1, h: 1.09, l: 0.97, c: 1.06 },
      { o: 1.06, h: 1.06, l: 0.91, c: 0.94 },
    ];
    nav.forEach((b, i) => {
      expect(b.t).toBe(bars[i]!.t);
      for (const key of ['o', 'h', 'l', 'c'] as const) expect(b[key]).toBeCloseTo(expected[i]![key] * k, 12);
      expect(b.rebalances).toBe(0);
    });
    expect(nav.at(-1)!.c).toBe(1.88);
  });

  it('rebalances at an extreme that reaches the band and resets at a close on midnight', () => {
    // A daily candle to midnight whose low (88) takes a long to 4.125x: rebalanced there
    // (NAV 0.64), then the close 96.8 is +10 % → 0.832, and the daily reset takes the fee.
    const day = [{ t: MIDNIGHT - DAY, end: MIDNIGHT, o: 100, h: 100, l: 88, c: 96.8 }];
    const [bar] = navBars(day, LONG, 1);
    expect(bar!.rebalances).toBe(1);
    // Scaled to end at 1: the walk ended at 0.832 × 0.99995, so the open is 1 / that.
    expect(bar!.o).toBeCloseTo(1 / (0.832 * 0.99995), 12);
    expect(bar!.l).toBeCloseTo(0.64 / (0.832 * 0.99995), 12);
    expect(bar!.c).toBe(1);
    expect(navBars([], LONG, 1)).toEqual([]);
  });
});
