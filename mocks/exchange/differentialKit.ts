/**
 * Issue 32's differential check: our engine and nodejs-order-book run the
 * same seeded stream side by side and are compared after every operation.
 * The stream mixes recorded book changes, recorded trades and orders of four
 * accounts (GTC, IOC, FOK, PostOnly, market by quantity, cancel, modify). In
 * nodejs-order-book the recorded liquidity is outside orders: a level that
 * grows adds one at the back of its price; one that shrinks loses lots from
 * the back; a recorded trade is an outside IOC order at the traded price.
 *
 * Where the two models mean different things the stream does not go, by
 * construction, rather than the results being filtered:
 * - a quantity-down modify keeps its place here (as on venues) and goes to
 *   the back there: modifies only raise a quantity or move a price;
 * - a post-only order moved across the book is refused here and would take
 *   there: post-only orders are never modified;
 * - our recorded book is the recording's and is not changed by fills, so a
 *   recorded trade is followed at once by the level it leaves, before any
 *   other operation, and trades at the best recorded price still on offer;
 * - a recorded change that would cross the recorded other side is not a
 *   recording (the venue's book is never crossed) and is left out;
 * - market orders stay inside the price band (the book keeps near 60,000).
 *
 * Compared after each operation: the fills in sequence (order, price, lots,
 * maker or taker; consecutive parts of one order at one price merged, since
 * the outside lots of one price are one level here and several orders
 * there), every level of both sides with its outside lots and the FIFO of
 * user orders with their remaining lots, and each user order's queue
 * position (all lots ahead of it at its price). On a divergence `shrink`
 * cuts the stream to a minimal one that still diverges.
 */
import { OrderBook, Side as ObSide } from 'nodejs-order-book';
import type { Level, MarketEvent } from '../market/types';
import { ERR } from './errors';
import { Exchange } from './exchange';
import type { SymbolBook } from './symbolBook';
import { amount, instrumentsFor } from './testKit';
import type { ExchangeEvent, Order, OrderRequest, Side } from './types';
import { ACCOUNTS, type Op } from './differentialStream';

export { generateOps, type Op } from './differentialStream';

const SYMBOL = 'BTCUSDT';
const MAX_OPEN = 60;
const OPEN_SCAN = 400;

/** One part of a fill as both sides report it: order id, price, lots, maker. */
type FillPart = [orderId: string, price: number, lots: number, maker: boolean];
/** A level: price, outside (recorded) lots, the user orders resting there in time order with their lots left. */
type LevelState = [price: number, outside: number, users: Array<[orderId: string, lots: number]>];

export interface Divergence {
  at: number;
  op: Op;
  what: string;
  ours: unknown;
  theirs: unknown;
}

interface Placed {
  id: string;
  account: string;
  tif: string;
  side: Side;
}

/** Both engines, fed one operation at a time. */
class SideBySide {
  readonly ex: Exchange;
  private theirs = new OrderBook();
  private readonly events: ExchangeEvent[] = [];
  private readonly placed: Placed[] = [];
  private readonly book: SymbolBook;
  /** the recording's level sizes (ours keeps them; theirs has only what is left of them) */
  private readonly recorded = { Buy: new Map<number, number>(), Sell: new Map<number, number>() };
  private t = 1_000;
  private seq = 0;
  private outsideSeq = 0;
  /** theirs' snapshot since the last operation (the comparisons read it several times) */
  private cached: ReturnType<OrderBook['snapshot']> | null = null;

  /** Theirs as it stands after the last operation. */
  private settled(): ReturnType<OrderBook['snapshot']> {
    this.cached ??= this.theirs.snapshot();
    return this.cached;
  }

  constructor() {
    this.ex = new Exchange({ instruments: instrumentsFor([SYMBOL]), startTime: this.t, maxOpenOrders: MAX_OPEN + 10 });
    this.ex.attachSession([{ symbol: SYMBOL, tick: '0.01', lot: '0.000001' }]);
    for (const account of ACCOUNTS) this.ex.addAccount({ userId: account, kind: 'UTA', demo: true }, { USDT: amount('1000000000'), BTC: amount('100000') });
    this.ex.subscribe((e) => this.events.push(e));
    this.book = (this.ex as unknown as { books: Map<string, SymbolBook> }).books.get(SYMBOL)!;
    this.market('snapshot', [], []);
  }

