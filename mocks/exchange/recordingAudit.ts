/**
 * The recording test's auditor (recording.test.ts): keeps its own copy of the
 * recorded book and checks each own fill against it as it happens.
 * - a taker fill takes a price that was on the recorded book then, best
 *   price first, never more than the level showed (less what own takers
 *   already took since the level last changed);
 * - a maker fill comes from a recorded trade at or through its price (on
 *   the side that hits it, within the trade's size) or from the recorded
 *   book crossing it (within what crossed);
 * - an order that joined a queue fills at its price only for trade volume
 *   beyond the queue ahead of it (what the level showed less what takers had
 *   taken there, shrunk by trades and takers there, capped by the level);
 * - a trade between two own orders (the engine has one book for every user,
 *   and an account may meet itself) is a maker fill at the resting order's
 *   price followed at once by a taker fill of the same size, with no better
 *   recorded level left.
 */
import { fromUnits } from '../../src/domain/units';
import { L2Book } from '../market/book';
import type { InstrumentSpec, MarketEvent } from '../market/types';
import { FINAL_STATUSES, PLAN, type Fill, type Order, type Side } from './types';

export const SPEC: InstrumentSpec = { symbol: 'BTCUSDT', tick: '0.01', lot: '0.000001' };
const price = (ticks: number) => fromUnits(ticks, SPEC.tick);

export type Context = { kind: 'call'; at: number } | { kind: 'event'; event: MarketEvent };

export interface Queued {
  side: Side;
  price: number;
  /** lots the recording had ahead of the order when it joined */
  joined: number;
  /** upper bound of what is ahead now: the risk-averse model re-derived from the recording */
  ahead: number;
  /** recorded volume traded at its price since it joined, and when its first at-price fill came */
  tradedSince: number;
  firstFillAfter: number | null;
}

/** Keeps its own copy of the recorded book and checks each own fill against it. */
export class Audit {
  readonly book = new L2Book(SPEC.symbol);
  synced = false;
  lastPrice: number | null = null;
  context: Context = { kind: 'call', at: 0 };
  readonly problems: string[] = [];
  readonly fills: Fill[] = [];
  readonly queued = new Map<string, Queued>();
  /** every queue an order joined (an order moved to a new price joins again) */
  readonly queues: Queued[] = [];
  /** lots own orders took from each recorded level (key side|price) since it last changed */
  private readonly taken = new Map<string, number>();
  /** own maker lots per trade event, per order at the trade's price */
  private eventMaker = 0;
  private readonly atPrice = new Map<string, number>();
  readonly orders = new Map<string, Order>();
  /** a maker fill waiting for the next event: a taker fill pairing it (a trade between users) or its print */
  private pendingMaker: { fill: Fill; context: Context } | null = null;
  /** trades between two own orders */
  userMatches = 0;

  private fail(f: Fill, why: string): void {
    if (this.problems.length < 20) this.problems.push(`fill ${f.tradeId} (${f.side} ${f.qty} @ ${price(f.price)}, ${f.isMaker ? 'maker' : 'taker'}): ${why}`);
  }

  /** Recorded levels a taker of `side` meets, best first, with what is left of each. */
  private available(side: Side, p: number): number {
    const recorded = (side === 'Buy' ? this.book.asks : this.book.bids).quantityAt(p);
    return recorded - (this.taken.get(`${side === 'Buy' ? 'a' : 'b'}|${p}`) ?? 0);
  }

  private take(side: Side, p: number, lots: number): void {
    const key = `${side === 'Buy' ? 'a' : 'b'}|${p}`;
    this.taken.set(key, (this.taken.get(key) ?? 0) + lots);
  }

  /** Before the engine sees a market event: the test's book follows the recording. */
  beforeEvent(event: MarketEvent): void {
    this.flush();
    this.context = { kind: 'event', event };
    this.eventMaker = 0;
    this.atPrice.clear();
    if (event.ch === 'snapshot') {
      this.book.replace(event.msg);
      this.taken.clear();
      this.synced = true;
    } else if (event.ch === 'book' && this.synced) {
      this.book.apply(event.msg);
      for (const [p] of event.msg.b) this.taken.delete(`b|${p}`);
      for (const [p] of event.msg.a) this.taken.delete(`a|${p}`);
    } else if (event.ch === 'trade') {
      this.lastPrice = event.msg.p;
    }
  }

  /** After it: queue bounds move with the recording (trades there eat them, a shrinking level caps them). */
  afterEvent(event: MarketEvent): void {
    this.flush();
    for (const q of this.queued.values()) {
      if (event.ch === 'trade') {
        const hits = event.msg.m ? q.side === 'Sell' : q.side === 'Buy';
        if (hits && event.msg.p === q.price) {
          q.ahead = Math.max(0, q.ahead - event.msg.q);
          q.tradedSince += event.msg.q;
        }
      } else if (event.ch === 'book' || event.ch === 'snapshot') {
        const levels = q.side === 'Buy' ? event.msg.b : event.msg.a;
        for (const [p, lots] of levels) if (p === q.price) q.ahead = Math.min(q.ahead, lots);
        if (event.ch === 'snapshot') q.ahead = Math.min(q.ahead, (q.side === 'Buy' ? this.book.bids : this.book.asks).quantityAt(q.price));
      }
    }
  }

  onFill(f: Fill): void {
    this.fills.push(f);
    const ctx = this.context;
    const now = ctx.kind === 'call' ? ctx.at : ctx.event.t;
    if (f.time !== now) this.fail(f, `time ${f.time}, the engine was at ${now}`);
    const pending = this.pendingMaker;
    this.pendingMaker = null;
    if (pending && !f.isMaker && f.side !== pending.fill.side && f.price === pending.fill.price && f.qty === pending.fill.qty) {
      this.userMatch(pending.fill, f);
      return;
    }
    if (pending) this.makerFill(pending.fill, pending.context);
    // A maker fill is judged once the next event says whether a user took it.
    if (f.isMaker) this.pendingMaker = { fill: f, context: ctx };
    else this.takerFill(f);
  }

