import { L2Book } from '../market/book';
import type { BookSide, Level } from '../market/types';
import { entry, PriceSide, type Entry } from './priceTimeBook';
import type { QueueModel } from './queueModel';
import type { Order, Side } from './types';

const ignoreLevel = () => {};
const NO_ORDERS: readonly Order[] = [];

export interface BookFlowState {
  Buy: Array<[number, number]>;
  Sell: Array<[number, number]>;
  traded: Array<[number, number]>;
}

/** Called for every own-order fill the book finds; the engine settles it. */
export type FillSink = (order: Order, price: number, qty: number, isMaker: boolean) => void;

/**
 * Called for each part a taker takes: `lots` at `price` from the recorded
 * liquidity (`maker` null) or from a user's resting order (`maker`).
 */
export type TakeSink = (price: number, lots: number, maker: Order | null) => void;

/**
 * Own resting orders of one side, in the matching core's price-time queues
 * (priceTimeBook.ts), found by order id. The queue order is acceptance
 * sequence, so a restore that re-adds orders in any order rebuilds it.
 */
class OwnSide extends PriceSide<Order> {
  private readonly entries = new Map<string, Entry<Order>>();

  rest(order: Order): void {
    const e = entry(order.orderId, order.price, order.qty - order.executedQty, order);
    this.entries.set(order.orderId, e);
    this.add(e, (other) => other.seq > order.seq);
  }

  unrest(order: Order): void {
    const e = this.entries.get(order.orderId);
    if (!e) return;
    this.entries.delete(order.orderId);
    this.remove(e);
  }

  /** Lots of one order filled: it keeps its place and the level shows less. */
  filled(order: Order, lots: number): void {
    const e = this.entries.get(order.orderId);
    if (e) this.reduce(e, lots);
  }
}

/**
 * One symbol as the engine sees it: the replayed L2 book in the instrument's
 * ticks and lots (never changed by own fills, as in hftbacktest), what own
 * taker orders consumed of each level since that level last changed
 * (nautilus' liquidity consumption), the last trade price, and the own resting
 * orders with their queue positions. `view()` is the book a user sees: the
 * recording plus the own orders.
 */
export class SymbolBook {
  readonly book: L2Book;
  synced = false;
  lastPrice: number | null = null;
  private readonly consumed = { Buy: new Map<number, number>(), Sell: new Map<number, number>() };
  /** lots the recording traded at a price with own orders, since that level last changed */
  private readonly tradedAt = new Map<number, number>();
  readonly own = { Buy: new OwnSide(true), Sell: new OwnSide(false) };
  /**
   * Told of an own order whose queue place moved with the recording (no
   * order event tells it): the engine's change journal keeps it for the next save.
   */
  onQueueMoved: ((order: Order) => void) | null = null;

  constructor(
    readonly symbol: string,
    /** session units → instrument units (both whole multiples) */
    private priceFactor = 1,
    private qtyFactor = 1,
  ) {
    this.book = new L2Book(symbol);
  }

  setFactors(priceFactor: number, qtyFactor: number): void {
    this.priceFactor = priceFactor;
    this.qtyFactor = qtyFactor;
  }

  toPrice(sessionTicks: number): number {
    return sessionTicks * this.priceFactor;
  }

  toQty(sessionLots: number): number {
    return sessionLots * this.qtyFactor;
  }

  /** Replaces the book (a snapshot). */
  replace(msg: BookSide, queue: QueueModel): void {
    this.book.replace({ b: [], a: [] });
    this.consumed.Buy.clear();
    this.consumed.Sell.clear();
    this.synced = true;
    this.applyLevels(msg.b, 'Buy', queue);
    this.applyLevels(msg.a, 'Sell', queue);
    this.requeueAll(queue);
  }

  /** Applies a recorded delta; ignored until the first snapshot. */
  apply(msg: BookSide, queue: QueueModel): void {
    if (!this.synced) return;
    this.applyLevels(msg.b, 'Buy', queue);
    this.applyLevels(msg.a, 'Sell', queue);
  }

  /** The recording lost data: no book (own orders keep their queue places) until the next snapshot. */
  gap(): void {
    this.book.replace({ b: [], a: [] });
    this.consumed.Buy.clear();
    this.consumed.Sell.clear();
    this.tradedAt.clear();
    this.synced = false;
  }

