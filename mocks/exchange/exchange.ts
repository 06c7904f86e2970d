import { fromUnits } from '../../src/domain/units';
import type { InstrumentSpec, MarketEvent } from '../market/types';
import { baseOf, mulDiv, valueOf, type Amount } from './amount';
import { ERR, exchangeError, type ExchangeError } from './errors';
import type { Instrument } from './instruments';
import { Ledger } from './ledger';
import { blankOrder, lockNeed, lockToken, orderIdOf, planReference, tradeIdOf } from './orders';
import { becomesTrailingProfit, directionFor, isTrailing, locksWhenPlaced, trailStep, triggerReached } from './plans';
import { probabilisticQueue, riskAverseQueue, type QueueModel } from './queueModel';
import { SymbolBook } from './symbolBook';
import {
  FINAL_STATUSES, PLAN, type AccountSettings, type BalanceLine, type CancelAllRequest, type CancelRequest, type ExchangeEvent, type Fill,
  type ModifyRequest, type Order, type OrderRequest, type OrderStatus, type Result,
} from './types';
import { accountRefusal, draftOrder, parsePrice, parseQty, priceBand, type Draft } from './validate';

export interface ExchangeOptions {
  instruments: readonly Instrument[];
  /** fees in parts per million of the traded amount; REFERENCE.md: 0.1 % maker and taker */
  makerFeePpm?: number;
  takerFeePpm?: number;
  /** constant order-entry latency on the virtual clock: a new order meets the book this much later */
  latencyMs?: number;
  queue?: { kind: 'riskAverse' } | { kind: 'probabilistic'; seed: number; power?: number };
  /** REFERENCE.md: 500 open orders per account; 30 TP/SL and 30 conditional per symbol */
  maxOpenOrders?: number;
  maxPlansPerSymbol?: number;
  /** finished orders and fills kept per user for the history calls */
  historyLimit?: number;
  startTime?: number;
}

type Listener = (event: ExchangeEvent) => void;
const PPM = 1_000_000n;
const DAY_MS = 86_400_000;

const ok = <T>(value: T): Result<T> => ({ ok: true, value });
const refuse = (error: ExchangeError): { ok: false; error: ExchangeError } => ({ ok: false, error });

/**
 * The simulated exchange: accounts, balances and locks, every order type, and
 * a fill model against the replayed market (REFERENCE.md, "How the best
 * replay and backtest tools work"). Pure and synchronous: market events and
 * calls carry their exchange time, nothing reads a clock, so the same
 * sessions, seed and calls always give the same events.
 */
export class Exchange {
  readonly ledger = new Ledger();
  private readonly instruments = new Map<string, Instrument>();
  private readonly books = new Map<string, SymbolBook>();
  private readonly accounts = new Map<string, AccountSettings>();
  private readonly orders = new Map<string, Order>();
  private readonly openIds = new Map<string, Set<string>>();
  private readonly plans = new Map<string, Order[]>();
  private readonly resting = new Set<string>();
  private readonly finished = new Map<string, string[]>();
  private readonly fillLog = new Map<string, Fill[]>();
  private readonly clientIds = new Map<string, string>();
  private readonly quotaUsed = new Map<string, Amount>();
  private pending: Array<{ due: number; orderId: string }> = [];
  private readonly listeners = new Set<Listener>();
  private readonly touched = new Map<string, Order>();
  private readonly queue: QueueModel;
  private readonly makerFee: bigint;
  private readonly takerFee: bigint;
  private readonly latency: number;
  private readonly maxOpen: number;
  private readonly maxPlans: number;
  private readonly historyLimit: number;
  private time: number;
  private orderSeq = 0;
  private tradeSeq = 0;
  private acceptSeq = 0;

  constructor(readonly options: ExchangeOptions) {
    for (const inst of options.instruments) {
      this.instruments.set(inst.symbol, inst);
      this.books.set(inst.symbol, new SymbolBook(inst.symbol));
    }
    const q = options.queue ?? { kind: 'riskAverse' };
    this.queue = q.kind === 'probabilistic' ? probabilisticQueue(q) : riskAverseQueue;
    this.makerFee = BigInt(options.makerFeePpm ?? 1000);
    this.takerFee = BigInt(options.takerFeePpm ?? 1000);
    this.latency = options.latencyMs ?? 0;
    this.maxOpen = options.maxOpenOrders ?? 500;
    this.maxPlans = options.maxPlansPerSymbol ?? 30;
    this.historyLimit = options.historyLimit ?? 10_000;
    this.time = options.startTime ?? 0;
  }