  private market(ch: 'snapshot' | 'book', b: Level[], a: Level[]): void {
    this.t += 1;
    this.ex.onMarket({ t: this.t, seq: ++this.seq, ch, msg: { s: SYMBOL, b, a } } as MarketEvent, this.t);
  }

  /** Runs one operation on both; false when the stream leaves it out here (see the file's comment). */
  apply(op: Op): boolean {
    this.cached = null;
    switch (op.kind) {
      case 'level':
        return this.level(op.side, op.price, op.lots);
      case 'trade':
        return this.trade(op.side, op.lots);
      case 'limit':
        return this.limit(op);
      case 'market':
        return this.marketOrder(op);
      case 'cancel':
        return this.cancel(op.nth);
      case 'modify':
        return this.modify(op);
    }
  }

  private level(side: Side, price: number, lots: number): boolean {
    // The venue's book is never crossed: a change onto or through the other side's recorded levels is no recording.
    const other = side === 'Buy' ? this.book.book.bestAsk() : this.book.book.bestBid();
    if (lots > 0 && other !== undefined && (side === 'Buy' ? price >= other : price <= other)) return false;
    const outside = this.outsideAt(side, price);
    if (lots > outside) {
      const id = `x${++this.outsideSeq}`;
      this.theirs.limit({ id, side: side === 'Buy' ? ObSide.BUY : ObSide.SELL, size: lots - outside, price });
    } else if (lots < outside) {
      this.removeOutside(side, price, outside - lots);
    }
    if (lots === 0) this.recorded[side].delete(price);
    else this.recorded[side].set(price, lots);
    this.market('book', side === 'Buy' ? [[price, lots]] : [], side === 'Sell' ? [[price, lots]] : []);
    return true;
  }

  private trade(side: Side, lots: number): boolean {
    // The best price of `side` where recorded lots are still on offer (theirs holds exactly those).
    const snap = this.theirs.snapshot();
    const levels = side === 'Buy' ? [...snap.bids].sort((x, y) => y.price - x.price) : [...snap.asks].sort((x, y) => x.price - y.price);
    const best = levels.find((l) => l.orders.some((o) => isOutside(o.id)));
    if (!best) return false;
    const price = best.price;
    // Theirs: an outside taker at that price takes what is ahead of it there, users included.
    this.theirs.limit({ id: `t${++this.outsideSeq}`, side: side === 'Buy' ? ObSide.SELL : ObSide.BUY, size: lots, price, timeInForce: 'IOC' as never });
    this.t += 1;
    this.ex.onMarket({ t: this.t, seq: ++this.seq, ch: 'trade', msg: { s: SYMBOL, id: this.seq, p: price, q: lots, m: side === 'Sell' } } as MarketEvent, this.t);
    // The recording then shows the level without the traded lots.
    this.level(side, price, Math.max(0, (this.recorded[side].get(price) ?? 0) - lots));
    return true;
  }

  private limit(op: Extract<Op, { kind: 'limit' }>): boolean {
    const account = ACCOUNTS[op.account]!;
    if (this.openCount(account) >= MAX_OPEN) return false;
    const req: OrderRequest = { symbol: SYMBOL, side: op.side, orderType: 'Limit', price: priceText(op.price), qty: lotsText(op.lots), timeInForce: op.tif };
    const r = this.ex.create(account, req, this.t);
    if (!r.ok) throw new Error(`our engine refused a limit order: ${r.error.code} ${r.error.message}`);
    this.placed.push({ id: r.value.orderId, account, tif: op.tif, side: op.side });
    const tif = op.tif === 'PostOnly' ? 'GTC' : op.tif;
    this.theirs.limit({ id: r.value.orderId, side: op.side === 'Buy' ? ObSide.BUY : ObSide.SELL, size: op.lots, price: op.price, timeInForce: tif as never, postOnly: op.tif === 'PostOnly' });
    return true;
  }