  private applyLevels(levels: Level[], side: Side, queue: QueueModel): void {
    const bookSide = side === 'Buy' ? this.book.bids : this.book.asks;
    const consumed = this.consumed[side];
    const own = this.own[side];
    const pf = this.priceFactor;
    const qf = this.qtyFactor;
    for (let i = 0; i < levels.length; i++) {
      const level = levels[i]!;
      const price = level[0] * pf;
      const qty = level[1] * qf;
      // Only a level inside the own orders' price range can hold one (a cheap test before the map).
      if (own.size > 0 && own.spans(price) && own.level(price)) this.requeue(own.dataAt(price), bookSide.quantityAt(price), qty, queue);
      bookSide.set(price, qty);
      if (consumed.size > 0) consumed.delete(price);
    }
  }

  private requeue(orders: Order[], prevQty: number, newQty: number, queue: QueueModel): void {
    const traded = this.tradedAt.get(orders[0]!.price) ?? 0;
    this.requeueLevel(orders, (order) => queue.ahead(order.queueAhead, prevQty, newQty, traded));
    this.tradedAt.delete(orders[0]!.price);
  }

  private requeueAll(queue: QueueModel): void {
    for (const side of ['Buy', 'Sell'] as const) {
      const bookSide = side === 'Buy' ? this.book.bids : this.book.asks;
      this.own[side].forEachLevel((price, orders) => {
        const qty = bookSide.quantityAt(price);
        this.requeueLevel(orders, (order) => queue.ahead(order.queueAhead, order.queueAhead, qty, 0));
      });
    }
    this.tradedAt.clear();
  }

  /** New queue places for one price's orders, in queue order: what is ahead of an order is ahead of every later one too (models draw per order). */
  private requeueLevel(orders: Order[], ahead: (order: Order) => number): void {
    let floor = 0;
    for (const order of orders) {
      floor = Math.max(floor, ahead(order));
      this.moveQueue(order, floor);
    }
  }

  private moveQueue(order: Order, ahead: number): void {
    if (order.queueAhead === ahead) return;
    order.queueAhead = ahead;
    this.onQueueMoved?.(order);
  }

  /** Lots displayed at `price` on the side an order of `side` rests on (its queue when it joins). */
  displayedAt(side: Side, price: number): number {
    return (side === 'Buy' ? this.book.bids : this.book.asks).quantityAt(price);
  }

  /** Best recorded price a taker of `side` would meet (asks for a buy). */
  bestOpposite(side: Side): number | undefined {
    return side === 'Buy' ? this.book.bestAsk() : this.book.bestBid();
  }

  /**
   * Best price a taker of `side` could still take: the recorded levels less
   * what takers consumed, or a user's resting order on the other side.
   */
  bestAvailable(side: Side): number | undefined {
    const bookSide = side === 'Buy' ? this.book.asks : this.book.bids;
    const consumed = this.consumed[side === 'Buy' ? 'Sell' : 'Buy'];
    let recorded: number | undefined;
    for (let i = 0; i < bookSide.size; i++) {
      const price = bookSide.priceAt(i)!;
      if (bookSide.quantityAt(price) > (consumed.get(price) ?? 0)) {
        recorded = price;
        break;
      }
    }
    const own = this.own[side === 'Buy' ? 'Sell' : 'Buy'].best();
    if (own === undefined) return recorded;
    if (recorded === undefined) return own;
    return side === 'Buy' ? Math.min(own, recorded) : Math.max(own, recorded);
  }

