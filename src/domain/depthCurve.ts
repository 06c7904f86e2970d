/**
 * The depth chart's model (spec 1 §2.3 "depth chart"): the cumulative bid and
 * ask curves of a book, the price range shown at a zoom level, and the point
 * under a price for the crosshair. Totals are decimal-exact and computed as
 * the order book computes its Total column, so the two always agree.
 */
import { Decimal } from 'decimal.js';
import type { PriceLevel } from './depthBook';

export type DepthSide = 'bid' | 'ask';

export interface DepthPoint {
  price: string;
  /** the level's own quantity (base) */
  amount: string;
  /** cumulative amount (base) from the best level to this one */
  total: string;
  /** cumulative value (quote): Σ price × amount from the best level */
  value: string;
  /** float copies for plotting only; never shown as text */
  plotPrice: number;
  plotTotal: number;
}

export interface DepthCurves {
  /** best (highest) first, cumulating outwards */
  bids: readonly DepthPoint[];
  /** best (lowest) first, cumulating outwards */
  asks: readonly DepthPoint[];
  /** halfway between the best bid and the best ask; the best price of the only side; null for an empty book */
  mid: string | null;
  /** the best bid is at or above the best ask (a locked or crossed book) */
  crossed: boolean;
}

function cumulate(levels: readonly PriceLevel[]): DepthPoint[] {
  const points: DepthPoint[] = [];
  let amount = new Decimal(0);
  let value = new Decimal(0);
  for (const [price, quantity] of levels) {
    let p: Decimal;
    let q: Decimal;
    try {
      p = new Decimal(price);
      q = new Decimal(quantity);
    } catch {
      // A level the parser let through but Decimal cannot read: leave it out rather than break the curve.
      continue;
    }
    if (!p.isFinite() || !q.isFinite()) continue;
    amount = amount.plus(q);
    value = value.plus(p.times(q));
    const total = amount.toFixed();
    points.push({ price, amount: quantity, total, value: value.toFixed(), plotPrice: p.toNumber(), plotTotal: amount.toNumber() });
  }
  return points;
}

/** The curves of a book (bids best first, asks best first, as DepthBook holds them). */
export function depthCurves(book: { bids: readonly PriceLevel[]; asks: readonly PriceLevel[] }): DepthCurves {
  const bids = cumulate(book.bids);
  const asks = cumulate(book.asks);
  const bestBid = bids[0];
  const bestAsk = asks[0];
  let mid: string | null = null;
  if (bestBid && bestAsk) mid = new Decimal(bestBid.price).plus(bestAsk.price).div(2).toFixed();
  else mid = (bestBid ?? bestAsk)?.price ?? null;
  const crossed = !!bestBid && !!bestAsk && new Decimal(bestBid.price).gte(bestAsk.price);
  return { bids, asks, mid, crossed };
}

/**
 * Zoom levels as fractions of the book's reach (the distance from the mid
 * price to the deepest level of the shallower side): level 0 shows twice
 * that reach, the default shows exactly it, so both sides fill the chart to
 * their edge; each further level halves the width, down to twice the
 * spread.
 */
export const DEPTH_ZOOM_LEVELS: readonly number[] = [2, 1, 0.5, 0.25, 0.125];
export const DEFAULT_DEPTH_ZOOM = 1;
/** The range reaches at least this many times the distance from the mid to the farther best level. */
const MIN_SPREAD_MULTIPLE = 2;

export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return DEFAULT_DEPTH_ZOOM;
  return Math.min(DEPTH_ZOOM_LEVELS.length - 1, Math.max(0, Math.round(zoom)));
}

export interface DepthRange {
  /** prices at the left and right edges */
  low: number;
  high: number;
  mid: number;
  /** the largest cumulative amount within [low, high]: the top of the amount axis */
  maxTotal: number;
}

/** Index of the deepest point whose price lies within the bound (bids: price ≥ bound; asks: price ≤ bound); -1 for none. */
function deepestWithin(points: readonly DepthPoint[], bound: number, side: DepthSide): number {
  let low = 0;
  let high = points.length;
  while (low < high) {
    const m = (low + high) >>> 1;
    const inside = side === 'bid' ? points[m]!.plotPrice >= bound : points[m]!.plotPrice <= bound;
    if (inside) low = m + 1;
    else high = m;
  }
  return low - 1;
}