  private marketOrder(op: Extract<Op, { kind: 'market' }>): boolean {
    const account = ACCOUNTS[op.account]!;
    const r = this.ex.create(account, { symbol: SYMBOL, side: op.side, orderType: 'Market', marketUnit: 'baseCoin', qty: lotsText(op.lots) }, this.t);
    // Nothing on the other side: ours refuses at once, theirs takes nothing (the fills compared say whether both agree).
    if (!r.ok && r.error.code !== ERR.NO_LIQUIDITY) throw new Error(`our engine refused a market order: ${r.error.code} ${r.error.message}`);
    if (r.ok) this.placed.push({ id: r.value.orderId, account, tif: 'IOC', side: op.side });
    this.theirs.market({ side: op.side === 'Buy' ? ObSide.BUY : ObSide.SELL, size: op.lots });
    return true;
  }

  private cancel(nth: number): boolean {
    const target = this.openPlaced(nth);
    if (!target) return false;
    const r = this.ex.cancel(target.account, { orderId: target.id }, this.t);
    if (!r.ok) throw new Error(`our engine refused to cancel an open order: ${r.error.code}`);
    this.theirs.cancel(target.id);
    return true;
  }

  private modify(op: Extract<Op, { kind: 'modify' }>): boolean {
    const target = this.openPlaced(op.nth, movable);
    if (!target) return false;
    const order = this.ex.getOrder(target.account, { orderId: target.id })!;
    const left = order.qty - order.executedQty;
    const price = op.price ?? order.price;
    if (price === order.price && op.addLots === 0) return false;
    const r = this.ex.modify(target.account, { orderId: target.id, price: priceText(price), qty: lotsText(order.qty + op.addLots) }, this.t);
    if (!r.ok) throw new Error(`our engine refused a modify: ${r.error.code} ${r.error.message}`);
    this.theirs.modify(target.id, { price, size: left + op.addLots });
    return true;
  }

  /** Takes `lots` of outside liquidity off the back of a price (never a user's order). */
  private removeOutside(side: Side, price: number, lots: number): void {
    const levelOf = (snap: ReturnType<OrderBook['snapshot']>) => (side === 'Buy' ? snap.bids : snap.asks).find((l) => l.price === price);
    let left = lots;
    // Behind every user order: cancel or shrink there (a shrunk order goes to the back, where it already is).
    const tail = levelOf(this.theirs.snapshot())?.orders ?? [];
    for (let i = tail.length - 1; i >= 0 && left > 0 && isOutside(tail[i]!.id); i--) {
      const o = tail[i]!;
      const cut = Math.min(o.size, left);
      left -= cut;
      if (cut === o.size) this.theirs.cancel(o.id);
      else this.theirs.modify(o.id, { size: o.size - cut });
    }
    if (left <= 0) return;
    // Between users: theirs has no in-place reduce (a modify goes to the back), so its snapshot is edited and restored.
    const snap = this.theirs.snapshot();
    const level = levelOf(snap);
    if (!level) return;
    for (let i = level.orders.length - 1; i >= 0 && left > 0; i--) {
      const o = level.orders[i]!;
      if (!isOutside(o.id)) continue;
      const cut = Math.min(o.size, left);
      left -= cut;
      o.size -= cut;
      if (o.size === 0) level.orders.splice(i, 1);
    }
    this.theirs = new OrderBook({ snapshot: { ...snap, bids: snap.bids.filter((l) => l.orders.length > 0), asks: snap.asks.filter((l) => l.orders.length > 0) } });
  }

  private outsideAt(side: Side, price: number): number {
    const snap = this.theirs.snapshot();
    const level = (side === 'Buy' ? snap.bids : snap.asks).find((l) => l.price === price);
    return level ? level.orders.filter((o) => isOutside(o.id)).reduce((sum, o) => sum + o.size, 0) : 0;
  }

  private openCount(account: string): number {
    return this.ex.openOrders(account).length;
  }

