import type { InstrumentSpec } from '../market/types';
import { valueOf, type Amount } from './amount';
import { ok, refuse, type Listener } from './core';
import { ERR, exchangeError, type ExchangeError } from './errors';
import type { Instrument } from './instruments';
import { ExchangeMatching } from './matching';
import { blankOrder, lockNeed, lockToken, orderIdOf, planReference } from './orders';
import { directionFor, isTrailing, locksWhenPlaced } from './plans';
import {
  FINAL_STATUSES, PLAN, type AccountSettings, type CancelAllRequest, type CancelRequest, type ModifyRequest, type Order, type OrderRequest, type Result,
} from './types';
import { accountRefusal, bandRefusal, draftOrder, ocoTriggerOnItsSide, parsePrice, parseQty, planPriceRefusal, trailingBps, type Draft } from './validate';

export type { ExchangeOptions } from './core';

/**
 * The simulated exchange: accounts, balances and locks, every order type, and
 * a fill model against the replayed market (REFERENCE.md, "How the best
 * replay and backtest tools work"). Pure and synchronous: market events and
 * calls carry their exchange time, nothing reads a clock, so the same
 * sessions, seed and calls always give the same events.
 */
export class Exchange extends ExchangeMatching {
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
    this.journal?.accounts.add(settings.userId);
    for (const [token, amount] of Object.entries(balances)) this.ledger.set(settings.userId, token, amount, this.ledger.line(settings.userId, token).locked);
    this.flush();
  }

  updateAccount(userId: string, change: Partial<Omit<AccountSettings, 'userId'>>): void {
    const account = this.accounts.get(userId);
    if (!account) return;
    Object.assign(account, change);
    this.journal?.accounts.add(userId);
  }

  account(userId: string): Readonly<AccountSettings> | undefined {
    return this.accounts.get(userId);
  }

  /** Adds to a free balance (demo top-up, deposits). */
  credit(userId: string, token: string, amount: Amount): void {
    this.ledger.credit(userId, token, amount);
    this.flush();
  }

  /**
   * A fresh start for one account (the demo "reset" action): every open order
   * cancelled, its history, fills, client ids and quota use forgotten, and
   * its balances set to `balances` (other tokens to zero).
   */
  resetAccount(userId: string, balances: Record<string, Amount>, now: number): void {
    this.step(now, () => {
      for (const id of [...(this.openIds.get(userId) ?? [])]) {
        const order = this.orders.get(id)!;
        if (!FINAL_STATUSES.has(order.status)) this.cancelOpen(order);
      }
      for (const id of this.finished.get(userId) ?? []) this.forgetOrder(id);
      this.finished.delete(userId);
      this.fillLog.delete(userId);
      this.journal?.historyCleared(userId);
      for (const key of [...this.clientIds.keys()]) {
        if (!key.startsWith(`${userId}\u0000`)) continue;
        this.clientIds.delete(key);
        this.journal?.clientIds.add(key);
      }
      for (const key of [...this.quotaUsed.keys()]) {
        if (!key.startsWith(`${userId}|`)) continue;
        this.quotaUsed.delete(key);
        this.journal?.quota.add(key);
      }
      for (const line of this.ledger.lines(userId)) this.ledger.set(userId, line.token, balances[line.token] ?? 0n, 0n);
      for (const [token, amount] of Object.entries(balances)) this.ledger.set(userId, token, amount, 0n);
    });
  }

  instrument(symbol: string): Instrument | undefined {
    return this.instruments.get(symbol);
  }

  // ---- calls ----------------------------------------------------------------

  create(userId: string, req: OrderRequest, now: number): Result<Order> {
    return this.step(now, () => this.createOrder(userId, req));
  }

  protected createOrder(userId: string, req: OrderRequest): Result<Order> {
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
      const need = this.lockFor(inst, reference ?? 0, orders);
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

  protected buildOrders(userId: string, clientOrderId: string | undefined, draft: Draft, reference: number): Order[] {
    // The draft's order fields carry the Order's names; its value and OCO legs are the call's, not the order's.
    const { value: _value, oco: _oco, ...fields } = draft;
    const make = (n: number): Order => {
      const orderId = orderIdOf(this.orderSeq + n);
      const order = blankOrder({ orderId, clientOrderId: clientOrderId || `c${orderId}`, userId, symbol: draft.symbol, side: draft.side, createdAt: this.time });
      return Object.assign(order, fields);
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
  protected lockFor(inst: Instrument, reference: number, legs: Order[]): Amount {
    let need = 0n;
    for (const leg of legs) {
      const n = lockNeed(inst, leg, leg.planType === PLAN.ORDINARY ? reference : planReference(leg, reference));
      if (n > need) need = n;
    }
    return need;
  }

  protected capRefusal(userId: string, draft: Draft): ExchangeError | null {
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

  protected quotaRefusal(userId: string, inst: Instrument, draft: Draft): ExchangeError | null {
    if (draft.side !== 'Buy') return null;
    const left = this.quotaLeft(userId, inst.symbol);
    return left !== null && draft.value > left ? exchangeError(ERR.INNOVATION_QUOTA, String(left / 10n ** 18n)) : null;
  }

  cancel(userId: string, req: CancelRequest, now: number): Result<Order> {
    return this.step(now, () => {
      const open = this.openOrderOf(userId, req);
      if (!open.ok) return open;
      this.cancelOpen(open.value);
      return ok({ ...open.value });
    });
  }

  /** A call at exchange time `now`: the clock moves first, the events go out after. */
  private step<T>(now: number, run: () => T): T {
    this.advanceClock(now);
    const result = run();
    this.flush();
    return result;
  }

  /** The user's open order a cancel or modify names, or why not (liquidation first, as the exchange answers). */
  private openOrderOf(userId: string, req: CancelRequest): Result<Order> {
    if (this.accounts.get(userId)?.liquidation) return refuse(exchangeError(ERR.LIQUIDATION));
    const order = this.find(userId, req);
    if (!order) return refuse(exchangeError(ERR.ORDER_NOT_FOUND));
    if (FINAL_STATUSES.has(order.status)) return refuse(exchangeError(ERR.ORDER_FINISHED));
    return ok(order);
  }

  protected cancelOpen(order: Order): void {
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
    return this.step(now, () => this.cancelMatching(userId, req));
  }

  private cancelMatching(userId: string, req: CancelAllRequest): Result<Order[]> {
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
      if (req.keep?.(order)) continue;
      this.cancelOpen(order);
      done.push({ ...order });
    }
    return ok(done);
  }

  modify(userId: string, req: ModifyRequest, now: number): Result<Order> {
    return this.step(now, () => this.modifyOrder(userId, req));
  }

  protected modifyOrder(userId: string, req: ModifyRequest): Result<Order> {
    const open = this.openOrderOf(userId, req);
    if (!open.ok) return open;
    const order = open.value;
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
      const refusal = bandRefusal(inst, next.side, next.price, reference);
      if (refusal) return refuse(refusal);
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
      const need = this.lockFor(inst, reference, legs);
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
        this.journal?.restingChanged(order.orderId);
      } else {
        // A new price or a larger size goes to the back of the queue, and may take liquidity first.
        order.seq = ++this.acceptSeq;
        this.executeLimit(order);
      }
    }
    return ok({ ...order });
  }

  protected modifyPlanFields(inst: Instrument, next: Order, req: ModifyRequest, reference: number): Result<true> {
    if (req.triggerPrice !== undefined && !isTrailing(next)) {
      const t = parsePrice(inst, req.triggerPrice, 'triggerPrice');
      if (!t.ok) return t;
      next.triggerPrice = t.value;
      next.triggerDirection = directionFor(t.value, reference);
      if (next.ocoRole && !ocoTriggerOnItsSide(next.side, next.ocoRole, t.value, reference)) return refuse(exchangeError(ERR.PARAM, `${next.ocoRole}.triggerPrice`));
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
        const bps = trailingBps(req.trailingPercentage);
        if (bps === null) return refuse(exchangeError(ERR.PARAM, 'trailingPercentage'));
        next.trailingBps = bps;
        next.trailingValue = 0;
      }
    }
    const refusal = next.orderType === 'Limit' && next.triggerPrice > 0 ? planPriceRefusal(inst, next.side, next.price, next.triggerPrice) : null;
    return refusal ? refuse(refusal) : ok(true);
  }

}

function stepFactor(sessionStep: string, instrumentStep: string, symbol: string): number {
  const ratio = Number(sessionStep) / Number(instrumentStep);
  const rounded = Math.round(ratio);
  if (rounded < 1 || Math.abs(ratio - rounded) > 1e-9) {
    throw new Error(`${symbol}: session step ${sessionStep} is not a whole multiple of the instrument's ${instrumentStep}`);
  }
  return rounded;
}
