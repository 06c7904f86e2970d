import { bestFirstIndex } from '../market/book';

/**
 * The bare matching core: a price-time-priority book in integer ticks and
 * lots. Each side keeps its prices in one sorted array with the best price at
 * the end (the touch is where almost every change happens, so a new level or
 * an emptied one moves few elements) and, per price, a doubly linked FIFO of
 * entries (cancelling from the middle of a queue is O(1)). Nothing here knows
 * about decimals, balances or events: the engine (symbolBook.ts) keeps its
 * own resting orders in a `PriceSide`, and `PriceTimeBook` adds taking for
 * `npm run bench:exchange`, which runs it on exactly the operations
 * nodejs-order-book runs.
 */

/** One resting order in a level's queue; `data` is the caller's order. */
export interface Entry<T> {
  readonly id: string;
  readonly price: number;
  /** lots still resting */
  lots: number;
  readonly data: T;
  prev: Entry<T> | null;
  next: Entry<T> | null;
  level: Level<T> | null;
}

export interface Level<T> {
  readonly price: number;
  /** lots resting at this price, all entries */
  lots: number;
  count: number;
  head: Entry<T> | null;
  tail: Entry<T> | null;
}

export function entry<T>(id: string, price: number, lots: number, data: T): Entry<T> {
  return { id, price, lots, data, prev: null, next: null, level: null };
}

/** One side of the book: bids (`descending`, best = highest) or asks (best = lowest). */
export class PriceSide<T> {
  /** prices worst → best: the best is the last element */
  private readonly prices: number[] = [];
  private readonly levels = new Map<number, Level<T>>();

  constructor(readonly descending: boolean) {}

  /** Number of price levels. */
  get size(): number {
    return this.prices.length;
  }

  best(): number | undefined {
    return this.prices[this.prices.length - 1];
  }

  worst(): number | undefined {
    return this.prices[0];
  }

  /** The i-th price, best first. */
  priceAt(i: number): number | undefined {
    return this.prices[this.prices.length - 1 - i];
  }

  level(price: number): Level<T> | undefined {
    return this.levels.get(price);
  }

  lotsAt(price: number): number {
    return this.levels.get(price)?.lots ?? 0;
  }

  /** True when `price` lies between this side's best and worst prices (both included). */
  spans(price: number): boolean {
    const best = this.prices[this.prices.length - 1];
    const worst = this.prices[0];
    if (best === undefined || worst === undefined) return false;
    return this.descending ? price <= best && price >= worst : price >= best && price <= worst;
  }

  /** `a` is a better price than `b` for this side. */
  better(a: number, b: number): boolean {
    return this.descending ? a > b : a < b;
  }

  /**
   * Queues `e` at its price: at the back, or — when `before(other)` says it
   * belongs ahead of resting entries (a restore re-adding in any order) —
   * ahead of the run of those at the back.
   */
  add(e: Entry<T>, before?: (other: T) => boolean): void {
    let level = this.levels.get(e.price);
    if (!level) {
      level = { price: e.price, lots: 0, count: 0, head: null, tail: null };
      this.levels.set(e.price, level);
      this.insertPrice(e.price);
    }
    let after = level.tail;
    if (before) while (after && before(after.data)) after = after.prev;
    e.level = level;
    e.prev = after;
    e.next = after ? after.next : level.head;
    if (e.next) e.next.prev = e;
    else level.tail = e;
    if (after) after.next = e;
    else level.head = e;
    level.lots += e.lots;
    level.count += 1;
  }

  /** Takes `e` off its queue; the level goes when it empties. False when it was not resting. */
  remove(e: Entry<T>): boolean {
    const level = e.level;
    if (!level) return false;
    if (e.prev) e.prev.next = e.next;
    else level.head = e.next;
    if (e.next) e.next.prev = e.prev;
    else level.tail = e.prev;
    level.lots -= e.lots;
    level.count -= 1;
    e.prev = e.next = e.level = null;
    if (level.count === 0) this.dropLevel(level.price);
    return true;
  }

  /** `lots` of a resting entry filled or were cancelled: it keeps its place. */
  reduce(e: Entry<T>, lots: number): void {
    e.lots -= lots;
    if (e.level) e.level.lots -= lots;
  }

  /** The entries' orders at `price` in queue order (a copy: the caller may fill and remove while reading it). */
  dataAt(price: number): T[] {
    const out: T[] = [];
    for (let e = this.levels.get(price)?.head ?? null; e; e = e.next) out.push(e.data);
    return out;
  }

  /** Every level, best first, with its orders in queue order. */
  forEachLevel(visit: (price: number, data: T[]) => void): void {
    for (let i = this.prices.length - 1; i >= 0; i--) visit(this.prices[i]!, this.dataAt(this.prices[i]!));
  }

