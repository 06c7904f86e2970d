import type { BookSide, Level } from './types';

/** Index where `price` is or would be in `prices`, sorted best first (descending for bids). */
export function bestFirstIndex(prices: readonly number[], price: number, descending: boolean): number {
  let lo = 0;
  let hi = prices.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const p = prices[mid]!;
    if (descending ? p > price : p < price) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * One side of an L2 book: prices kept sorted worst-first in an array, so the
 * best price is the last element (updates cluster near the top, so the
 * splice moves only the few entries above it), quantities in a map.
 */
class Side {
  /** worst first: ascending for bids, descending for asks */
  private readonly prices: number[] = [];
  private readonly qty = new Map<number, number>();

  constructor(private readonly descending: boolean) {}

  /** Index in worst-first order: the best-first search with the order reversed. */
  private indexOf(price: number): number {
    return bestFirstIndex(this.prices, price, !this.descending);
  }

  set(price: number, quantity: number): void {
    const had = this.qty.has(price);
    if (quantity <= 0) {
      if (!had) return;
      this.qty.delete(price);
      this.prices.splice(this.indexOf(price), 1);
      return;
    }
    this.qty.set(price, quantity);
    if (!had) {
      const n = this.prices.length;
      // A new best level (the common case) appends without searching.
      const top = this.prices[n - 1];
      if (top === undefined || (this.descending ? price > top : price < top)) this.prices.push(price);
      else this.prices.splice(this.indexOf(price), 0, price);
    }
  }

  clear(): void {
    this.prices.length = 0;
    this.qty.clear();
  }

  best(): number | undefined {
    return this.prices[this.prices.length - 1];
  }

  get size(): number {
    return this.prices.length;
  }

  /** The price `index` levels from the best (walking the book without copying it). */
  priceAt(index: number): number | undefined {
    return this.prices[this.prices.length - 1 - index];
  }

  quantityAt(price: number): number {
    return this.qty.get(price) ?? 0;
  }

  /** Up to `depth` levels, best first. */
  levels(depth = Infinity): Level[] {
    const last = this.prices.length - 1;
    const n = Math.min(depth, this.prices.length);
    const out: Level[] = new Array(n);
    for (let i = 0; i < n; i++) {
      const p = this.prices[last - i]!;
      out[i] = [p, this.qty.get(p)!];
    }
    return out;
  }
}

export class L2Book {
  readonly bids = new Side(true);
  readonly asks = new Side(false);

  constructor(readonly symbol: string) {}

  replace(snapshot: Pick<BookSide, 'b' | 'a'>): void {
    this.bids.clear();
    this.asks.clear();
    this.apply(snapshot);
  }

  apply(delta: Pick<BookSide, 'b' | 'a'>): void {
    for (const [p, q] of delta.b) this.bids.set(p, q);
    for (const [p, q] of delta.a) this.asks.set(p, q);
  }

  bestBid(): number | undefined {
    return this.bids.best();
  }

  bestAsk(): number | undefined {
    return this.asks.best();
  }

  /** True when both sides exist and the best bid is not below the best ask. */
  isCrossed(): boolean {
    const bid = this.bids.best();
    const ask = this.asks.best();
    return bid !== undefined && ask !== undefined && bid >= ask;
  }

  snapshot(depth = Infinity): BookSide {
    return { s: this.symbol, b: this.bids.levels(depth), a: this.asks.levels(depth) };
  }
}
