/**
 * Client-side order book maintenance for the depth topics (docs/api.md):
 * full books replace, diffDepth deltas apply only on top of the version they
 * were computed from. Prices, quantities and versions stay decimal strings and
 * are compared digit by digit, so no float ever reorders two levels.
 */

/** [price, quantity], decimal strings. */
export type PriceLevel = readonly [price: string, quantity: string];

export interface DepthBook {
  symbol: string;
  /** the exchange's book version (a decimal integer string) */
  version: string;
  /** exchange time of the book, ms */
  time: number;
  /** best (highest) first */
  bids: readonly PriceLevel[];
  /** best (lowest) first */
  asks: readonly PriceLevel[];
}

/** A full book as pushed (mergedDepth, depth, the first diffDepth push). */
export interface BookSnapshot {
  s: string;
  t: number;
  v: string;
  b: readonly PriceLevel[];
  a: readonly PriceLevel[];
}

/** A diffDepth delta: the levels that changed between version `pv` and `v`; quantity "0" removes. */
export interface BookDelta extends BookSnapshot {
  pv: string;
}

export type BookUpdate =
  | { kind: 'applied'; book: DepthBook }
  /** the frame is older than the held book */
  | { kind: 'stale' }
  /** the frame carries exactly the held version again */
  | { kind: 'duplicate' }
  /** a delta that does not start at the held version (or no book is held): the client missed a frame */
  | { kind: 'gap'; held: string | null; expected: string };

const ZERO = /^0+(\.0+)?$/;

export function isZeroQuantity(quantity: string): boolean {
  return ZERO.test(quantity);
}

function integerEnd(value: string): number {
  const dot = value.indexOf('.');
  return dot < 0 ? value.length : dot;
}

/**
 * Compares two non-negative decimal strings ("61837.6", "0061837.60") exactly:
 * -1, 0 or 1. Inputs are assumed to be digits with at most one dot, as the
 * frame parser guarantees.
 */
export function compareDecimal(a: string, b: string): number {
  if (a === b) return 0;
  const aInt = integerEnd(a);
  const bInt = integerEnd(b);
  let aStart = 0;
  let bStart = 0;
  while (aStart < aInt - 1 && a.charCodeAt(aStart) === 48) aStart += 1;
  while (bStart < bInt - 1 && b.charCodeAt(bStart) === 48) bStart += 1;
  const aLength = aInt - aStart;
  const bLength = bInt - bStart;
  if (aLength !== bLength) return aLength < bLength ? -1 : 1;
  for (let i = 0; i < aLength; i += 1) {
    const d = a.charCodeAt(aStart + i) - b.charCodeAt(bStart + i);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  // Fractions: a missing digit counts as 0, so "1.5" equals "1.50".
  const aFraction = Math.max(0, a.length - aInt - 1);
  const bFraction = Math.max(0, b.length - bInt - 1);
  for (let i = 0; i < Math.max(aFraction, bFraction); i += 1) {
    const ad = i < aFraction ? a.charCodeAt(aInt + 1 + i) : 48;
    const bd = i < bFraction ? b.charCodeAt(bInt + 1 + i) : 48;
    if (ad !== bd) return ad < bd ? -1 : 1;
  }
  return 0;
}

const bestBidFirst = (x: PriceLevel, y: PriceLevel) => compareDecimal(y[0], x[0]);
const bestAskFirst = (x: PriceLevel, y: PriceLevel) => compareDecimal(x[0], y[0]);

/** The side best first without empty levels; the pushed array itself when it already is (the usual case). */
function normaliseSide(levels: readonly PriceLevel[], order: (x: PriceLevel, y: PriceLevel) => number): readonly PriceLevel[] {
  let clean = true;
  for (let i = 0; i < levels.length && clean; i += 1) {
    const level = levels[i]!;
    if (isZeroQuantity(level[1]) || (i > 0 && order(levels[i - 1]!, level) >= 0)) clean = false;
  }
  if (clean) return levels;
  const sorted = levels.filter((level) => !isZeroQuantity(level[1])).sort(order);
  // Two levels at one price: the later one in the frame wins, as a delta would.
  return sorted.filter((level, i) => i === sorted.length - 1 || order(level, sorted[i + 1]!) !== 0);
}

/** Replaces the held book with a full one, unless the full one is not newer. */
export function applySnapshot(held: DepthBook | null, snapshot: BookSnapshot): BookUpdate {
  if (held) {
    const order = compareDecimal(snapshot.v, held.version);
    if (order === 0) return { kind: 'duplicate' };
    if (order < 0) return { kind: 'stale' };
  }
  return {
    kind: 'applied',
    book: {
      symbol: snapshot.s,
      version: snapshot.v,
      time: snapshot.t,
      bids: normaliseSide(snapshot.b, bestBidFirst),
      asks: normaliseSide(snapshot.a, bestAskFirst),
    },
  };
}

/** Index of `price` in a side ordered by `order`, or where it would be inserted. */
function locate(levels: readonly PriceLevel[], price: string, descending: boolean): { index: number; found: boolean } {
  let low = 0;
  let high = levels.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const c = compareDecimal(levels[mid]![0], price);
    const before = descending ? c > 0 : c < 0;
    if (c === 0) return { index: mid, found: true };
    if (before) low = mid + 1;
    else high = mid;
  }
  return { index: low, found: false };
}

function patchSide(held: readonly PriceLevel[], changes: readonly PriceLevel[], descending: boolean, maxLevels: number): readonly PriceLevel[] {
  if (changes.length === 0) return held;
  const levels = held.slice();
  for (const change of changes) {
    const { index, found } = locate(levels, change[0], descending);
    if (isZeroQuantity(change[1])) {
      if (found) levels.splice(index, 1);
    } else if (found) {
      levels[index] = change;
    } else {
      levels.splice(index, 0, change);
    }
  }
  if (levels.length > maxLevels) levels.length = maxLevels;
  return levels;
}

/**
 * Applies a delta on top of the held book. It must start exactly at the held
 * version: an older one was already applied (stale, or a duplicate when it
 * leads to the held version), a newer one means a frame was missed (gap).
 * `maxLevels` keeps the book at the depth the server's full book has.
 */
export function applyDelta(held: DepthBook | null, delta: BookDelta, maxLevels = Number.POSITIVE_INFINITY): BookUpdate {
  if (!held) return { kind: 'gap', held: null, expected: delta.pv };
  const fromHeld = compareDecimal(delta.pv, held.version);
  if (fromHeld < 0) return compareDecimal(delta.v, held.version) === 0 ? { kind: 'duplicate' } : { kind: 'stale' };
  if (fromHeld > 0) return { kind: 'gap', held: held.version, expected: delta.pv };
  return {
    kind: 'applied',
    book: {
      symbol: held.symbol,
      version: delta.v,
      time: delta.t,
      bids: patchSide(held.bids, delta.b, true, maxLevels),
      asks: patchSide(held.asks, delta.a, false, maxLevels),
    },
  };
}