/** The price range drawn at `zoom` (an index of DEPTH_ZOOM_LEVELS); null for an empty book. */
export function depthRange(curves: DepthCurves, zoom: number): DepthRange | null {
  if (curves.mid === null) return null;
  const mid = Number(curves.mid);
  const reachOf = (points: readonly DepthPoint[]) => (points.length ? Math.abs(points[points.length - 1]!.plotPrice - mid) : null);
  const reaches = [reachOf(curves.bids), reachOf(curves.asks)].filter((r): r is number => r !== null && r > 0);
  // A single level (or every level at the mid): show a band around it instead of a zero-width range.
  const reach = reaches.length ? Math.min(...reaches) : Math.abs(mid) * 0.01 || 1;
  // Never narrower than twice the spread, so zooming in cannot leave only the empty gap between the best levels.
  const bestGap = Math.max(curves.bids[0] ? Math.abs(mid - curves.bids[0].plotPrice) : 0, curves.asks[0] ? Math.abs(curves.asks[0].plotPrice - mid) : 0);
  const half = Math.max(reach * DEPTH_ZOOM_LEVELS[clampZoom(zoom)]!, bestGap * MIN_SPREAD_MULTIPLE);
  const low = mid - half;
  const high = mid + half;
  const bidEdge = deepestWithin(curves.bids, low, 'bid');
  const askEdge = deepestWithin(curves.asks, high, 'ask');
  const maxTotal = Math.max(bidEdge >= 0 ? curves.bids[bidEdge]!.plotTotal : 0, askEdge >= 0 ? curves.asks[askEdge]!.plotTotal : 0);
  return { low, high, mid, maxTotal };
}

export interface DepthHit {
  side: DepthSide;
  /** index in that side's points, best first */
  index: number;
  point: DepthPoint;
}

/**
 * The point whose cumulative total holds at `price`: on the bid side the
 * deepest bid at or above the price, on the ask side the deepest ask at or
 * below it. Prices below the mid read the bids and from the mid up the asks
 * (unless `side` says which); a price in the spread, where no level of the
 * side is reached yet, snaps to that side's best level, and a price past the
 * deepest level to the deepest. A side without levels reads the other side;
 * null for an empty book.
 */
export function pointAt(curves: DepthCurves, price: string | number, side?: DepthSide): DepthHit | null {
  if (curves.mid === null) return null;
  let at: Decimal;
  try {
    at = new Decimal(price);
  } catch {
    return null;
  }
  if (!at.isFinite()) return null;
  let chosen: DepthSide = side ?? (at.lt(curves.mid) ? 'bid' : 'ask');
  if ((chosen === 'bid' ? curves.bids : curves.asks).length === 0) chosen = chosen === 'bid' ? 'ask' : 'bid';
  const points = chosen === 'bid' ? curves.bids : curves.asks;
  // Points are ordered outwards; count those the price has reached.
  let low = 0;
  let high = points.length;
  while (low < high) {
    const m = (low + high) >>> 1;
    const c = at.cmp(points[m]!.price);
    const reached = chosen === 'bid' ? c <= 0 : c >= 0;
    if (reached) low = m + 1;
    else high = m;
  }
  const index = Math.max(0, low - 1);
  return { side: chosen, index, point: points[index]! };
}

/**
 * All points left to right by price (deepest bid … best bid, best ask …
 * deepest ask) within [low, high]: the stops of keyboard navigation.
 */
export function pointsLeftToRight(curves: DepthCurves, range: Pick<DepthRange, 'low' | 'high'> | null): DepthHit[] {
  const hits: DepthHit[] = [];
  const within = (p: DepthPoint) => range === null || (p.plotPrice >= range.low && p.plotPrice <= range.high);
  for (let i = curves.bids.length - 1; i >= 0; i -= 1) {
    const point = curves.bids[i]!;
    if (within(point)) hits.push({ side: 'bid', index: i, point });
  }
  curves.asks.forEach((point, index) => {
    if (within(point)) hits.push({ side: 'ask', index, point });
  });
  return hits;
}

/**
 * The keyboard stop next to `current` in `direction` (-1 left, +1 right), or
 * at the `edge` (Home / End). Without a current stop the first move lands on
 * the best level of the side it moves to. Stays put at either end.
 */
export function stepPoint(
  curves: DepthCurves,
  range: Pick<DepthRange, 'low' | 'high'> | null,
  current: { side: DepthSide; price: string } | null,
  move: -1 | 1 | 'first' | 'last',
): DepthHit | null {
  const stops = pointsLeftToRight(curves, range);
  if (stops.length === 0) return null;
  if (move === 'first') return stops[0]!;
  if (move === 'last') return stops[stops.length - 1]!;
  let from = -1;
  if (current) {
    const hit = pointAt(curves, current.price, current.side);
    if (hit) from = stops.findIndex((s) => s.side === hit.side && s.index === hit.index);
  }
  if (from < 0) {
    const firstAsk = stops.findIndex((s) => s.side === 'ask');
    const bestBid = firstAsk < 0 ? stops.length - 1 : firstAsk - 1;
    return stops[move === 1 ? (firstAsk < 0 ? bestBid : firstAsk) : Math.max(0, bestBid)]!;
  }
  return stops[Math.min(stops.length - 1, Math.max(0, from + move))]!;
}