  /**
   * Fills resting entries best price first, each level in time order, while
   * the price is within `limit` (inclusive; null = any) and `lots` remain.
   * A filled-out entry leaves the book before `fill` hears of it. Returns the
   * lots left untaken.
   */
  take(limit: number | null, lots: number, fill: (maker: Entry<T>, price: number, lots: number) => void): number {
    const prices = this.prices;
    while (lots > 0 && prices.length > 0) {
      const price = prices[prices.length - 1]!;
      if (limit !== null && (this.descending ? price < limit : price > limit)) break;
      const level = this.levels.get(price)!;
      let maker = level.head;
      while (maker && lots > 0) {
        const next = maker.next;
        const qty = maker.lots < lots ? maker.lots : lots;
        lots -= qty;
        if (qty === maker.lots) {
          this.remove(maker);
        } else {
          maker.lots -= qty;
          level.lots -= qty;
        }
        fill(maker, price, qty);
        maker = next;
      }
    }
    return lots;
  }

  /** Levels best first as [price, lots], at most `depth`. */
  depth(depth = Infinity): Array<[number, number]> {
    const out: Array<[number, number]> = [];
    for (let i = this.prices.length - 1; i >= 0 && out.length < depth; i--) out.push([this.prices[i]!, this.levels.get(this.prices[i]!)!.lots]);
    return out;
  }

  /** Index of `price` (or where it goes) in the worst-first array: the shared best-first search with the order reversed. */
  private indexOf(price: number): number {
    return bestFirstIndex(this.prices, price, !this.descending);
  }

  private insertPrice(price: number): void {
    const top = this.best();
    // A new best level (the common case) appends without searching.
    if (top === undefined || this.better(price, top)) this.prices.push(price);
    else this.prices.splice(this.indexOf(price), 0, price);
  }

  private dropLevel(price: number): void {
    this.levels.delete(price);
    const prices = this.prices;
    if (prices[prices.length - 1] === price) {
      prices.pop();
      return;
    }
    const at = this.indexOf(price);
    if (prices[at] === price) prices.splice(at, 1);
  }
}

export type BookSideName = 'Buy' | 'Sell';

export interface Outcome {
  /** lots of the incoming order that traded */
  traded: number;
  /** lots left resting (limit) or dropped (market) */
  left: number;
  /** false: refused (unknown id, a duplicate id, or a size or price ≤ 0) */
  ok: boolean;
}

/**
 * Both sides and an id index: limit (GTC: take what crosses, rest the
 * remainder), market (take, drop the remainder), cancel, and modify the way
 * nodejs-order-book does it (cancel, then a new limit order with the same id
 * at the back of its queue). `onFill` hears every match as
 * (maker, taker id, price, lots).
 */
export class PriceTimeBook<T = null> {
  readonly bids = new PriceSide<T>(true);
  readonly asks = new PriceSide<T>(false);
  private readonly byId = new Map<string, Entry<T>>();
  private takerId = '';

  constructor(private readonly onFill: (maker: Entry<T>, takerId: string, price: number, lots: number) => void = () => {}) {}

  get orders(): number {
    return this.byId.size;
  }

  private readonly fill = (maker: Entry<T>, price: number, lots: number): void => {
    if (maker.level === null) this.byId.delete(maker.id);
    this.onFill(maker, this.takerId, price, lots);
  };

  limit(id: string, side: BookSideName, price: number, lots: number, data: T): Outcome {
    if (!(lots > 0 && price > 0) || this.byId.has(id)) return { traded: 0, left: lots, ok: false };
    this.takerId = id;
    const left = (side === 'Buy' ? this.asks : this.bids).take(price, lots, this.fill);
    if (left > 0) {
      const e = entry(id, price, left, data);
      (side === 'Buy' ? this.bids : this.asks).add(e);
      this.byId.set(id, e);
    }
    return { traded: lots - left, left, ok: true };
  }

  market(side: BookSideName, lots: number, takerId = ''): Outcome {
    if (!(lots > 0)) return { traded: 0, left: lots, ok: false };
    this.takerId = takerId;
    const left = (side === 'Buy' ? this.asks : this.bids).take(null, lots, this.fill);
    return { traded: lots - left, left, ok: true };
  }

  cancel(id: string): Entry<T> | undefined {
    const e = this.byId.get(id);
    if (!e) return undefined;
    this.byId.delete(id);
    this.sideOf(e).remove(e);
    return e;
  }

  modify(id: string, update: { price?: number; lots?: number }): Outcome {
    const e = this.byId.get(id);
    const price = update.price ?? e?.price ?? 0;
    const lots = update.lots ?? e?.lots ?? 0;
    if (!e || !(price > 0 && lots > 0)) return { traded: 0, left: lots, ok: false };
    const side: BookSideName = this.sideOf(e) === this.bids ? 'Buy' : 'Sell';
    this.cancel(id);
    return this.limit(id, side, price, lots, e.data);
  }

  get(id: string): Entry<T> | undefined {
    return this.byId.get(id);
  }

  /** Levels are distinct objects, so the one holding the entry tells its side. */
  private sideOf(e: Entry<T>): PriceSide<T> {
    return this.bids.level(e.price) === e.level ? this.bids : this.asks;
  }
}