  /**
   * Walks the side opposite a taker of `side` — one price-time book of the
   * recorded liquidity and the users' resting orders — best price first, up
   * to `limit` (inclusive; null = no limit), taking at most `maxLots` lots
   * and, when `maxValueUnits` is given, at most that much tick×lot value. At
   * a price the queue is the recorded lots ahead of the first user order,
   * that order, the recorded lots between it and the next, and so on, then
   * the recorded lots behind them all. Recorded lots taken count as consumed
   * until the level changes. `recordedOnly` leaves the users' orders out (a
   * recorded book crossing a resting order). Returns the lots taken.
   */
  walk(
    side: Side,
    limit: number | null,
    maxLots: number,
    maxValueUnits: number | null,
    take: TakeSink,
    dryRun = false,
    recordedOnly = false,
  ): number {
    const recordedSide = side === 'Buy' ? this.book.asks : this.book.bids;
    const consumed = this.consumed[side === 'Buy' ? 'Sell' : 'Buy'];
    const users = this.own[side === 'Buy' ? 'Sell' : 'Buy'];
    const buy = side === 'Buy';
    let lotsLeft = maxLots;
    let valueLeft = maxValueUnits;
    let taken = 0;
    let i = 0;
    let j = 0;
    // Lots a level may still give at `price`: the lot budget, and what the value budget buys there.
    const budgetAt = (price: number) => (valueLeft === null ? lotsLeft : Math.min(lotsLeft, Math.floor(valueLeft / price)));
    const spend = (price: number, lots: number) => {
      lotsLeft -= lots;
      if (valueLeft !== null) valueLeft -= lots * price;
      taken += lots;
    };
    let takenRecorded = 0;
    /** Takes recorded lots at `price` until `upTo` of them are taken at this level. */
    const takeRecorded = (price: number, upTo: number) => {
      const lots = Math.min(upTo - takenRecorded, budgetAt(price));
      if (lots <= 0) return;
      if (!dryRun) take(price, lots, null);
      takenRecorded += lots;
      spend(price, lots);
    };
    // spend() lowers lotsLeft (a closure, so the check sits inside the loop).
    for (;;) {
      if (lotsLeft <= 0) break;
      const rp = recordedSide.priceAt(i);
      const up = recordedOnly ? undefined : users.priceAt(j);
      if (rp === undefined && up === undefined) break;
      const price = up === undefined || (rp !== undefined && (buy ? rp <= up : rp >= up)) ? rp! : up;
      if (rp === price) i += 1;
      if (up === price) j += 1;
      if (limit !== null && (buy ? price > limit : price < limit)) break;
      if (valueLeft !== null && valueLeft < price) break;
      const used = consumed.get(price) ?? 0;
      const recorded = rp === price ? Math.max(0, recordedSide.quantityAt(price) - used) : 0;
      const queue = up === price ? users.dataAt(price) : NO_ORDERS;
      takenRecorded = 0;
      for (const order of queue) {
        takeRecorded(price, Math.min(order.queueAhead, recorded));
        const lots = Math.min(order.qty - order.executedQty, budgetAt(price));
        if (lots <= 0) break;
        if (!dryRun) take(price, lots, order);
        spend(price, lots);
      }
      takeRecorded(price, recorded);
      // A user level whose orders all filled has left the side: the next one now sits at its index.
      if (up === price && !dryRun && !users.level(price)) j -= 1;
      if (dryRun || takenRecorded === 0) continue;
      consumed.set(price, used + takenRecorded);
      // The recorded lots taken were ahead of every user order still resting here.
      for (const order of users.dataAt(price)) this.moveQueue(order, Math.max(0, order.queueAhead - takenRecorded));
    }
    return taken;
  }

  /**
   * Adds a resting order with its queue place: the recorded lots the book
   * shows at its price now (less what takers consumed there), behind the
   * users' orders already resting at that price.
   */
  rest(order: Order): void {
    const shown = this.displayedAt(order.side, order.price) - (this.consumed[order.side].get(order.price) ?? 0);
    this.moveQueue(order, Math.max(0, shown));
    this.own[order.side].rest(order);
  }

  /** Adds a resting order keeping its queue place (restore). */
  restWithQueue(order: Order): void {
    this.own[order.side].rest(order);
  }

  unrest(order: Order): void {
    this.own[order.side].unrest(order);
  }

  noteOwnFill(order: Order, lots: number): void {
    this.own[order.side].filled(order, lots);
  }