  /** A print on the public tape: a maker fill before it was the recording's counterpart. */
  onTrade(): void {
    this.flush();
  }

  flush(): void {
    const pending = this.pendingMaker;
    this.pendingMaker = null;
    if (pending) this.makerFill(pending.fill, pending.context);
  }

  /** One own order took another's resting lots: at the resting price, with no better recorded level left. */
  private userMatch(maker: Fill, taker: Fill): void {
    this.userMatches += 1;
    const order = this.orders.get(maker.orderId);
    if (order && order.price !== maker.price) this.fail(maker, `a resting order at ${price(order.price)} filled at another price`);
    const levels = taker.side === 'Buy' ? this.book.asks : this.book.bids;
    for (let i = 0; i < levels.size; i++) {
      const p = levels.priceAt(i)!;
      if (taker.side === 'Buy' ? p >= taker.price : p <= taker.price) break;
      if (this.available(taker.side, p) > 0) return this.fail(taker, `took a user's order with a better recorded level ${price(p)} left`);
    }
  }

  private takerFill(f: Fill): void {
    if (!this.synced) return this.fail(f, 'took liquidity with no recorded book');
    const left = this.available(f.side, f.price);
    if (left <= 0) return this.fail(f, 'price not on the recorded book (or already taken)');
    if (f.qty > left) this.fail(f, `took ${f.qty} lots of the ${left} the level had left`);
    // Best price first: every better recorded level must already be used up.
    const levels = f.side === 'Buy' ? this.book.asks : this.book.bids;
    for (let i = 0; i < levels.size; i++) {
      const p = levels.priceAt(i)!;
      if (p === f.price) break;
      if (this.available(f.side, p) > 0) return this.fail(f, `a better recorded level ${price(p)} still had ${this.available(f.side, p)} lots`);
    }
    this.take(f.side, f.price, f.qty);
    // Recorded lots a taker took at a price were ahead of every own order resting there.
    for (const q of this.queued.values()) if (q.side !== f.side && q.price === f.price) q.ahead = Math.max(0, q.ahead - f.qty);
  }

  private makerFill(f: Fill, ctx: Context): void {
    const order = this.orders.get(f.orderId);
    if (order && order.price !== f.price) this.fail(f, `a resting order at ${price(order.price)} filled at another price`);
    if (ctx.kind !== 'event') return this.fail(f, 'a maker fill outside a market event');
    const e = ctx.event;
    if (e.ch === 'trade') {
      // Own buys fill when a seller takes (m false) at or below their price; own sells the reverse.
      const hits = f.side === 'Buy' ? !e.msg.m && e.msg.p <= f.price : e.msg.m && e.msg.p >= f.price;
      if (!hits) return this.fail(f, `recorded trade ${e.msg.q} @ ${price(e.msg.p)} (buyer taker ${e.msg.m}) does not reach it`);
      this.eventMaker += f.qty;
      if (this.eventMaker > e.msg.q) this.fail(f, `own fills ${this.eventMaker} lots exceed the recorded trade's ${e.msg.q}`);
      const q = this.queued.get(f.orderId);
      if (e.msg.p === f.price && q) {
        const got = (this.atPrice.get(f.orderId) ?? 0) + f.qty;
        this.atPrice.set(f.orderId, got);
        if (got > e.msg.q - q.ahead) this.fail(f, `${got} lots filled with ${q.ahead} recorded lots still ahead of a ${e.msg.q}-lot trade`);
        q.firstFillAfter ??= q.tradedSince + e.msg.q;
      }
      return;
    }
    if (e.ch === 'book' || e.ch === 'snapshot') {
      // The recorded book crossed the order: it fills against the crossing levels, best first, as far as they go.
      let need = f.qty;
      const levels = f.side === 'Buy' ? this.book.asks : this.book.bids;
      for (let i = 0; i < levels.size && need > 0; i++) {
        const p = levels.priceAt(i)!;
        if (f.side === 'Buy' ? p > f.price : p < f.price) break;
        const lots = Math.min(need, this.available(f.side, p));
        if (lots > 0) this.take(f.side, p, lots);
        need -= Math.max(0, lots);
      }
      if (need > 0) this.fail(f, `the recorded book crossed it by ${f.qty - need} lots only`);
      return;
    }
    this.fail(f, `a maker fill on a ${e.ch} event`);
  }

  /** Order events: an ordinary limit order that rests joins the queue the recording shows at its price. */
  onOrder(o: Order): void {
    this.orders.set(o.orderId, o);
    const resting = o.planType === PLAN.ORDINARY && o.orderType === 'Limit' && (o.status === 'New' || o.status === 'PartiallyFilled');
    const q = this.queued.get(o.orderId);
    if (!resting) {
      if (FINAL_STATUSES.has(o.status)) this.queued.delete(o.orderId);
      return;
    }
    // A new order, or one moved to another price, goes to the back of the queue there.
    if (!q || q.price !== o.price) {
      const recorded = (o.side === 'Buy' ? this.book.bids : this.book.asks).quantityAt(o.price);
      const shown = Math.max(0, recorded - (this.taken.get(`${o.side === 'Buy' ? 'b' : 'a'}|${o.price}`) ?? 0));
      const joined: Queued = { side: o.side, price: o.price, joined: shown, ahead: shown, tradedSince: 0, firstFillAfter: null };
      this.queued.set(o.orderId, joined);
      this.queues.push(joined);
    }
  }
}
