import {
  afterManagementFee,
  navAt,
  needsRebalance,
  nextUtcMidnight,
  resetBasket,
  type LeverageBand,
  type LtBasket,
  type LtDirection,
} from './nav';

/**
 * A leveraged token's NAV along a price series of its underlying, with the
 * basket rules of nav.ts applied at the points of the series (the exchange
 * only sees prices when they print, so a rebalance happens at a point, never
 * between two). Used for the LT kline history, the LT pairs' recorded fair
 * price and the tests on real recordings.
 */
export interface PricePoint {
  /** ms since epoch, ascending */
  t: number;
  price: number;
}

export interface NavSpec {
  direction: LtDirection;
  band: LeverageBand;
  /** taken from the NAV at each 00:00 UTC, e.g. 0.00005 */
  dailyFeeRate: number;
}

export interface NavPoint {
  t: number;
  nav: number;
  /** a band rebalance happened at this point */
  rebalanced: boolean;
}

export interface NavPath {
  series: NavPoint[];
  rebalances: number;
  dailyResets: number;
  /** lowest NAV of the series (start NAV for a one-point series) */
  minNav: number;
  /** NAV at the last point (0 for an empty series) */
  endNav: number;
}

const DAY_MS = 86_400_000;

/**
 * Walks `points` from `startNav`: a reset to the target leverage at the first
 * point; before each later point, a daily reset (fee, then re-size) at every
 * 00:00 UTC passed, at the price in force at that midnight (the last point
 * before it, or the point itself when it sits exactly on midnight); then a
 * band rebalance if the point's price puts real leverage at or past an edge.
 * A NAV that reaches 0 stays 0 (the basket is emptied, so no later rally
 * revives it).
 */
export function navPath(points: readonly PricePoint[], spec: NavSpec, startNav: number): NavPath {
  const first = points[0];
  if (!first) return { series: [], rebalances: 0, dailyResets: 0, minNav: 0, endNav: 0 };
  const target = spec.band.target;
  let basket: LtBasket = resetBasket(startNav, first.price, spec.direction, target);
  let nav = navAt(basket, first.price);
  const series: NavPoint[] = [{ t: first.t, nav, rebalanced: false }];
  let rebalances = 0;
  let dailyResets = 0;
  let minNav = nav;
  const dailyReset = (price: number): void => {
    // The fee comes off the NAV at the old basket, then the basket is re-sized;
    // a dead token has nothing left to charge or reset.
    if (nav <= 0) return;
    nav = afterManagementFee(navAt(basket, price), spec.dailyFeeRate);
    basket = resetBasket(nav, price, spec.direction, target);
    dailyResets += 1;
  };
  for (let i = 1; i < points.length; i += 1) {
    const prev = points[i - 1]!;
    const cur = points[i]!;
    let midnight = nextUtcMidnight(prev.t);
    // Midnights strictly between the two points: the price in force was prev's.
    for (; midnight < cur.t; midnight += DAY_MS) dailyReset(prev.price);
    // A point on midnight is the price at midnight: the reset uses it and
    // already brings leverage back to target, so no rebalance check is needed.
    const onMidnight = midnight === cur.t;
    if (onMidnight) dailyReset(cur.price);
    nav = navAt(basket, cur.price);
    let rebalanced = false;
    if (nav <= 0) {
      basket = { units: 0, cash: 0 };
    } else if (!onMidnight && needsRebalance(basket, cur.price, spec.band)) {
      basket = resetBasket(nav, cur.price, spec.direction, target);
      rebalances += 1;
      rebalanced = true;
    }
    if (nav < minNav) minNav = nav;
    series.push({ t: cur.t, nav, rebalanced });
  }
  return { series, rebalances, dailyResets, minNav, endNav: nav };
}

/**
 * The NAV series of `points`, scaled so its last NAV is `endNav`: history
 * computed backwards from today's NAV. Every rule of the walk (leverage
 * bands, a fee proportional to NAV) is homogeneous in the start NAV, so
 * scaling a walk from 1 is the walk from the scaled start. A series that
 * ends at 0 cannot be scaled to anything else and is returned from NAV 1.
 */
export function navSeries(points: readonly PricePoint[], spec: NavSpec, endNav: number): NavPoint[] {
  const path = navPath(points, spec, 1);
  if (!(path.endNav > 0)) return path.series;
  const k = endNav / path.endNav;
  const last = path.series.length - 1;
  // The last point is set outright so it equals endNav bit for bit.
  return path.series.map((p, i) => ({ t: p.t, nav: i === last ? endNav : p.nav * k, rebalanced: p.rebalanced }));
}

/**
 * The NAV in force at any time along a walked series: that of the last point
 * at or before `t` (the first point's before the series starts, since a
 * token's NAV only changes when its underlying prints).
 */
export function navLookup(series: readonly NavPoint[]): (t: number) => number {
  if (series.length === 0) throw new RangeError('navLookup needs at least one point');
  return (t) => {
    let lo = 0;
    let hi = series.length - 1;
    // Last index with series[i].t <= t; ties resolve to the latest point of that time.
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (series[mid]!.t <= t) lo = mid;
      else hi = mid - 1;
    }
    return series[lo]!.nav;
  };
}

/** An underlying candle in price units; `end` is its close time (exclusive end of the bucket). */
export interface PriceBar {
  t: number;
  end: number;
  o: number;
  h: number;
  l: number;
  c: number;
}

/**
 * How a candle is walked after its open: the extreme the close is further
 * from first (the usual reading of an OHLC bar), at a third and two thirds
 * of it, then the close at its end.
 */
export function barWalk(bar: PriceBar): PricePoint[] {
  const third = (bar.end - bar.t) / 3;
  const [a, b] = bar.c >= bar.o ? [bar.l, bar.h] : [bar.h, bar.l];
  return [{ t: bar.t + third, price: a }, { t: bar.t + 2 * third, price: b }, { t: bar.end, price: bar.c }];
}

/** A NAV candle; `rebalances` counts band rebalances inside it. */
export interface NavCandle {
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
  rebalances: number;
}

/**
 * NAV candles from consecutive underlying candles (oldest first, each
 * starting where the previous ended), ending at `endNav`. Each candle is
 * walked as open → extremes → close, the extreme the close is further from
 * first (the usual reading of an OHLC bar), the extremes at a third and two
 * thirds of it: so a band rebalance fires where the underlying's high or low
 * would have set it off, and a candle ending on 00:00 UTC gets the daily
 * reset at its close. Between resets NAV is monotonic in the price, so the
 * candle's NAV high and low are at the underlying's extremes.
 */
export function navBars(bars: readonly PriceBar[], spec: NavSpec, endNav: number): NavCandle[] {
  const first = bars[0];
  if (!first) return [];
  const points: PricePoint[] = [{ t: first.t, price: first.o }];
  for (const bar of bars) points.push(...barWalk(bar));
  const series = navSeries(points, spec, endNav);
  return bars.map((bar, i) => {
    const [open, x, y, close] = [series[3 * i]!, series[3 * i + 1]!, series[3 * i + 2]!, series[3 * i + 3]!];
    const rebalances = [x, y, close].filter((p) => p.rebalanced).length;
    return {
      t: bar.t,
      o: open.nav,
      h: Math.max(open.nav, x.nav, y.nav, close.nav),
      l: Math.min(open.nav, x.nav, y.nav, close.nav),
      c: close.nav,
      rebalances,
    };
  });
}
