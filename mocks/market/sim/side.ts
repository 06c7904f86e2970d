import type { Level } from '../types';

/** Past this many empty ticks, finding the next best level scans the level list instead of the ticks. */
const TICK_SCAN_LIMIT = 64;

/**
 * One side of the simulator's book. Levels live in a map plus an unordered
 * list (O(1) insert, delete and random pick) and the best price is tracked;
 * after the best level goes, the next one is found by walking the ticks
 * behind it, which near the touch is a few steps. Ordering is only paid for
 * when a full snapshot is written.
 */
export class SimSide {
  private readonly qty = new Map<number, number>();
  private readonly list: number[] = [];
  private readonly slot = new Map<number, number>();
  private top: number | undefined;

  /** bids: +1 (higher is better), asks: −1 */
  constructor(readonly direction: 1 | -1) {}

  get size(): number {
    return this.list.length;
  }

  best(): number | undefined {
    return this.top;
  }

  quantityAt(price: number): number {
    return this.qty.get(price) ?? 0;
  }

  /** The i-th level in no particular order (for random picks), 0 ≤ i < size. */
  priceAt(i: number): number {
    return this.list[i]!;
  }

  /** Ticks from `reference` deeper into the book to `price` (0 at the reference, > 0 deeper). */
  depthOf(price: number, reference: number): number {
    return (reference - price) * this.direction;
  }

  /** The price `distance` ticks deeper than `reference`. */
  deeper(reference: number, distance: number): number {
    return reference - distance * this.direction;
  }

  /** True when `a` is a better price than `b` on this side. */
  better(a: number, b: number): boolean {
    return (a - b) * this.direction > 0;
  }

  /** Sets a level; quantity ≤ 0 removes it. Returns whether anything changed. */
  set(price: number, quantity: number): boolean {
    const had = this.qty.get(price);
    if (quantity <= 0) {
      if (had === undefined) return false;
      this.qty.delete(price);
      const i = this.slot.get(price)!;
      const last = this.list.pop()!;
      if (last !== price) {
        this.list[i] = last;
        this.slot.set(last, i);
      }
      this.slot.delete(price);
      if (price === this.top) this.top = this.nextBest(price);
      return true;
    }
    if (had === quantity) return false;
    this.qty.set(price, quantity);
    if (had === undefined) {
      this.slot.set(price, this.list.length);
      this.list.push(price);
      if (this.top === undefined || this.better(price, this.top)) this.top = price;
    }
    return true;
  }

  private nextBest(removed: number): number | undefined {
    if (this.list.length === 0) return undefined;
    for (let d = 1; d <= TICK_SCAN_LIMIT; d++) {
      const p = this.deeper(removed, d);
      if (this.qty.has(p)) return p;
    }
    let b: number | undefined;
    for (const p of this.list) if (b === undefined || this.better(p, b)) b = p;
    return b;
  }

  clear(): void {
    this.qty.clear();
    this.list.length = 0;
    this.slot.clear();
    this.top = undefined;
  }

  /** All prices, unordered (a copy: safe to change the side while walking it). */
  prices(): number[] {
    return [...this.list];
  }

  /** Levels best-first, as the event format wants them. */
  levels(): Level[] {
    const out: Level[] = this.list.map((p) => [p, this.qty.get(p)!]);
    out.sort((x, y) => (y[0] - x[0]) * this.direction);
    return out;
  }
}