  // ---- set-up ---------------------------------------------------------------

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Declares the units a session's events use. Session steps must be whole
   * multiples of the instrument's (a recording in 0.01 ticks replays on a
   * 0.01 or 0.001 instrument, never on a 0.05 one).
   */
  attachSession(symbols: readonly InstrumentSpec[]): void {
    for (const spec of symbols) {
      const inst = this.instruments.get(spec.symbol);
      const book = this.books.get(spec.symbol);
      if (!inst || !book) continue;
      book.setFactors(stepFactor(spec.tick, inst.tick, spec.symbol), stepFactor(spec.lot, inst.lot, spec.symbol));
    }
  }

  addAccount(settings: AccountSettings, balances: Record<string, Amount> = {}): void {
    this.accounts.set(settings.userId, { ...settings });
    for (const [token, amount] of Object.entries(balances)) this.ledger.set(settings.userId, token, amount, this.ledger.line(settings.userId, token).locked);
    this.flush();
  }

  updateAccount(userId: string, change: Partial<Omit<AccountSettings, 'userId'>>): void {
    const account = this.accounts.get(userId);
    if (account) Object.assign(account, change);
  }

  account(userId: string): Readonly<AccountSettings> | undefined {
    return this.accounts.get(userId);
  }

  /** Adds to a free balance (demo top-up, deposits). */
  credit(userId: string, token: string, amount: Amount): void {
    this.ledger.credit(userId, token, amount);
    this.flush();
  }

  instrument(symbol: string): Instrument | undefined {
    return this.instruments.get(symbol);
  }

  // ---- market ---------------------------------------------------------------

  /** One replayed event at exchange time `at` (session units; see attachSession). */
  onMarket(event: MarketEvent, at: number): void {
    this.advanceClock(at);
    const book = this.books.get(event.msg.s);
    if (book) {
      switch (event.ch) {
        case 'book':
          book.apply(event.msg, this.queue);
          book.crossOwn(this.restingFill);
          break;
        case 'snapshot':
          book.replace(event.msg, this.queue);
          book.crossOwn(this.restingFill);
          break;
        case 'gap':
          book.gap();
          break;
        case 'trade': {
          const price = book.toPrice(event.msg.p);
          book.trade(price, book.toQty(event.msg.q), event.msg.m, this.restingFill);
          this.checkPlans(event.msg.s, price);
          break;
        }
      }
    }
    this.flush();
  }

  /** Moves the exchange clock (accepting orders whose entry latency passed). */
  advance(now: number): void {
    this.advanceClock(now);
    this.flush();
  }

  now(): number {
    return this.time;
  }

  /**
   * Sets the clock outright, also backwards (a replay seeking back in time);
   * orders waiting out their latency then arrive the latency after it.
   */
  resetClock(now: number): void {
    this.time = now;
    for (const entry of this.pending) entry.due = Math.min(entry.due, now + this.latency);
  }

  /**
   * Accepts every order still waiting out its entry latency, now. For a
   * replay that is paused: its clock stands still, so the latency would never
   * pass and an order sent then would hang.
   */
  acceptWaiting(): void {
    if (this.pending.length === 0) return;
    const waiting = this.pending;
    this.pending = [];
    for (const { orderId } of waiting) {
      const order = this.orders.get(orderId);
      if (order && !FINAL_STATUSES.has(order.status)) this.accept(order);
    }
    this.flush();
  }

  private advanceClock(now: number): void {
    if (now > this.time) this.time = now;
    if (this.pending.length === 0) return;
    let i = 0;
    while (i < this.pending.length && this.pending[i]!.due <= this.time) {
      const order = this.orders.get(this.pending[i]!.orderId);
      i += 1;
      if (order && !FINAL_STATUSES.has(order.status)) this.accept(order);
    }
    if (i > 0) this.pending = this.pending.slice(i);
  }

  // ---- calls ----------------------------------------------------------------

  create(userId: string, req: OrderRequest, now: number): Result<Order> {
    this.advanceClock(now);
    const result = this.createOrder(userId, req);
    this.flush();
    return result;
  }

  private createOrder(userId: string, req: OrderRequest): Result<Order> {
    const account = this.accounts.get(userId);
    const refusal = accountRefusal(account);
    if (refusal) return refuse(refusal);
    const clientKey = req.clientOrderId ? `${userId}\u0000${req.clientOrderId}` : null;
    if (clientKey) {
      // Idempotent: the same client id answers with the order it created, never a second order.
      const first = this.clientIds.get(clientKey);
      const order = first ? this.orders.get(first) : undefined;
      if (order) return ok({ ...order });
    }
    const inst = typeof req.symbol === 'string' ? this.instruments.get(req.symbol) : undefined;
    if (!inst) return refuse(exchangeError(ERR.SYMBOL));
    const book = this.books.get(inst.symbol)!;
    const reference = this.referencePrice(book);
    const drafted = draftOrder(req, { inst, account: account!, reference, now: this.time });
    if (!drafted.ok) return drafted;
    const draft = drafted.value;
    const capRefusal = this.capRefusal(userId, draft);
    if (capRefusal) return refuse(capRefusal);
    const quotaRefusal = this.quotaRefusal(userId, inst, draft);
    if (quotaRefusal) return refuse(quotaRefusal);

    const orders = this.buildOrders(userId, req.clientOrderId, draft, reference ?? 0);
    const holder = orders[0]!;
    if (draft.planType === PLAN.ORDINARY || locksWhenPlaced(draft.planType)) {
      const need = this.lockFor(inst, holder, reference ?? 0, orders);
      if (!this.ledger.lock(userId, lockToken(inst, holder), need)) return refuse(exchangeError(ERR.BALANCE));
      holder.locked = need;
    }
    this.orderSeq += orders.length;
    for (const order of orders) this.register(order);

    if (draft.planType === PLAN.ORDINARY) {
      if (this.latency > 0) this.pending.push({ due: this.time + this.latency, orderId: holder.orderId });
      else this.accept(holder);
    } else {
      for (const order of orders) {
        order.status = 'Untriggered';
        this.addPlan(order);
        this.touch(order);
      }
    }
    return ok({ ...holder });
  }

  private buildOrders(userId: string, clientOrderId: string | undefined, draft: Draft, reference: number): Order[] {
    const make = (n: number): Order => {
      const orderId = orderIdOf(this.orderSeq + n);
      const order = blankOrder({ orderId, clientOrderId: clientOrderId || `c${orderId}`, userId, symbol: draft.symbol, side: draft.side, createdAt: this.time });
      order.orderType = draft.orderType;
      order.timeInForce = draft.timeInForce;
      order.planType = draft.planType;
      order.price = draft.price;
      order.qty = draft.qty;
      order.marketUnit = draft.marketUnit;
      order.quoteQty = draft.quoteQty;
      order.slippage = draft.slippage;
      order.triggerPrice = draft.triggerPrice;
      order.activationPrice = draft.activationPrice;
      order.trailingValue = draft.trailingValue;
      order.trailingBps = draft.trailingBps;
      return order;
    };
    if (draft.oco) {
      const tp = make(1);
      const sl = make(2);
      sl.clientOrderId = `${tp.clientOrderId}-sl`;
      for (const [leg, role, sibling] of [[tp, 'takeProfit', sl], [sl, 'stopLoss', tp]] as const) {
        const spec = draft.oco[role];
        leg.ocoRole = role;
        leg.ocoSibling = sibling.orderId;
        leg.orderType = spec.orderType;
        leg.timeInForce = spec.orderType === 'Market' ? 'IOC' : 'GTC';
        leg.price = spec.price;
        leg.triggerPrice = spec.triggerPrice;
        leg.triggerDirection = directionFor(spec.triggerPrice, reference);
      }
      return [tp, sl];
    }
    const order = make(1);
    if (isTrailing(order)) {
      order.triggerDirection = order.activationPrice ? directionFor(order.activationPrice, reference) : null;
      if (!order.activationPrice) {
        order.trailActive = true;
        order.trailExtreme = reference;
      }
    } else if (order.planType !== PLAN.ORDINARY) {
      order.triggerDirection = directionFor(order.triggerPrice, reference);
    }
    return [order];
  }

  /** Lock for a new order; an OCO pair locks once, the larger of its two legs' needs, on its first leg. */
  private lockFor(inst: Instrument, order: Order, reference: number, legs: Order[]): Amount {
    let need = 0n;
    for (const leg of legs) {
      const n = lockNeed(inst, leg, leg.planType === PLAN.ORDINARY ? reference : planReference(leg, reference));
      if (n > need) need = n;
    }
    return legs.length > 1 ? need : lockNeed(inst, order, order.planType === PLAN.ORDINARY ? reference : planReference(order, reference));
  }

  private capRefusal(userId: string, draft: Draft): ExchangeError | null {
    const open = this.openIds.get(userId);
    const adding = draft.oco ? 2 : 1;
    if ((open?.size ?? 0) + adding > this.maxOpen) return exchangeError(ERR.TOO_MANY_ORDERS);
    if (draft.planType === PLAN.ORDINARY || !open) return null;
    const family = (planType: number) => (planType === PLAN.TPSL ? 'tpsl' : 'conditional');
    let same = 0;
    for (const id of open) {
      const o = this.orders.get(id)!;
      if (o.symbol === draft.symbol && o.planType !== PLAN.ORDINARY && family(o.planType) === family(draft.planType)) same += 1;
    }
    return same + adding > this.maxPlans ? exchangeError(ERR.TOO_MANY_ORDERS) : null;
  }

  private quotaKey(userId: string, symbol: string): string {
    return `${userId}|${symbol}|${Math.floor(this.time / DAY_MS)}`;
  }

  private quotaRefusal(userId: string, inst: Instrument, draft: Draft): ExchangeError | null {
    const quota = inst.rules.dailyBuyQuota;
    if (quota === null || draft.side !== 'Buy') return null;
    // Open buys on the pair hold their share of the quota, so resting bids cannot buy past it together.
    let left = quota - (this.quotaUsed.get(this.quotaKey(userId, inst.symbol)) ?? 0n);
    for (const id of this.openIds.get(userId) ?? []) {
      const o = this.orders.get(id)!;
      if (o.symbol === inst.symbol && o.side === 'Buy') left -= o.orderType === 'Limit' ? valueOf(inst.scale, o.price, o.qty - o.executedQty) : o.quoteQty - o.executedValue;
    }
    return draft.value > left ? exchangeError(ERR.INNOVATION_QUOTA, String(left > 0n ? left / 10n ** 18n : 0n)) : null;
  }

  cancel(userId: string, req: CancelRequest, now: number): Result<Order> {
    this.advanceClock(now);
    const result = this.cancelOrder(userId, req);
    this.flush();
    return result;
  }

  private cancelOrder(userId: string, req: CancelRequest): Result<Order> {
    if (this.accounts.get(userId)?.liquidation) return refuse(exchangeError(ERR.LIQUIDATION));
    const order = this.find(userId, req);
    if (!order) return refuse(exchangeError(ERR.ORDER_NOT_FOUND));
    if (FINAL_STATUSES.has(order.status)) return refuse(exchangeError(ERR.ORDER_FINISHED));
    this.cancelOpen(order);
    return ok({ ...order });
  }

  private cancelOpen(order: Order): void {
    if (order.planType === PLAN.ORDINARY) {
      this.finish(order, order.executedQty > 0 ? 'PartiallyFilledCanceled' : 'Cancelled');
      return;
    }
    // A plan cancelled before it triggered is Deactivated; an OCO goes with both legs.
    const sibling = order.ocoSibling ? this.orders.get(order.ocoSibling) : undefined;
    this.finish(order, 'Deactivated');
    if (sibling && !FINAL_STATUSES.has(sibling.status)) this.finish(sibling, 'Deactivated');
  }

  /** Cancels every open order of the user that matches: ordinary ones, or plan ones (of some plan types). */
  cancelAll(userId: string, req: CancelAllRequest, now: number): Result<Order[]> {
    this.advanceClock(now);
    if (this.accounts.get(userId)?.liquidation) return refuse(exchangeError(ERR.LIQUIDATION));
    const symbols = req.symbols && req.symbols.length > 0 ? new Set(req.symbols) : null;
    const plan = req.kind === 'plan';
    const types = req.planTypes && req.planTypes.length > 0 ? new Set<number>(req.planTypes) : null;
    // A trailing stop turns into a trailing profit order as it activates: one family for cancelling.
    if (types?.has(PLAN.TRAILING_STOP) || types?.has(PLAN.TRAILING_PROFIT)) {
      types.add(PLAN.TRAILING_STOP);
      types.add(PLAN.TRAILING_PROFIT);
    }
    const done: Order[] = [];
    for (const id of [...(this.openIds.get(userId) ?? [])]) {
      const order = this.orders.get(id)!;
      if (FINAL_STATUSES.has(order.status)) continue;
      if (symbols && !symbols.has(order.symbol)) continue;
      if (plan !== (order.planType !== PLAN.ORDINARY)) continue;
      if (types && !types.has(order.planType)) continue;
      this.cancelOpen(order);
      done.push({ ...order });
    }
    this.flush();
    return ok(done);
  }

  modify(userId: string, req: ModifyRequest, now: number): Result<Order> {
    this.advanceClock(now);
    const result = this.modifyOrder(userId, req);
    this.flush();
    return result;
  }

  private modifyOrder(userId: string, req: ModifyRequest): Result<Order> {
    if (this.accounts.get(userId)?.liquidation) return refuse(exchangeError(ERR.LIQUIDATION));
    const order = this.find(userId, req);
    if (!order) return refuse(exchangeError(ERR.ORDER_NOT_FOUND));
    if (FINAL_STATUSES.has(order.status)) return refuse(exchangeError(ERR.ORDER_FINISHED));
    const inst = this.instruments.get(order.symbol)!;
    if (order.orderType === 'Market' && order.planType === PLAN.ORDINARY) return refuse(exchangeError(ERR.MODIFY_NOT_SUPPORTED));
    const next = { ...order };
    if (req.qty !== undefined) {
      if (order.orderType === 'Market' && order.marketUnit === 'quoteCoin') return refuse(exchangeError(ERR.MODIFY_NOT_SUPPORTED));
      const q = parseQty(inst, req.qty);
      if (!q.ok) return q;
      if (q.value < order.executedQty) return refuse(exchangeError(ERR.MODIFY_QTY));
      next.qty = q.value;
    }
    if (req.price !== undefined && next.orderType === 'Limit') {
      const p = parsePrice(inst, req.price, 'price');
      if (!p.ok) return p;
      next.price = p.value;
    }
    const book = this.books.get(order.symbol)!;
    const reference = this.referencePrice(book) ?? next.price;
    if (order.planType !== PLAN.ORDINARY) {
      const planned = this.modifyPlanFields(inst, next, req, reference);
      if (!planned.ok) return planned;
    } else if (next.price !== order.price) {
      const [low, high] = priceBand(inst, reference);
      if (next.side === 'Buy' && next.price > high) return refuse(exchangeError(ERR.BUY_PRICE_BAND, fromUnits(high, inst.tick)));
      if (next.side === 'Sell' && next.price < low) return refuse(exchangeError(ERR.SELL_PRICE_BAND, fromUnits(low, inst.tick)));
    }
    if (next.qty === order.qty && next.price === order.price && next.triggerPrice === order.triggerPrice
      && next.activationPrice === order.activationPrice && next.trailingValue === order.trailingValue && next.trailingBps === order.trailingBps) {
      return refuse(exchangeError(ERR.PARAM, 'nothing to modify'));
    }
    // A post-only order is not moved across the book (that would make it take); the amend is refused instead.
    if (order.timeInForce === 'PostOnly' && next.price !== order.price) {
      const best = book.bestAvailable(order.side);
      if (best !== undefined && (order.side === 'Buy' ? best <= next.price : best >= next.price)) return refuse(exchangeError(ERR.POST_ONLY));
    }
    const value = valueOf(inst.scale, next.price || next.triggerPrice || reference, next.qty);
    if (next.qty > next.executedQty && next.marketUnit === 'baseCoin' && value < inst.minAmount) return refuse(exchangeError(ERR.VALUE_TOO_LOW));

    // Re-lock for the new size or price; an OCO's lock sits on the leg that holds it.
    const holder = order.ocoSibling && order.locked === 0n ? this.orders.get(order.ocoSibling)! : order;
    const holdsLock = order.planType === PLAN.ORDINARY || locksWhenPlaced(order.planType);
    if (holdsLock) {
      const legs = order.ocoSibling ? [next, { ...this.orders.get(order.ocoSibling)!, qty: next.qty }] : [next];
      const need = this.lockFor(inst, next, reference, legs);
      const token = lockToken(inst, order);
      if (need > holder.locked && !this.ledger.lock(userId, token, need - holder.locked)) return refuse(exchangeError(ERR.BALANCE));
      if (need < holder.locked) this.ledger.unlock(userId, token, holder.locked - need);
      holder.locked = need;
    }
    const wasResting = this.resting.has(order.orderId);
    if (wasResting) this.unrest(order);
    const keepsPlace = next.price === order.price && next.qty <= order.qty;
    Object.assign(order, { qty: next.qty, price: next.price, triggerPrice: next.triggerPrice, triggerDirection: next.triggerDirection,
      activationPrice: next.activationPrice, trailingValue: next.trailingValue, trailingBps: next.trailingBps, updatedAt: this.time });
    if (order.ocoSibling) {
      const sibling = this.orders.get(order.ocoSibling)!;
      sibling.qty = order.qty;
      this.touch(sibling);
    }
    this.touch(order);
    if (order.planType === PLAN.ORDINARY && order.executedQty >= order.qty) {
      this.finish(order, 'Filled');
    } else if (wasResting) {
      if (keepsPlace) {
        book.restWithQueue(order);
        this.resting.add(order.orderId);
      } else {
        // A new price or a larger size goes to the back of the queue, and may take liquidity first.
        order.seq = ++this.acceptSeq;
        this.executeLimit(order);
      }
    }
    return ok({ ...order });
  }

  private modifyPlanFields(inst: Instrument, next: Order, req: ModifyRequest, reference: number): Result<true> {
    if (req.triggerPrice !== undefined && !isTrailing(next)) {
      const t = parsePrice(inst, req.triggerPrice, 'triggerPrice');
      if (!t.ok) return t;
      next.triggerPrice = t.value;
      next.triggerDirection = directionFor(t.value, reference);
      if (next.ocoRole) {
        // An OCO leg keeps its side of the market: a sell takes profit above and stops the loss below, a buy the reverse.
        const above = (next.side === 'Sell') === (next.ocoRole === 'takeProfit');
        if (above ? t.value <= reference : t.value >= reference) return refuse(exchangeError(ERR.PARAM, `${next.ocoRole}.triggerPrice`));
      }
    }
    if (isTrailing(next)) {
      if (req.activationPrice !== undefined && !next.trailActive) {
        const a = parsePrice(inst, req.activationPrice, 'activationPrice');
        if (!a.ok) return a;
        next.activationPrice = a.value;
        next.triggerDirection = directionFor(a.value, reference);
      }
      if (req.trailingValue !== undefined) {
        const v = parsePrice(inst, req.trailingValue, 'trailingValue');
        if (!v.ok) return v;
        next.trailingValue = v.value;
        next.trailingBps = 0;
      } else if (req.trailingPercentage !== undefined) {
        const pct = Number(req.trailingPercentage);
        if (!/^\d+(\.\d{1,2})?$/.test(req.trailingPercentage) || pct < 0.1 || pct > 20) return refuse(exchangeError(ERR.PARAM, 'trailingPercentage'));
        next.trailingBps = Math.round(pct * 100);
        next.trailingValue = 0;
      }
    }
    if (next.orderType === 'Limit' && next.triggerPrice > 0) {
      if (next.side === 'Buy' && next.price * 10 > next.triggerPrice * 11) return refuse(exchangeError(ERR.PLAN_PRICE, fromUnits(next.triggerPrice, inst.tick)));
      if (next.side === 'Sell' && next.price * 10 < next.triggerPrice * 9) return refuse(exchangeError(ERR.PLAN_PRICE, fromUnits(next.triggerPrice, inst.tick)));
    }
    return ok(true);
  }

  // ---- matching -------------------------------------------------------------

  /** An ordinary order meets the book (after its entry latency). */
  private accept(order: Order): void {
    order.seq = ++this.acceptSeq;
    order.updatedAt = this.time;
    this.touch(order);
    if (order.orderType === 'Market') this.executeMarket(order);
    else this.executeLimit(order);
  }

  private executeLimit(order: Order): void {
    const book = this.books.get(order.symbol)!;
    const best = book.bestAvailable(order.side);
    const crosses = best !== undefined && (order.side === 'Buy' ? best <= order.price : best >= order.price);
    if (order.timeInForce === 'PostOnly' && crosses) {
      this.finish(order, 'Cancelled', exchangeError(ERR.POST_ONLY));
      return;
    }
    const wanted = order.qty - order.executedQty;
    if (order.timeInForce === 'FOK' && book.walk(order.side, order.price, wanted, null, noop, true) < wanted) {
      this.finish(order, 'Cancelled');
      return;
    }
    if (crosses) book.walk(order.side, order.price, wanted, null, (price, lots) => this.settle(order, price, lots, false));
    if (order.executedQty >= order.qty) {
      this.finish(order, 'Filled');
    } else if (order.timeInForce === 'IOC' || order.timeInForce === 'FOK') {
      this.finish(order, order.executedQty > 0 ? 'PartiallyFilledCanceled' : 'Cancelled');
    } else {
      order.status = order.executedQty > 0 ? 'PartiallyFilled' : 'New';
      book.rest(order);
      this.resting.add(order.orderId);
    }
  }

  /**
   * A market order walks the recorded book (consuming what it takes) down to
   * the most restrictive of the price band and its slippage cap; what cannot
   * fill there is cancelled.
   */
  private executeMarket(order: Order): void {
    const inst = this.instruments.get(order.symbol)!;
    const book = this.books.get(order.symbol)!;
    const best = book.bestAvailable(order.side);
    if (best === undefined) {
      this.finish(order, 'Cancelled', exchangeError(ERR.NO_LIQUIDITY));
      return;
    }
    const limit = this.marketLimit(inst, order, best, this.referencePrice(book) ?? best);
    const buy = order.side === 'Buy';
    const byValue = order.marketUnit === 'quoteCoin';
    const unit = inst.scale.valueUnit;
    // Budgets in lots and in tick×lot value units: what was asked for, and never more than the lock pays for.
    const maxLots = byValue ? (buy ? Number.MAX_SAFE_INTEGER : Number(order.locked / inst.scale.lotAmount)) : order.qty - order.executedQty;
    const lockedValue = buy ? Number(order.locked / unit) : null;
    const askedValue = byValue ? Number((order.quoteQty - order.executedValue) / unit) : null;
    const maxValue = lockedValue === null ? askedValue : askedValue === null ? lockedValue : Math.min(lockedValue, askedValue);
    let lastPrice = best;
    book.walk(order.side, limit, maxLots, maxValue, (price, lots) => {
      lastPrice = price;
      this.settle(order, price, lots, false);
    });
    if (byValue) order.qty = order.executedQty;
    // By value, an order is done when what is left buys less than one more lot, or when liquidity was left but the value was not.
    const complete = byValue
      ? order.executedQty > 0 && (order.quoteQty - order.executedValue < valueOf(inst.scale, lastPrice, 1) || book.walk(order.side, limit, 1, null, noop, true) > 0)
      : order.executedQty >= order.qty;
    if (complete) this.finish(order, 'Filled');
    else this.finish(order, order.executedQty > 0 ? 'PartiallyFilledCanceled' : 'Cancelled', order.executedQty > 0 ? null : exchangeError(ERR.NO_LIQUIDITY));
  }

  private marketLimit(inst: Instrument, order: Order, best: number, reference: number): number {
    const [low, high] = priceBand(inst, reference);
    const buy = order.side === 'Buy';
    let limit = buy ? high : low;
    const s = order.slippage;
    if (s) {
      const cap = s.kind === 'ticks'
        ? (buy ? best + s.value : best - s.value)
        : (buy ? Math.floor(best * (1 + Number(s.value) / 100)) : Math.ceil(best * (1 - Number(s.value) / 100)));
      limit = buy ? Math.min(limit, cap) : Math.max(limit, cap);
    }
    return limit;
  }

  /** Fills of resting orders found by the book (recorded trades, a book crossing them). */
  private readonly restingFill = (order: Order, price: number, lots: number, isMaker: boolean): void => {
    this.settle(order, price, lots, isMaker);
  };

  /** Settles one fill: pays from the lock, credits the other token less the fee, releases what a better price saved. */
  private settle(order: Order, price: number, lots: number, isMaker: boolean): void {
    if (lots <= 0) return;
    const inst = this.instruments.get(order.symbol)!;
    const book = this.books.get(order.symbol)!;
    const isResting = this.resting.has(order.orderId);
    if (isResting) book.noteOwnFill(order, lots);
    const value = valueOf(inst.scale, price, lots);
    const base = baseOf(inst.scale, lots);
    const rate = isMaker ? this.makerFee : this.takerFee;
    let fee: Amount;
    if (order.side === 'Buy') {
      this.ledger.spendLocked(order.userId, inst.quote, value);
      order.locked -= value;
      fee = mulDiv(base, rate, PPM);
      this.ledger.credit(order.userId, inst.base, base - fee);
      const q = inst.rules.dailyBuyQuota === null ? null : this.quotaKey(order.userId, inst.symbol);
      if (q) this.quotaUsed.set(q, (this.quotaUsed.get(q) ?? 0n) + value);
    } else {
      this.ledger.spendLocked(order.userId, inst.base, base);
      order.locked -= base;
      fee = mulDiv(value, rate, PPM);
      this.ledger.credit(order.userId, inst.quote, value - fee);
    }
    order.executedQty += lots;
    order.executedValue += value;
    order.fee += fee;
    order.updatedAt = this.time;
    if (order.side === 'Buy' && order.orderType === 'Limit') {
      // A buy filled below its limit holds more than its rest needs.
      const need = valueOf(inst.scale, order.price, order.qty - order.executedQty);
      if (order.locked > need) {
        this.ledger.unlock(order.userId, inst.quote, order.locked - need);
        order.locked = need;
      }
    }
    const fill: Fill = {
      tradeId: tradeIdOf(++this.tradeSeq), orderId: order.orderId, userId: order.userId, symbol: order.symbol, side: order.side,
      price, qty: lots, value, fee, feeToken: order.side === 'Buy' ? inst.base : inst.quote, isMaker, time: this.time,
    };
    this.logFill(fill);
    this.emit({ type: 'fill', fill });
    this.emit({ type: 'trade', symbol: order.symbol, id: this.tradeSeq, price, qty: lots, buyerIsTaker: (order.side === 'Buy') !== isMaker, time: this.time });
    this.touch(order);
    if (isResting) {
      if (order.executedQty >= order.qty) this.finish(order, 'Filled');
      else order.status = 'PartiallyFilled';
    }
  }

  // ---- plan orders ----------------------------------------------------------

  private addPlan(order: Order): void {
    let list = this.plans.get(order.symbol);
    if (!list) {
      list = [];
      this.plans.set(order.symbol, list);
    }
    list.push(order);
  }

  /** Stops, TP/SL, OCO legs and trailing orders against the last trade price. */
  private checkPlans(symbol: string, last: number): void {
    const list = this.plans.get(symbol);
    if (!list || list.length === 0) return;
    for (const order of [...list]) {
      if (order.status !== 'Untriggered') continue;
      if (isTrailing(order)) {
        const step = trailStep(order, last);
        if (step === 'activated' || step === 'fire') {
          if (becomesTrailingProfit(order)) order.planType = PLAN.TRAILING_PROFIT;
          this.touch(order);
        }
        if (step === 'fire') this.trigger(order);
      } else if (triggerReached(order, last)) {
        this.trigger(order);
      }
    }
  }

  /** A plan fires: it becomes Triggered and places its ordinary order, which meets the book at once. */
  private trigger(plan: Order): void {
    const inst = this.instruments.get(plan.symbol)!;
    const sibling = plan.ocoSibling ? this.orders.get(plan.ocoSibling) : undefined;
    if (sibling) {
      // The pair's lock moves to the leg that fired; the other leg is cancelled.
      plan.locked += sibling.locked;
      sibling.locked = 0n;
      this.finish(sibling, 'Deactivated');
    }
    const child = blankOrder({
      orderId: orderIdOf(++this.orderSeq), clientOrderId: `${plan.clientOrderId}-t`, userId: plan.userId, symbol: plan.symbol, side: plan.side, createdAt: this.time,
    });
    child.orderType = plan.orderType;
    child.timeInForce = plan.orderType === 'Market' ? 'IOC' : 'GTC';
    child.price = plan.orderType === 'Limit' ? plan.price : 0;
    child.qty = plan.qty;
    child.marketUnit = plan.marketUnit;
    child.quoteQty = plan.quoteQty;
    child.slippage = plan.slippage;
    child.parentOrderId = plan.orderId;
    const token = lockToken(inst, plan);
    if (locksWhenPlaced(plan.planType)) {
      // The child holds what it needs; an OCO pair's larger lock, or a band estimate, gives back the rest at once.
      const need = lockNeed(inst, child, this.referencePrice(this.books.get(plan.symbol)!) ?? plan.triggerPrice);
      if (need < plan.locked) {
        this.ledger.unlock(plan.userId, token, plan.locked - need);
        child.locked = need;
      } else if (need > plan.locked && this.ledger.lock(plan.userId, token, need - plan.locked)) {
        child.locked = need;
      } else {
        // A market child short of its estimate spends what it holds; its fills stop there.
        child.locked = plan.locked;
      }
      plan.locked = 0n;
    } else {
      const need = lockNeed(inst, child, this.referencePrice(this.books.get(plan.symbol)!) ?? plan.triggerPrice);
      if (!this.ledger.lock(plan.userId, token, need)) {
        this.finish(plan, 'Rejected', exchangeError(ERR.BALANCE));
        return;
      }
      child.locked = need;
    }
    plan.childOrderId = child.orderId;
    this.finish(plan, 'Triggered');
    this.register(child);
    this.accept(child);
  }

  // ---- bookkeeping ----------------------------------------------------------

  private register(order: Order): void {
    this.orders.set(order.orderId, order);
    // Generated client ids are found like chosen ones (cancel and modify by the id the exchange reported).
    const clientKey = `${order.userId}\u0000${order.clientOrderId}`;
    if (!this.clientIds.has(clientKey)) this.clientIds.set(clientKey, order.orderId);
    let open = this.openIds.get(order.userId);
    if (!open) {
      open = new Set();
      this.openIds.set(order.userId, open);
    }
    open.add(order.orderId);
  }

  private unrest(order: Order): void {
    if (!this.resting.delete(order.orderId)) return;
    this.books.get(order.symbol)!.unrest(order);
  }

  /** Ends an order: final status, lock released, off the book and the plan list, into history. */
  private finish(order: Order, status: OrderStatus, reason: ExchangeError | null = null): void {
    this.unrest(order);
    order.status = status;
    order.reason = reason;
    order.updatedAt = this.time;
    if (order.locked > 0n) {
      this.ledger.unlock(order.userId, lockToken(this.instruments.get(order.symbol)!, order), order.locked);
      order.locked = 0n;
    }
    if (order.planType !== PLAN.ORDINARY) {
      const list = this.plans.get(order.symbol);
      const at = list ? list.indexOf(order) : -1;
      if (at >= 0) list!.splice(at, 1);
    }
    this.openIds.get(order.userId)?.delete(order.orderId);
    let done = this.finished.get(order.userId);
    if (!done) {
      done = [];
      this.finished.set(order.userId, done);
    }
    done.push(order.orderId);
    // Trim in batches: a shift per order would move the whole history each time.
    if (done.length > this.historyLimit * 2) {
      for (const id of done.splice(0, done.length - this.historyLimit)) {
        const old = this.orders.get(id);
        if (!old) continue;
        this.orders.delete(id);
        this.clientIds.delete(`${old.userId}\u0000${old.clientOrderId}`);
      }
    }
    this.touch(order);
  }

  private logFill(fill: Fill): void {
    let log = this.fillLog.get(fill.userId);
    if (!log) {
      log = [];
      this.fillLog.set(fill.userId, log);
    }
    log.push(fill);
    if (log.length > this.historyLimit * 2) log.splice(0, log.length - this.historyLimit);
  }

  private touch(order: Order): void {
    this.touched.set(order.orderId, order);
  }

  private emit(event: ExchangeEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  /** One order event per changed order and one balance event per changed line, after each call or market event. */
  private flush(): void {
    if (this.touched.size > 0) {
      const orders = [...this.touched.values()];
      this.touched.clear();
      for (const order of orders) this.emit({ type: 'order', order: { ...order }, time: this.time });
    }
    for (const { userId, line } of this.ledger.takeDirty()) this.emit({ type: 'balance', userId, line, time: this.time });
  }

  private find(userId: string, req: CancelRequest): Order | undefined {
    let order = req.orderId ? this.orders.get(req.orderId) : undefined;
    if (!order && req.clientOrderId) {
      const id = this.clientIds.get(`${userId}\u0000${req.clientOrderId}`);
      order = id ? this.orders.get(id) : undefined;
    }
    return order && order.userId === userId ? order : undefined;
  }

  /** Last trade price, else the mid of the recorded book, else null. */
  private referencePrice(book: SymbolBook): number | null {
    if (book.lastPrice !== null) return book.lastPrice;
    const bid = book.book.bestBid();
    const ask = book.book.bestAsk();
    if (bid !== undefined && ask !== undefined) return Math.round((bid + ask) / 2);
    return bid ?? ask ?? null;
  }

  // ---- queries --------------------------------------------------------------

  getOrder(userId: string, req: CancelRequest): Order | undefined {
    const order = this.find(userId, req);
    return order ? { ...order } : undefined;
  }

  /** Open orders, newest first; `plan` picks plan orders (untriggered) instead of ordinary ones. */
  openOrders(userId: string, filter: { symbol?: string; plan?: boolean; planTypes?: readonly number[] } = {}): Order[] {
    const out: Order[] = [];
    for (const id of this.openIds.get(userId) ?? []) {
      const o = this.orders.get(id)!;
      if (filter.symbol && o.symbol !== filter.symbol) continue;
      if ((filter.plan ?? false) !== (o.planType !== PLAN.ORDINARY)) continue;
      if (filter.planTypes && !filter.planTypes.includes(o.planType)) continue;
      out.push({ ...o });
    }
    return out.sort((a, b) => b.createdAt - a.createdAt || (a.orderId < b.orderId ? 1 : -1));
  }

  /** Finished orders, newest first. */
  orderHistory(userId: string): Order[] {
    const ids = this.finished.get(userId) ?? [];
    const out: Order[] = [];
    for (let i = ids.length - 1; i >= 0 && out.length < this.historyLimit; i--) {
      const o = this.orders.get(ids[i]!);
      if (o) out.push({ ...o });
    }
    return out;
  }

  /** Fills, newest first. */
  fills(userId: string): Fill[] {
    return (this.fillLog.get(userId) ?? []).slice(-this.historyLimit).reverse();
  }

  balances(userId: string): BalanceLine[] {
    return this.ledger.lines(userId);
  }

  /** The book a user sees: recorded levels plus every account's resting orders, best first (instrument units). */
  bookView(symbol: string, depth = 50) {
    const book = this.books.get(symbol);
    return book && book.synced ? book.view(depth) : null;
  }

  lastPrice(symbol: string): number | null {
    return this.books.get(symbol)?.lastPrice ?? null;
  }

  /** Quote value of innovation-zone buys the user has left today; null when the pair has no quota. */
  quotaLeft(userId: string, symbol: string): Amount | null {
    const inst = this.instruments.get(symbol);
    if (!inst || inst.rules.dailyBuyQuota === null) return null;
    const left = inst.rules.dailyBuyQuota - (this.quotaUsed.get(this.quotaKey(userId, symbol)) ?? 0n);
    return left > 0n ? left : 0n;
  }

  /** Every order still known (open and kept history), for snapshots and invariant checks. */
  allOrders(): readonly Order[] {
    return [...this.orders.values()];
  }

  /** Internal state for snapshot.ts. */
  state() {
    return {
      time: this.time, orderSeq: this.orderSeq, tradeSeq: this.tradeSeq, acceptSeq: this.acceptSeq,
      accounts: this.accounts, orders: this.orders, openIds: this.openIds, plans: this.plans, resting: this.resting, finished: this.finished,
      fillLog: this.fillLog, clientIds: this.clientIds, quotaUsed: this.quotaUsed, pending: this.pending, books: this.books, queue: this.queue,
    };
  }

  /** Restores counters and the clock from a snapshot (snapshot.ts fills the maps through state()). */
  restoreCounters(c: { time: number; orderSeq: number; tradeSeq: number; acceptSeq: number; pending: Array<{ due: number; orderId: string }> }): void {
    this.time = c.time;
    this.orderSeq = c.orderSeq;
    this.tradeSeq = c.tradeSeq;
    this.acceptSeq = c.acceptSeq;
    this.pending = [...c.pending];
  }
}

const noop = () => {};

function stepFactor(sessionStep: string, instrumentStep: string, symbol: string): number {
  const ratio = Number(sessionStep) / Number(instrumentStep);
  const rounded = Math.round(ratio);
  if (rounded < 1 || Math.abs(ratio - rounded) > 1e-9) {
    throw new Error(`${symbol}: session step ${sessionStep} is not a whole multiple of the instrument's ${instrumentStep}`);
  }
  return rounded;
}

