// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { fromUnits } from '../../src/domain/units';
import { describeWithSharedData, sharedDataFile } from '../../tests/support/sharedData';
import { L2Book } from '../market/book';
import { createBinanceImporter } from '../market/importers/binance';
import { fileLines } from '../market/session/node-io';
import type { DraftEvent } from '../market/session/writer';
import type { InstrumentSpec, MarketEvent } from '../market/types';
import { Exchange } from './exchange';
import { checkInvariants, conservation, holdings } from './invariants';
import { amount, instrumentsFor } from './testKit';
import { FINAL_STATUSES, PLAN, type Fill, type Order, type OrderRequest, type Side } from './types';

/**
 * A scripted trading session on the real Binance BTCUSDT recording (read from
 * ../shared/data at test time, never stored here): limits at and near the
 * touch on both sides, market orders, marketable limits, IOC / FOK /
 * PostOnly, stops, TP/SL, OCO and trailing stops, placed at fixed replay
 * times. Every fill is audited against the recording as it happens, from a
 * book the test keeps itself:
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
 * The whole file is 5.8 minutes (about 13,000 events); it imports in 1–4 s.
 */
const FILE = 'binance-spot-btcusdt-20240808.raw.gz';
const SPEC: InstrumentSpec = { symbol: 'BTCUSDT', tick: '0.01', lot: '0.000001' };
const USER = 'trader';

const price = (ticks: number) => fromUnits(ticks, SPEC.tick);
const qty = (lots: number) => fromUnits(lots, SPEC.lot);
const USD = 100; // ticks in one USDT

type Context = { kind: 'call'; at: number } | { kind: 'event'; event: MarketEvent };

