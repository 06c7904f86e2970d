import type { MarketEvent } from '../market/types';
import { baseOf, mulDiv, valueOf, type Amount } from './amount';
import { ExchangeCore, listIn, PPM } from './core';
import { ERR, exchangeError } from './errors';
import type { Instrument } from './instruments';
import { blankOrder, lockNeed, lockToken, orderIdOf, tradeIdOf } from './orders';
import { becomesTrailingProfit, isTrailing, locksWhenPlaced, trailStep, triggerReached } from './plans';
import { FINAL_STATUSES, PLAN, type Fill, type Order } from './types';
import { priceBand } from './validate';
import type { TakeSink } from './symbolBook';

/**
 * Matching against the replayed market: market events in, the fill model
 * (takers walk the recorded book, resting orders fill from recorded trades and
 * crossings), settlement, and plan triggers on the last trade price.
 */
export abstract class ExchangeMatching extends ExchangeCore {
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

  protected advanceClock(now: number): void {
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

  // ---- matching -------------------------------------------------------------

  /** An ordinary order meets the book (after its entry latency). */
  protected accept(order: Order): void {
    order.seq = ++this.acceptSeq;
    order.updatedAt = this.time;
    this.touch(order);
    if (order.orderType === 'Market') this.executeMarket(order);
    else this.executeLimit(order);
  }

  protected executeLimit(order: Order): void {
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
    if (crosses) book.walk(order.side, order.price, wanted, null, this.taker(order));
    if (order.executedQty >= order.qty) {
      this.finish(order, 'Filled');
    } else if (order.timeInForce === 'IOC' || order.timeInForce === 'FOK') {
      this.finish(order, order.executedQty > 0 ? 'PartiallyFilledCanceled' : 'Cancelled');
    } else {
      order.status = order.executedQty > 0 ? 'PartiallyFilled' : 'New';
      book.rest(order);
      this.resting.add(order.orderId);
      this.journal?.restingChanged(order.orderId);
    }
  }

  /**
   * A market order walks the recorded book (consuming what it takes) down to
   * the most restrictive of the price band and its slippage cap; what cannot
   * fill there is cancelled.
   */
  protected executeMarket(order: Order): void {
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
    const take = this.taker(order);
    book.walk(order.side, limit, maxLots, maxValue, (price, lots, maker) => {
      lastPrice = price;
      take(price, lots, maker);
    });
    if (byValue) order.qty = order.executedQty;
    // By value, an order is done when what is left buys less than one more lot, or when liquidity was left but the value was not.
    const complete = byValue
      ? order.executedQty > 0 && (order.quoteQty - order.executedValue < valueOf(inst.scale, lastPrice, 1) || book.walk(order.side, limit, 1, null, noop, true) > 0)
      : order.executedQty >= order.qty;
    if (complete) this.finish(order, 'Filled');
    else this.finish(order, order.executedQty > 0 ? 'PartiallyFilledCanceled' : 'Cancelled', order.executedQty > 0 ? null : exchangeError(ERR.NO_LIQUIDITY));
  }

  protected marketLimit(inst: Instrument, order: Order, best: number, reference: number): number {
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

  /**
   * What a taker does with each part it takes: against the recording it
   * settles alone; against a user's resting order both sides settle, the
   * maker first (it was on the book), and the trade prints once on the public
   * tape. Each fill keeps an id of its own, as a user's trade history pages
   * by fill id (a self-match gives one account both).
   */
  protected taker(order: Order): TakeSink {
    return (price, lots, maker) => {
      if (!maker) {
        this.settle(order, price, lots, false);
        return;
      }
      this.settle(maker, price, lots, true, false);
      this.settle(order, price, lots, false);
    };
  }

  /** Fills of resting orders found by the book (recorded trades, a book crossing them). */
  protected readonly restingFill = (order: Order, price: number, lots: number, isMaker: boolean): void => {
    this.settle(order, price, lots, isMaker);
  };

  /**
   * Settles one fill: pays from the lock, credits the other token less the
   * fee, releases what a better price saved. `publish`: the fill prints on
   * the public tape (a trade between two users prints once, with its taker).
   */
  protected settle(order: Order, price: number, lots: number, isMaker: boolean, publish = true): void {
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
      if (q) {
        this.quotaUsed.set(q, (this.quotaUsed.get(q) ?? 0n) + value);
        this.journal?.quota.add(q);
      }
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
    const tradeNo = ++this.tradeSeq;
    const fill: Fill = {
      tradeId: tradeIdOf(tradeNo), orderId: order.orderId, userId: order.userId, symbol: order.symbol, side: order.side,
      price, qty: lots, value, fee, feeToken: order.side === 'Buy' ? inst.base : inst.quote, isMaker, time: this.time,
    };
    this.logFill(fill);
    this.emit({ type: 'fill', fill });
    if (publish) {
      this.emit({ type: 'trade', symbol: order.symbol, id: tradeNo, price, qty: lots, buyerIsTaker: (order.side === 'Buy') !== isMaker, time: this.time });
    }
    this.touch(order);
    if (isResting) {
      if (order.executedQty >= order.qty) this.finish(order, 'Filled');
      else order.status = 'PartiallyFilled';
    }
  }

  // ---- plan orders ----------------------------------------------------------

  protected addPlan(order: Order): void {
    listIn(this.plans, order.symbol).push(order);
  }

  /** Stops, TP/SL, OCO legs and trailing orders against the last trade price. */
  protected checkPlans(symbol: string, last: number): void {
    const list = this.plans.get(symbol);
    if (!list || list.length === 0) return;
    for (const order of [...list]) {
      if (order.status !== 'Untriggered') continue;
      if (isTrailing(order)) {
        const extreme = order.trailExtreme;
        const step = trailStep(order, last);
        if (step === 'activated' || step === 'fire') {
          if (becomesTrailingProfit(order)) order.planType = PLAN.TRAILING_PROFIT;
          this.touch(order);
        } else if (order.trailExtreme !== extreme) {
          // The best price since activation moves without an order event, but a restart must keep it.
          this.journal?.orders.add(order.orderId);
        }
        if (step === 'fire') this.trigger(order);
      } else if (triggerReached(order, last)) {
        this.trigger(order);
      }
    }
  }

  /** A plan fires: it becomes Triggered and places its ordinary order, which meets the book at once. */
  protected trigger(plan: Order): void {
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

}

const noop = () => {};
