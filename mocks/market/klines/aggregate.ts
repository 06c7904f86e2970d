import { bucketStart, divides, nextBucketStart, type Interval } from '../../../src/domain/intervals';

/**
 * One kline bar in the engine's integer units: prices in ticks, volume in lots
 * of the instrument. The gateway renders strings from these.
 */
export interface Bar {
  /** open time, ms UTC, the start of the bar's bucket */
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
}

/** The part of a trade event a bar needs (TradeEvent fits). */
export interface TradeLike {
  t: number;
  msg: { p: number; q: number };
}

/**
 * `to` bars built from `from` bars, which must be in time order. Bars falling
 * into the same bucket merge, so the same call also joins the partial last bar
 * of the history with the first bar of the session. A partial last bucket
 * stays partial: its close is the last bar's close.
 */
export function aggregate(bars: readonly Bar[], from: Interval, to: Interval): Bar[] {
  if (!divides(from, to)) throw new RangeError(`${to} bars cannot be built from ${from} bars`);
  const out: Bar[] = [];
  let current: Bar | undefined;
  let currentEnd = Number.NEGATIVE_INFINITY;
  let previousT = Number.NEGATIVE_INFINITY;
  for (const bar of bars) {
    // Out-of-order input would reopen a closed bar or pick the wrong open/close.
    if (bar.t < previousT) throw new RangeError(`bars out of time order at ${bar.t}`);
    previousT = bar.t;
    if (current !== undefined && bar.t < currentEnd) {
      if (bar.h > current.h) current.h = bar.h;
      if (bar.l < current.l) current.l = bar.l;
      current.c = bar.c;
      current.v += bar.v;
      continue;
    }
    current = { t: bucketStart(to, bar.t), o: bar.o, h: bar.h, l: bar.l, c: bar.c, v: bar.v };
    currentEnd = nextBucketStart(to, bar.t);
    out.push(current);
  }
  return out;
}

/**
 * Adds one trade to 1s bars in place (live feed). Trades of one second arrive
 * in execution order, so the latest one is the close. A trade older than the
 * newest bar (recording jitter) lands in its own second, keeping bars ordered.
 */
export function addTrade(bars: Bar[], t: number, price: number, qty: number): void {
  const start = bucketStart('1s', t);
  let index = bars.length - 1;
  const last = bars[index];
  if (last === undefined || start > last.t) {
    bars.push({ t: start, o: price, h: price, l: price, c: price, v: qty });
    return;
  }
  if (start < last.t) {
    index = firstIndexAtOrAfter(bars, start);
    const found = bars[index];
    if (found === undefined || found.t !== start) {
      bars.splice(index, 0, { t: start, o: price, h: price, l: price, c: price, v: qty });
      return;
    }
  }
  const bar = bars[index] as Bar;
  if (price > bar.h) bar.h = price;
  if (price < bar.l) bar.l = price;
  bar.c = price;
  bar.v += qty;
}

/** 1s bars from trade events; seconds without trades get no bar. */
export function secondBars(trades: Iterable<TradeLike>): Bar[] {
  const bars: Bar[] = [];
  for (const trade of trades) addTrade(bars, trade.t, trade.msg.p, trade.msg.q);
  return bars;
}

/** Index of the first bar with open time ≥ t (bars.length when none). */
export function firstIndexAtOrAfter(bars: readonly Bar[], t: number): number {
  let lo = 0;
  let hi = bars.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((bars[mid] as Bar).t < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