interface Queued {
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
class Audit {
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

describeWithSharedData('exchange engine on the real BTCUSDT recording', () => {
  let events: MarketEvent[] = [];
  let importMs = 0;

  beforeAll(async () => {
    const started = performance.now();
    const importer = createBinanceImporter({ instruments: [SPEC] });
    const drafts: DraftEvent[] = [];
    let line = 0;
    for await (const text of fileLines(sharedDataFile(FILE))) drafts.push(...importer.push(text, ++line));
    drafts.push(...importer.finish());
    events = drafts.map((d, i) => ({ ...d, seq: i + 1 }) as MarketEvent);
    importMs = performance.now() - started;
  }, 60_000);

  it('fills only at prices the recording traded or showed, after the queue ahead', () => {
    const instruments = instrumentsFor(['BTCUSDT']);
    const ex = new Exchange({ instruments, startTime: events[0]!.t });
    ex.attachSession([SPEC]);
    // Not demo and unified: OCO and trailing orders are allowed.
    ex.addAccount({ userId: USER, kind: 'UTA', demo: false }, { USDT: amount('1000000'), BTC: amount('20') });
    const initial = holdings(ex);
    const audit = new Audit();
    ex.subscribe((e) => {
      if (e.type === 'fill') audit.onFill(e.fill);
      else if (e.type === 'order') audit.onOrder(e.order);
      else if (e.type === 'trade') audit.onTrade();
    });

    const start = events.find((e) => e.ch === 'snapshot')!.t;
    const end = events.at(-1)!.t;
    const script = buildScript(start, end);
    const placed = { ok: 0, refused: new Map<number, number>() };
    const roles = new Map<string, string>();
    const call = (at: number, role: string, req: OrderRequest) => {
      audit.context = { kind: 'call', at };
      const r = ex.create(USER, req, at);
      if (r.ok) {
        placed.ok += 1;
        roles.set(role, r.value.orderId);
      } else {
        placed.refused.set(r.error.code, (placed.refused.get(r.error.code) ?? 0) + 1);
      }
    };
    const invariantProblems: string[] = [];
    const checkNow = (where: string) => {
      const p = checkInvariants(ex);
      if (p.length > 0 && invariantProblems.length < 5) invariantProblems.push(`${where}: ${p.join('; ')}`);
    };

    let next = 0;
    for (const event of events) {
      while (next < script.length && script[next]!.at < event.t) {
        const action = script[next++]!;
        const bid = audit.book.bestBid();
        const ask = audit.book.bestAsk();
        const last = audit.lastPrice;
        if (bid === undefined || ask === undefined || last === null) continue;
        action.run({ bid, ask, last, at: action.at, call, roles, ex, audit });
        checkNow(`after the call at +${action.at - start} ms`);
      }
      audit.beforeEvent(event);
      ex.onMarket(event, event.t);
      audit.afterEvent(event);
      checkNow(`after event ${event.seq} (${event.ch})`);
    }
    audit.context = { kind: 'call', at: end + 1 };
    ex.cancelAll(USER, {}, end + 1);
    ex.cancelAll(USER, { kind: 'plan' }, end + 1);
    audit.flush();

    // The summary belongs in the log whether the test passes or not.
    const orders = ex.orderHistory(USER);
    const ordinary = orders.filter((o) => o.planType === PLAN.ORDINARY);
    const filledOrders = ordinary.filter((o) => o.executedQty > 0);
    const maker = audit.fills.filter((f) => f.isMaker).length;
    // Orders that joined behind a recorded queue and later filled at their price (not through it).
    const behind = audit.queues.filter((q) => q.joined > 0 && q.firstFillAfter !== null);
    const waited = behind.map((q) => q.firstFillAfter! / q.joined);
    const range = (xs: number[]) => (xs.length ? `${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)}` : '-');
    const triggered = orders.filter((o) => o.status === 'Triggered');
    // oxlint-disable-next-line no-console
    console.log([
      `recording ${FILE}: ${events.length} events over ${((end - events[0]!.t) / 60_000).toFixed(1)} min, imported in ${importMs.toFixed(0)} ms`,
      `orders: ${placed.ok} placed, ${[...placed.refused].map(([c, n]) => `${n} refused ${c}`).join(', ') || 'none refused'}; ${triggered.length} plans triggered`,
      `fills: ${audit.fills.length} (${maker} maker, ${audit.fills.length - maker} taker); fill rate ${filledOrders.length}/${ordinary.length} ordinary orders (${((100 * filledOrders.length) / Math.max(1, ordinary.length)).toFixed(0)} %)`,
      `queues: ${audit.queues.length} joined; ${behind.length} that joined behind recorded volume filled at their price once the recording had traded ${range(waited)}× that volume there (less where the level shrank)`,
      `trades between own orders: ${audit.userMatches}`,
      `audit problems: ${audit.problems.length}`,
    ].join('\n'));

    expect(audit.problems).toEqual([]);
    expect(invariantProblems).toEqual([]);
    expect(conservation(initial, audit.fills, holdings(ex), instruments)).toEqual([]);
    for (const line of ex.balances(USER)) expect(line.locked).toBe(0n);

    // The session must reach what is audited, or passing means little.
    expect(audit.fills.length).toBeGreaterThan(50);
    expect(maker).toBeGreaterThan(10);
    expect(audit.fills.length - maker).toBeGreaterThan(10);
    const planTypes = new Set(triggered.map((o) => o.planType));
    for (const t of [PLAN.CONDITIONAL, PLAN.STOP_LIMIT, PLAN.OCO]) expect(planTypes).toContain(t);
    expect(planTypes.has(PLAN.TRAILING_STOP) || planTypes.has(PLAN.TRAILING_PROFIT)).toBe(true);
    // Some orders joined behind recorded volume and filled at their price, so the queue bound above was exercised.
    expect(behind.length).toBeGreaterThan(0);
  }, 60_000);
});

describe('the recording audit itself', () => {
  // Guards the guard: each rule above must be able to fail.
  const fill = (over: Partial<Fill>): Fill => ({
    tradeId: 't', orderId: 'o1', userId: USER, symbol: SPEC.symbol, side: 'Buy', price: 6_000_000, qty: 100,
    value: 0n, fee: 0n, feeToken: 'BTC', isMaker: false, time: 10, ...over,
  });
  const opened = () => {
    const audit = new Audit();
    audit.beforeEvent({ t: 10, seq: 1, ch: 'snapshot', msg: { s: SPEC.symbol, b: [[5_999_900, 500]], a: [[6_000_000, 500], [6_000_100, 500]] } });
    audit.context = { kind: 'call', at: 10 };
    return audit;
  };

  it('flags taker fills off the book, beyond a level, or skipping a better level', () => {
    const audit = opened();
    audit.onFill(fill({ price: 6_000_050 }));
    audit.onFill(fill({ qty: 600 }));
    expect(audit.problems).toEqual([expect.stringContaining('not on the recorded book'), expect.stringContaining('took 600 lots of the 500')]);
    const fresh = opened();
    fresh.onFill(fill({ price: 6_000_100, qty: 10 }));
    expect(fresh.problems).toEqual([expect.stringContaining('a better recorded level 60000.00 still had 500 lots')]);
  });

  it('flags maker fills no trade reaches, beyond a trade, or ahead of the queue', () => {
    const audit = opened();
    audit.onOrder({ orderId: 'o1', planType: PLAN.ORDINARY, orderType: 'Limit', status: 'New', side: 'Buy', price: 5_999_900 } as Order);
    const trade = (p: number, q: number, m: boolean): MarketEvent => ({ t: 11, seq: 2, ch: 'trade', msg: { s: SPEC.symbol, id: 1, p, q, m } });
    audit.beforeEvent(trade(5_999_950, 50, false));
    audit.onFill(fill({ isMaker: true, price: 5_999_900, time: 11 }));
    audit.beforeEvent(trade(5_999_900, 550, false));
    audit.onFill(fill({ isMaker: true, price: 5_999_900, qty: 100, time: 11 }));
    audit.afterEvent(trade(5_999_900, 550, false));
    audit.beforeEvent(trade(5_999_800, 20, false));
    audit.onFill(fill({ isMaker: true, price: 5_999_900, qty: 30, time: 11 }));
    // The engine prints each fill with the recording on the tape: that judges it.
    audit.onTrade();
    expect(audit.problems).toEqual([
      expect.stringContaining('does not reach it'),
      expect.stringContaining('still ahead'),
      expect.stringContaining("exceed the recorded trade's 20"),
    ]);
  });
});

interface ActionContext {
  bid: number;
  ask: number;
  last: number;
  at: number;
  call: (at: number, role: string, req: OrderRequest) => void;
  roles: Map<string, string>;
  ex: Exchange;
  audit: Audit;
}

interface Action {
  at: number;
  run: (c: ActionContext) => void;
}

const limit = (side: Side, ticks: number, lots: number, timeInForce: OrderRequest['timeInForce'] = 'GTC'): OrderRequest => ({
  symbol: SPEC.symbol, side, orderType: 'Limit', timeInForce, price: price(ticks), qty: qty(lots),
});

/** Every 20 s of replay: a round of orders priced from the book and last trade at that moment. */
function buildScript(start: number, end: number): Action[] {
  const actions: Action[] = [];
  for (let k = 0, t0 = start + 5_000; t0 + 15_000 < end; k++, t0 += 20_000) {
    const r = (name: string) => `${name}#${k}`;
    actions.push({
      at: t0,
      run: ({ bid, ask, at, call }) => {
        // Join the queues at the touch, and wait a little behind it.
        call(at, r('bidQueue'), limit('Buy', bid, 20_000));
        call(at, r('askQueue'), limit('Sell', ask, 20_000));
        call(at, r('bidBelow'), limit('Buy', bid - 5 * USD, 10_000));
        call(at, r('askAbove'), limit('Sell', ask + 5 * USD, 10_000));
      },
    });
    actions.push({
      at: t0 + 2_000,
      run: ({ at, call }) => {
        call(at, r('marketBuy'), { symbol: SPEC.symbol, side: 'Buy', orderType: 'Market', qty: '500' });
        call(at, r('marketSell'), { symbol: SPEC.symbol, side: 'Sell', orderType: 'Market', qty: qty(5_000), slippage: { kind: 'percent', value: '0.05' } });
      },
    });
    actions.push({
      at: t0 + 4_000,
      run: ({ bid, ask, at, call }) => {
        // Marketable: sweep the touch and rest the rest (GTC) or drop it (IOC); FOK all or nothing.
        if (k % 2 === 0) call(at, r('sweepBuy'), limit('Buy', ask + USD, 500_000));
        else call(at, r('sweepSell'), limit('Sell', bid - USD, 500_000, 'IOC'));
        call(at, r('fok'), limit(k % 2 === 0 ? 'Sell' : 'Buy', k % 2 === 0 ? bid : ask, 10_000, 'FOK'));
      },
    });
    actions.push({
      at: t0 + 6_000,
      run: ({ ask, at, call }) => {
        call(at, r('postTake'), limit('Buy', ask, 10_000, 'PostOnly'));
        call(at, r('postRest'), limit('Sell', ask + 1, 10_000, 'PostOnly'));
      },
    });
    actions.push({
      at: t0 + 8_000,
      run: ({ last, at, call }) => {
        const base = { symbol: SPEC.symbol, qty: qty(10_000) };
        if (k % 2 === 0) {
          call(at, r('stop'), { ...base, side: 'Sell', orderType: 'Market', planType: PLAN.CONDITIONAL, triggerPrice: price(last - 10 * USD) });
          call(at, r('stopLimit'), { ...base, side: 'Buy', orderType: 'Limit', planType: PLAN.STOP_LIMIT, triggerPrice: price(last + 10 * USD), price: price(last + 15 * USD) });
          call(at, r('tpsl'), { ...base, side: 'Sell', orderType: 'Market', planType: PLAN.TPSL, triggerPrice: price(last + 8 * USD) });
        } else {
          call(at, r('trailSell'), { ...base, side: 'Sell', orderType: 'Market', planType: PLAN.TRAILING_STOP, trailingValue: '5' });
          call(at, r('trailBuy'), { symbol: SPEC.symbol, qty: '300', side: 'Buy', orderType: 'Market', planType: PLAN.TRAILING_STOP, activationPrice: price(last - 5 * USD), trailingValue: '3' });
        }
        if (k % 3 === 0) {
          call(at, r('oco'), {
            ...base, side: 'Sell', orderType: 'Limit',
            oco: { takeProfit: { triggerPrice: price(last + 10 * USD), orderType: 'Limit', price: price(last + 10 * USD) }, stopLoss: { triggerPrice: price(last - 10 * USD), orderType: 'Market' } },
          });
        }
      },
    });
    actions.push({
      at: t0 + 12_000,
      run: ({ ask, at, ex, roles, audit }) => {
        // Re-price the ask that joined the queue to the touch now (back of that queue); drop the bid below.
        audit.context = { kind: 'call', at };
        const askQueue = roles.get(r('askQueue'));
        if (askQueue) ex.modify(USER, { orderId: askQueue, price: price(ask) }, at);
        const below = roles.get(r('bidBelow'));
        if (below) ex.cancel(USER, { orderId: below }, at);
      },
    });
  }
  return actions;
}
