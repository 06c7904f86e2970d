/**
 * The strategies' child orders: placing them through the exchange's public
 * calls, re-pricing and cancelling them, finding the strategy an order
 * event belongs to, and booking its fills on the strategy.
 *
 * A child is filed under its client id before the create call: one that
 * fills inside its own create call (no entry latency) sends its events
 * before the call returns its order id, and the desk must know them then.
 */
import { formatAmount, parseAmount } from '../exchange/amount';
import type { Exchange } from '../exchange/exchange';
import type { Order, TimeInForce } from '../exchange/types';
import { fromUnits } from '../../src/domain/units';
import { algoClientIdOf } from './algoTags';
import type { AlgoChild, AlgoError, AlgoStrategyState } from './algoTypes';

export type AlgoOrders = ReturnType<typeof createAlgoOrders>;

const amountOf = (text: string) => parseAmount(text) ?? 0n;

export function createAlgoOrders(exchange: Exchange) {
  /** live children: user and client id → strategy id */
  const byClient = new Map<string, string>();
  const keyOf = (userId: string, clientOrderId: string) => `${userId}\u0000${clientOrderId}`;
  const refOf = (child: AlgoChild) => (child.orderId ? { orderId: child.orderId } : { clientOrderId: child.clientOrderId });

  function file(s: AlgoStrategyState, child: AlgoChild): void {
    byClient.set(keyOf(s.userId, child.clientOrderId), s.strategyId);
  }

  /** The strategy lets go of its child (ended, or gone from the exchange). */
  function release(s: AlgoStrategyState): void {
    if (s.child) byClient.delete(keyOf(s.userId, s.child.clientOrderId));
    s.child = null;
  }

  return {
    file,
    release,

    /** A child limit order for `lots` at `price`; refused: the strategy holds none and gets the engine's code. */
    place(s: AlgoStrategyState, lots: number, price: number, timeInForce: TimeInForce, now: number): AlgoError | null {
      const inst = exchange.instrument(s.symbol)!;
      const child: AlgoChild = { clientOrderId: algoClientIdOf(s.strategyId, ++s.orderSeq), orderId: null, qty: lots, price, lots: 0, value: '0', fee: '0', cancelling: false };
      s.child = child;
      file(s, child);
      const result = exchange.create(s.userId, {
        symbol: s.symbol, side: s.side, orderType: 'Limit', timeInForce, qty: fromUnits(lots, inst.lot), price: fromUnits(price, inst.tick), clientOrderId: child.clientOrderId,
      }, now);
      if (result.ok) {
        child.orderId ??= result.value.orderId;
        return null;
      }
      if (s.child === child) release(s);
      return { code: result.error.code, field: 'child', message: result.error.message };
    },

    /** Moves the live child to `price` (an amend: it keeps what filled); the engine's refusal otherwise. */
    reprice(s: AlgoStrategyState, price: number, now: number): { code: number; message: string } | null {
      const child = s.child!;
      const inst = exchange.instrument(s.symbol)!;
      const result = exchange.modify(s.userId, { ...refOf(child), price: fromUnits(price, inst.tick) }, now);
      if (!result.ok) return result.error;
      child.price = price;
      return null;
    },

    /** Cancels the live child; its end is then expected. Refused (it ended unseen): the strategy lets go of it. */
    cancel(s: AlgoStrategyState, now: number): void {
      const child = s.child;
      if (!child || child.cancelling) return;
      child.cancelling = true;
      if (!exchange.cancel(s.userId, refOf(child), now).ok && s.child === child) release(s);
    },

    /** The exchange's view of the live child, if it still knows it. */
    orderOf(s: AlgoStrategyState): Order | undefined {
      return s.child ? exchange.getOrder(s.userId, refOf(s.child)) : undefined;
    },

    /** The strategy an order event is about (its live child), or null for anything else. */
    locate(order: Readonly<Order>, strategies: ReadonlyMap<string, AlgoStrategyState>): AlgoStrategyState | null {
      const key = keyOf(order.userId, order.clientOrderId);
      const id = byClient.get(key);
      if (id === undefined) return null;
      const s = strategies.get(id);
      if (!s || s.child?.clientOrderId !== order.clientOrderId) {
        byClient.delete(key);
        return null;
      }
      s.child.orderId ??= order.orderId;
      return s;
    },
  };
}

/** Books what the child executed since the last event: lots, value and fee, on the child and on the strategy. */
export function bookFills(s: AlgoStrategyState, child: AlgoChild, order: Readonly<Order>): boolean {
  const lots = order.executedQty - child.lots;
  if (lots <= 0) return false;
  const value = order.executedValue - amountOf(child.value);
  const fee = order.fee - amountOf(child.fee);
  child.lots = order.executedQty;
  child.value = formatAmount(order.executedValue);
  child.fee = formatAmount(order.fee);
  s.executedLots += lots;
  s.executedValue = formatAmount(amountOf(s.executedValue) + value);
  s.fee = formatAmount(amountOf(s.fee) + fee);
  return true;
}
