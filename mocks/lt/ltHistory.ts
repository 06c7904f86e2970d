/**
 * NAV candles before the exchange started (docs/api/lt.md kline): the
 * underlying's candle history walked with the basket rules (navHistory.ts),
 * scaled so it ends at the NAV the live series begins with. Computed on the
 * first request and kept: the underlying's history does not change. To stay
 * cheap it walks the underlying's daily bars for the far past, hourly ones
 * for the last months and minute ones for the last week — each level only
 * where the finer one does not reach — four points a bar (open, the two
 * extremes, close).
 */
import type { Bar } from '../market/klines';
import { barWalk, navSeries, type NavPoint, type PricePoint } from './navHistory';
import { aggregateBars, bucketOf, INTERVAL_MS, MINUTE_MS, NAV_INTERVALS, type NavBar, type NavInterval } from './navBars';
import type { LtSpec } from './registry';

/** The part of the market the history reads (MarketView fits). */
export interface HistoryMarket {
  klines(symbol: string, interval: '1m' | '1h' | '1d', query: { to?: number; limit?: number }): Bar[];
  steps(symbol: string): { tick: string } | null;
}

/** How far back each level is read (the hub's history keeps 7, 120 and 730 days). */
const LEVELS = [
  { interval: '1m', ms: MINUTE_MS, limit: 7 * 1440 },
  { interval: '1h', ms: 3_600_000, limit: 120 * 24 },
  { interval: '1d', ms: 86_400_000, limit: 1000 },
] as const;

export type NavHistory = Readonly<Record<NavInterval, readonly NavBar[]>>;

/**
 * A bar in ticks as its open and the walk of navHistory.ts (so the chart's
 * history and this one read a bar alike); the close goes on the bar's last
 * ms, not on the next bar's first, since the points are bucketed by time.
 */
function pointsOf(bar: Bar, ms: number, tick: number): PricePoint[] {
  const priced = { t: bar.t, end: bar.t + ms - 1, o: bar.o * tick, h: bar.h * tick, l: bar.l * tick, c: bar.c * tick };
  return [{ t: bar.t, price: priced.o }, ...barWalk(priced)];
}

/** The underlying's price path before `end`, oldest first, with where the minute and hour levels begin. */
function pricePath(market: HistoryMarket, symbol: string, end: number): { points: PricePoint[]; minuteFrom: number; hourFrom: number } | null {
  const steps = market.steps(symbol);
  if (!steps) return null;
  const tick = Number(steps.tick);
  const chunks: PricePoint[][] = [];
  const starts: number[] = [];
  // Bars opening before the live series' minute: the one it starts in holds replayed trades already.
  let to = bucketOf(end, MINUTE_MS);
  for (const level of LEVELS) {
    const bars = market.klines(symbol, level.interval, { to, limit: level.limit });
    chunks.unshift(bars.flatMap((b) => pointsOf(b, level.ms, tick)));
    to = bars[0]?.t ?? to;
    starts.push(to);
  }
  const points = chunks.flat().filter((p) => p.price > 0);
  return points.length < 2 ? null : { points, minuteFrom: starts[0]!, hourFrom: starts[1]! };
}

/** NAV points into bars of one interval; status 1, or 5 on a minute a rebalance happened in. */
function barsOf(points: readonly NavPoint[], ms: number): NavBar[] {
  const minutes: NavBar[] = [];
  for (const p of points) {
    const t = bucketOf(p.t, MINUTE_MS);
    const last = minutes[minutes.length - 1];
    const st = p.rebalanced ? 5 : 1;
    if (last && last.t === t) {
      last.h = Math.max(last.h, p.nav);
      last.l = Math.min(last.l, p.nav);
      last.c = p.nav;
      if (st === 5) last.st = 5;
    } else minutes.push({ t, o: p.nav, h: p.nav, l: p.nav, c: p.nav, st });
  }
  if (ms === MINUTE_MS) return minutes;
  // Coarser bars show the status at their close, which a past rebalance's minute no longer is.
  return aggregateBars(minutes, ms).map((b) => ({ ...b, st: 1 }));
}

/** The history of one token, or null while the underlying's candles are not loaded. */
export function computeNavHistory(market: HistoryMarket, spec: LtSpec, end: number, endNav: number): NavHistory | null {
  const path = pricePath(market, spec.underlying, end);
  if (!path) return null;
  const spec3 = { direction: spec.direction, band: spec.band, dailyFeeRate: Number(spec.managementFeeRate) };
  const navs = navSeries(path.points, spec3, endNav);
  const from: Record<NavInterval, number> = { '1m': path.minuteFrom, '5m': path.minuteFrom, '1h': path.hourFrom, '1d': -Infinity };
  const out = {} as Record<NavInterval, NavBar[]>;
  for (const interval of NAV_INTERVALS) out[interval] = barsOf(navs.filter((p) => p.t >= from[interval]), INTERVAL_MS[interval]);
  return out;
}

/** Per token, computed once the underlying's history is there. */
export function navHistoryCache(market: HistoryMarket) {
  const cache = new Map<string, NavHistory>();
  return (spec: LtSpec, end: number, endNav: number): NavHistory | null => {
    const kept = cache.get(spec.symbolId);
    if (kept) return kept;
    const made = computeNavHistory(market, spec, end, endNav);
    if (made) cache.set(spec.symbolId, made);
    return made;
  };
}