  /**
   * A recorded trade: the last price moves, and own orders on the side the
   * trade's taker hit fill — through-price ones (a trade beyond their limit)
   * first, then the ones at the trade's price after the queue ahead of them,
   * never more in all than the trade's size.
   */
  trade(price: number, qty: number, buyerIsTaker: boolean, fill: FillSink): void {
    this.lastPrice = price;
    const side: Side = buyerIsTaker ? 'Sell' : 'Buy';
    const own = this.own[side];
    if (own.size === 0) return;
    let left = qty;
    // Own prices best-first: for resting sells the lowest first, which are the through-price ones.
    const levels: number[] = [];
    for (let i = 0; i < own.size; i++) {
      const p = own.priceAt(i)!;
      if (p === price || (side === 'Sell' ? p < price : p > price)) levels.push(p);
      else break;
    }
    for (const p of levels) {
      if (left <= 0) break;
      // A copy in queue order: fills below take orders off the queue.
      const orders = own.dataAt(p);
      if (orders.length === 0) continue;
      if (p !== price) {
        for (const order of orders) {
          if (left <= 0) break;
          const lots = Math.min(order.qty - order.executedQty, left);
          left -= lots;
          fill(order, p, lots, true);
        }
        continue;
      }
      // At the trade's price its lots go through the queue once, in order: the recorded lots ahead of the
      // first user order, that order, the recorded lots between it and the next, and so on.
      this.tradedAt.set(p, (this.tradedAt.get(p) ?? 0) + left);
      let passed = 0;
      for (const order of orders) {
        const venue = Math.min(Math.max(0, order.queueAhead - passed), left);
        passed += venue;
        left -= venue;
        if (left <= 0) break;
        const lots = Math.min(order.qty - order.executedQty, left);
        left -= lots;
        fill(order, p, lots, true);
      }
      for (const order of own.dataAt(p)) this.moveQueue(order, Math.max(0, order.queueAhead - passed));
    }
  }

  /**
   * After a book change: own resting orders the recorded book now crosses (a
   * bid at or above the best ask) fill against the crossing levels at their
   * own price, as the earlier order on the book.
   */
  crossOwn(fill: FillSink): void {
    for (const side of ['Buy', 'Sell'] as const) {
      const own = this.own[side];
      for (let guard = 0; own.size > 0 && guard < 10_000; guard++) {
        const best = own.best()!;
        const opposite = this.bestOpposite(side);
        if (opposite === undefined || (side === 'Buy' ? opposite > best : opposite < best)) break;
        const order = own.level(best)!.head!.data;
        const got = this.walk(side, best, order.qty - order.executedQty, null, ignoreLevel, false, true);
        if (got === 0) break;
        fill(order, best, got, true);
      }
    }
  }

  /** The book a user sees: the recorded levels plus own resting quantities, best first. */
  view(depth: number): BookSide {
    return { s: this.symbol, b: this.mergeSide('Buy', depth), a: this.mergeSide('Sell', depth) };
  }

  private mergeSide(side: Side, depth: number): Level[] {
    const recorded = side === 'Buy' ? this.book.bids : this.book.asks;
    const consumed = this.consumed[side];
    const own = this.own[side];
    if (own.size === 0 && consumed.size === 0) return recorded.levels(depth);
    // What own takers consumed is not on offer until the level changes; own resting orders are.
    const shown = (price: number) => recorded.quantityAt(price) - (consumed.get(price) ?? 0);
    const better = (a: number, b: number) => (side === 'Buy' ? a > b : a < b);
    const out: Level[] = [];
    let i = 0;
    let j = 0;
    while (out.length < depth && (i < recorded.size || j < own.size)) {
      const rp = recorded.priceAt(i);
      const op = own.priceAt(j);
      let price: number;
      let qty: number;
      if (op === undefined || (rp !== undefined && better(rp, op))) {
        price = rp!;
        qty = shown(rp!);
        i += 1;
      } else if (rp === undefined || better(op, rp)) {
        price = op;
        qty = own.lotsAt(op);
        j += 1;
      } else {
        price = rp;
        qty = shown(rp) + (own.lotsAt(op));
        i += 1;
        j += 1;
      }
      if (qty > 0) out.push([price, qty]);
    }
    return out;
  }

  /** What a snapshot must keep besides the levels: consumed liquidity and the lots traded at own prices since their level changed. */
  flowState(): BookFlowState {
    return { Buy: [...this.consumed.Buy], Sell: [...this.consumed.Sell], traded: [...this.tradedAt] };
  }

  restoreFlow(state: BookFlowState): void {
    for (const [p, q] of state.Buy) this.consumed.Buy.set(p, q);
    for (const [p, q] of state.Sell) this.consumed.Sell.set(p, q);
    for (const [p, q] of state.traded) this.tradedAt.set(p, q);
  }
}