  /**
   * The n-th newest open order (that `accept` takes). Counting from the newest
   * keeps a shrunk stream's cancels on the orders they named before the cut.
   */
  private openPlaced(nth: number, accept: (p: Placed) => boolean = () => true): Placed | null {
    let seen = 0;
    for (let i = this.placed.length - 1; i >= 0 && i >= this.placed.length - OPEN_SCAN; i--) {
      const candidate = this.placed[i]!;
      if (!accept(candidate) || !this.theirs.order(candidate.id)) continue;
      if (seen === nth) return candidate;
      seen += 1;
    }
    return null;
  }

  /** Our fills since the last call, parts merged. */
  takeOurFills(): FillPart[] {
    const parts: FillPart[] = [];
    for (const e of this.events) if (e.type === 'fill') parts.push([e.fill.orderId, e.fill.price, e.fill.qty, e.fill.isMaker]);
    this.events.length = 0;
    return merged(parts);
  }

  /** The resting state of both sides: theirs from its snapshot, ours from the engine's book. */
  state(): { ours: { Buy: LevelState[]; Sell: LevelState[] }; theirs: { Buy: LevelState[]; Sell: LevelState[] } } {
    const snap = this.settled();
    const theirSide = (levels: typeof snap.bids, buy: boolean): LevelState[] =>
      [...levels]
        .sort((x, y) => (buy ? y.price - x.price : x.price - y.price))
        .map((l) => [l.price, l.orders.filter((o) => isOutside(o.id)).reduce((s, o) => s + o.size, 0), l.orders.filter((o) => !isOutside(o.id)).map((o) => [o.id, o.size] as [string, number])] as LevelState)
        .filter(([, outside, users]) => outside > 0 || users.length > 0);
    return {
      ours: { Buy: this.ourSide('Buy'), Sell: this.ourSide('Sell') },
      theirs: { Buy: theirSide(snap.bids, true), Sell: theirSide(snap.asks, false) },
    };
  }

  private ourSide(side: Side): LevelState[] {
    const users = new Map<number, Order[]>();
    this.book.own[side].forEachLevel((price, orders) => users.set(price, orders));
    const out: LevelState[] = [];
    for (const [price, lots] of this.book.view(10_000)[side === 'Buy' ? 'b' : 'a']) {
      const here = users.get(price) ?? [];
      const userLots = here.reduce((s, o) => s + (o.qty - o.executedQty), 0);
      out.push([price, lots - userLots, here.map((o) => [o.orderId, o.qty - o.executedQty])]);
    }
    return out;
  }

  /** Each resting user order's queue position: every lot ahead of it at its price (outside and users). */
  queuePositions(): { ours: Record<string, number>; theirs: Record<string, number> } {
    const ours: Record<string, number> = {};
    for (const side of ['Buy', 'Sell'] as const) {
      this.book.own[side].forEachLevel((_price, orders) => {
        let users = 0;
        for (const o of orders) {
          ours[o.orderId] = o.queueAhead + users;
          users += o.qty - o.executedQty;
        }
      });
    }
    const theirs: Record<string, number> = {};
    const snap = this.settled();
    for (const level of [...snap.bids, ...snap.asks]) {
      let ahead = 0;
      for (const o of level.orders) {
        if (!isOutside(o.id)) theirs[o.id] = ahead;
        ahead += o.size;
      }
    }
    return { ours, theirs };
  }

  /** What theirs filled in the last operation: every resting order that lost lots, best price first, oldest first. */
  static fillsBetween(before: Map<string, RestingRef>, after: Map<string, RestingRef>, taker: string | null, takerSide: Side | null): FillPart[] {
    const parts: FillPart[] = [];
    for (const [id, b] of before) {
      const a = after.get(id);
      const filled = b.size - (a?.size ?? 0);
      if (filled <= 0) continue;
      if (takerSide && b.side === takerSide) continue;
      if (!isOutside(id)) parts.push([id, b.price, filled, true]);
      if (taker) parts.push([taker, b.price, filled, false]);
    }
    return merged(parts);
  }

