/**
 * The trader's own fills as chart marks (spec 1 chart: "execution markers
 * aggregate per bucket: seconds, minutes up to 60, hours, days, weeks counted
 * from a fixed 2018 date, and quarters for months"). One mark per side and
 * bucket, at the bucket's start (the bar it sits on), with the totals its
 * hover shows. Pure: the chart draws what this returns.
 */
import { Decimal } from 'decimal.js';
import { bucketStart, type Interval, WEEK_MS } from './intervals';

export interface MarkerFill {
  tradeId: string;
  side: 'Buy' | 'Sell';
  price: string;
  quantity: string;
  /** the quote value */
  amount: string;
  tokenFee: string;
  feeTokenId: string;
  matchTime: number;
}

export interface ExecutionMarker {
  /** stable per bucket and side, so a hover or click names the same mark after an update */
  id: string;
  /** the bucket's start (ms, UTC): the open time of the bar the mark sits on */
  time: number;
  side: 'Buy' | 'Sell';
  fills: number;
  /** base quantity and quote value, summed */
  qty: string;
  value: string;
  /** value ÷ quantity */
  avgPrice: string;
  /** fees per coin, in the order their coins first appear */
  fees: Array<{ coin: string; amount: string }>;
  /** the first and last fill times in the bucket */
  firstTime: number;
  lastTime: number;
}

/** Monday 2018-01-01 00:00 UTC: the week grid's origin. */
export const WEEK_ORIGIN_MS = Date.UTC(2018, 0, 1);

/**
 * Where a fill's mark goes: its bucket's start. Weeks are counted from the
 * 2018 origin; on the monthly chart marks gather per quarter, on the bar of
 * the quarter's first month.
 */
export function markerBucketStart(interval: Interval, t: number): number {
  if (interval === '1w') return t - (((t - WEEK_ORIGIN_MS) % WEEK_MS) + WEEK_MS) % WEEK_MS;
  if (interval === '1M') {
    const d = new Date(t);
    const quarterMonth = d.getUTCMonth() - (d.getUTCMonth() % 3);
    const start = new Date(0);
    start.setUTCFullYear(d.getUTCFullYear(), quarterMonth, 1);
    return start.getTime();
  }
  return bucketStart(interval, t);
}

const decimal = (text: string): Decimal | null => {
  try {
    const d = new Decimal(text);
    return d.isFinite() && !d.isNeg() ? d : null;
  } catch {
    return null;
  }
};

interface Acc {
  time: number;
  side: 'Buy' | 'Sell';
  fills: number;
  qty: Decimal;
  value: Decimal;
  fees: Map<string, Decimal>;
  firstTime: number;
  lastTime: number;
}

/**
 * Fills (any order) to marks, oldest first, buys before sells in a bucket.
 * A fill whose numbers do not read (a damaged answer) is left out rather
 * than drawn at a wrong place.
 */
export function executionMarkers(fills: readonly MarkerFill[], interval: Interval): ExecutionMarker[] {
  const groups = new Map<string, Acc>();
  for (const f of fills) {
    const qty = decimal(f.quantity);
    const value = decimal(f.amount);
    const fee = decimal(f.tokenFee) ?? new Decimal(0);
    if (!qty || !value || !Number.isSafeInteger(f.matchTime) || f.matchTime < 0) continue;
    const time = markerBucketStart(interval, f.matchTime);
    const key = `${time}:${f.side}`;
    let acc = groups.get(key);
    if (!acc) {
      acc = { time, side: f.side, fills: 0, qty: new Decimal(0), value: new Decimal(0), fees: new Map(), firstTime: f.matchTime, lastTime: f.matchTime };
      groups.set(key, acc);
    }
    acc.fills += 1;
    acc.qty = acc.qty.plus(qty);
    acc.value = acc.value.plus(value);
    if (f.feeTokenId) acc.fees.set(f.feeTokenId, (acc.fees.get(f.feeTokenId) ?? new Decimal(0)).plus(fee));
    acc.firstTime = Math.min(acc.firstTime, f.matchTime);
    acc.lastTime = Math.max(acc.lastTime, f.matchTime);
  }
  return [...groups.values()]
    .sort((a, b) => a.time - b.time || (a.side === b.side ? 0 : a.side === 'Buy' ? -1 : 1))
    .map((a) => ({
      id: `${a.side}:${a.time}`,
      time: a.time,
      side: a.side,
      fills: a.fills,
      qty: a.qty.toFixed(),
      value: a.value.toFixed(),
      avgPrice: a.qty.isZero() ? '0' : a.value.div(a.qty).toFixed(),
      fees: [...a.fees].map(([coin, amount]) => ({ coin, amount: amount.toFixed() })),
      firstTime: a.firstTime,
      lastTime: a.lastTime,
    }));
}
