/**
 * The LT desk's saved state and reading it back. A token or an order that
 * does not read (a damaged or older save) is left out rather than restored
 * half-way: such a token starts afresh. An order in progress that is left out
 * cannot be settled any more, and the funds it locked stay locked in the
 * engine's balances (saved in the same write): the one loss a damaged save
 * can cause, preferred to guessing what the order was.
 */
import { parseAmount } from '../exchange/amount';
import { FAIL_REASONS, LT_DONE, LT_FAILED, LT_IN_PROGRESS, REDEMPTION, SUBSCRIPTION, type LtOrderState } from './ltOrders';
import type { LtRegistry } from './registry';
import type { TokenSaved } from './tokenState';

export interface LtDeskSaved {
  version: 1;
  /** the last order number given (ids are never reused) */
  seq: number;
  tokens: TokenSaved[];
  orders: LtOrderState[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => Number.isSafeInteger(v);
const isCount = (v: unknown): v is number => isInt(v) && v >= 0;
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const intOrNull = (v: unknown) => v === null || isInt(v);
const isAmount = (v: unknown): v is string => typeof v === 'string' && parseAmount(v) !== null;
const amountOrNull = (v: unknown) => v === null || isAmount(v);
const ORDER_ID = /^lt-(\d+)$/;

export const seqOfOrderId = (id: string) => Number(ORDER_ID.exec(id)?.[1] ?? 0);

function readToken(v: unknown, registry: LtRegistry): TokenSaved | null {
  if (!isObject(v) || typeof v.symbolId !== 'string' || !registry.bySymbol(v.symbolId)) return null;
  const basket = v.basket;
  if (!isObject(basket) || !isNum(basket.units) || !isNum(basket.cash)) return null;
  if (!(v.price === null || (isNum(v.price) && v.price > 0)) || typeof v.anchored !== 'boolean') return null;
  if (![1, 2, 3, 4].includes(v.st as number) || ![1, 4, 5].includes(v.riskState as number) || (v.riskSwitch !== 0 && v.riskSwitch !== 1)) return null;
  if (!intOrNull(v.rebalanceUntil) || !isCount(v.rebalances) || !intOrNull(v.lastRebalanceTime) || !isInt(v.nextReset) || typeof v.worthless !== 'boolean') return null;
  return {
    symbolId: v.symbolId, basket: { units: basket.units, cash: basket.cash }, price: v.price as number | null, anchored: v.anchored,
    st: v.st as TokenSaved['st'], rebalanceUntil: v.rebalanceUntil as number | null, riskState: v.riskState as TokenSaved['riskState'],
    riskSwitch: v.riskSwitch, rebalances: v.rebalances, lastRebalanceTime: v.lastRebalanceTime as number | null, nextReset: v.nextReset, worthless: v.worthless,
  };
}

function readOrder(v: unknown, registry: LtRegistry): LtOrderState | null {
  if (!isObject(v) || typeof v.orderId !== 'string' || !ORDER_ID.test(v.orderId) || typeof v.userId !== 'string') return null;
  if (typeof v.symbolId !== 'string' || !registry.bySymbol(v.symbolId)) return null;
  if ((v.orderType !== SUBSCRIPTION && v.orderType !== REDEMPTION) || !isAmount(v.quantity)) return null;
  if (v.status !== LT_DONE && v.status !== LT_IN_PROGRESS && v.status !== LT_FAILED) return null;
  if (!amountOrNull(v.nav) || !amountOrNull(v.fee) || !amountOrNull(v.fillQuantity)) return null;
  if (!(v.failReason === null || FAIL_REASONS.includes(v.failReason as never)) || !isInt(v.createdTime) || !isInt(v.updatedTime)) return null;
  return {
    orderId: v.orderId, userId: v.userId, symbolId: v.symbolId, orderType: v.orderType, quantity: v.quantity, status: v.status,
    nav: v.nav as string | null, fee: v.fee as string | null, fillQuantity: v.fillQuantity as string | null,
    failReason: v.failReason as LtOrderState['failReason'], createdTime: v.createdTime, updatedTime: v.updatedTime,
  };
}

/** The saved desk, or an empty one. */
export function readLtState(v: unknown, registry: LtRegistry): LtDeskSaved {
  if (!isObject(v)) return { version: 1, seq: 0, tokens: [], orders: [] };
  const tokens = (Array.isArray(v.tokens) ? v.tokens : []).map((t) => readToken(t, registry)).filter((t): t is TokenSaved => t !== null);
  const orders = (Array.isArray(v.orders) ? v.orders : []).map((o) => readOrder(o, registry)).filter((o): o is LtOrderState => o !== null);
  const highest = orders.reduce((m, o) => Math.max(m, seqOfOrderId(o.orderId)), 0);
  return { version: 1, seq: Math.max(isCount(v.seq) ? v.seq : 0, highest), tokens, orders };
}