  /** Theirs' resting orders in matching order per side (best price first, then time), for `fillsBetween`. */
  restingRefs(): Map<string, RestingRef> {
    const snap = this.settled();
    const out = new Map<string, RestingRef>();
    const bids = [...snap.bids].sort((x, y) => y.price - x.price);
    const asks = [...snap.asks].sort((x, y) => x.price - y.price);
    for (const [side, levels] of [['Buy', bids], ['Sell', asks]] as const) {
      for (const l of levels) for (const o of l.orders) out.set(o.id, { price: l.price, size: o.size, side });
    }
    return out;
  }

  lastPlacedId(): string | null {
    return this.placed.at(-1)?.id ?? null;
  }

  placedCount(): number {
    return this.placed.length;
  }

  /** The order a modify would pick. */
  peekMovable(nth: number): Placed | null {
    return this.openPlaced(nth, movable);
  }
}

interface RestingRef {
  price: number;
  size: number;
  side: Side;
}

/** Post-only orders are never moved (see the file's comment). */
const movable = (p: Placed) => p.tif === 'GTC';
const isOutside = (id: string) => id.startsWith('x') || id.startsWith('t');
const priceText = (ticks: number) => (ticks / 100).toFixed(2);
const lotsText = (lots: number) => (lots / 1_000_000).toFixed(6);

function merged(parts: FillPart[]): FillPart[] {
  const out: FillPart[] = [];
  for (const p of parts) {
    const last = out.at(-1);
    if (last && last[0] === p[0] && last[1] === p[1] && last[3] === p[3]) last[2] += p[2];
    else out.push([...p]);
  }
  return out;
}

/**
 * Runs `ops` through both and returns the first divergence (null when none)
 * and how many operations both ran (those left out by construction are not
 * counted).
 */
export function runSideBySide(ops: readonly Op[]): { divergence: Divergence | null; compared: number } {
  const both = new SideBySide();
  let compared = 0;
  let before = both.restingRefs();
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i]!;
    const takerSide = op.kind === 'limit' || op.kind === 'market' ? op.side : op.kind === 'trade' ? (op.side === 'Buy' ? 'Sell' : 'Buy') : null;
    const placedBefore = both.placedCount();
    const modified = op.kind === 'modify' ? both.peekMovable(op.nth)?.id ?? null : null;
    if (!both.apply(op)) continue;
    compared += 1;
    const ours = both.takeOurFills();
    const taker = both.placedCount() > placedBefore ? both.lastPlacedId() : modified;
    // A modified order left its place: its own lots are not a fill.
    const afterRefs = both.restingRefs();
    if (modified) before.delete(modified);
    const beforeOp = before;
    before = afterRefs;
    let theirs: FillPart[] = [];
    // A recorded level crossing users: they fill as makers against it (the outside order there is the taker).
    if (op.kind === 'level') theirs = SideBySide.fillsBetween(beforeOp, afterRefs, null, op.side);
    else if (op.kind === 'trade') theirs = SideBySide.fillsBetween(beforeOp, afterRefs, null, takerSide);
    else if (op.kind !== 'cancel') theirs = SideBySide.fillsBetween(beforeOp, afterRefs, taker, takerSide);
    if (JSON.stringify(ours) !== JSON.stringify(theirs)) return { divergence: { at: i, op, what: 'fills', ours, theirs }, compared };
    const state = both.state();
    for (const side of ['Buy', 'Sell'] as const) {
      if (JSON.stringify(state.ours[side]) !== JSON.stringify(state.theirs[side])) {
        return { divergence: { at: i, op, what: `${side} levels`, ours: state.ours[side], theirs: state.theirs[side] }, compared };
      }
    }
    const queues = both.queuePositions();
    if (JSON.stringify(sortKeys(queues.ours)) !== JSON.stringify(sortKeys(queues.theirs))) {
      return { divergence: { at: i, op, what: 'queue positions', ours: queues.ours, theirs: queues.theirs }, compared };
    }
  }
  return { divergence: null, compared };
}

function sortKeys(o: Record<string, number>): Array<[string, number]> {
  return Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1));
}
