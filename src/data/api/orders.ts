import { pageStatusOf, type PageOrderStatus } from '../../domain/orderStatus';
import type { AttachedTpslInfo } from '../../domain/attachedTpsl';
import { compareDigitIds } from '../../domain/digitIds';
import type { EditedFields } from '../../domain/orderEdit';
import { getJson, MalformedResponseError, postJson } from '../http';
import { bool, decimal, list, millis, num, record, str } from './parse';

/** Paths of the order calls (docs/api/orders.md). */
export const ORDER_API = {
  openOrders: '/spot/api/order/open_orders',
  openPlanOrders: '/spot/api/plan_order/open_orders',
  history: '/spot/api/order/history',
  tradeInfo: '/spot/api/order/trade_info',
  cancel: '/spot/api/order/cancel',
  planCancel: '/spot/api/plan_order/cancel',
  cancelAll: '/spot/api/order/cancel_all',
  planCancelAll: '/spot/api/plan_order/cancel_all',
  modify: '/spot/api/order/modify',
  planModify: '/spot/api/plan_order/modify',
} as const;

/** Spec 2 §9: order lists are read 100 at a time. */
export const ORDER_PAGE_SIZE = 100;

/** Spec 2 §7: the order lists answer code 200, every other call code 0. */
const LIST_ANSWER = { okCode: 200 } as const;

export type OrderSide = 'Buy' | 'Sell';

/** The fields of the order view (spec 2 §3) the page shows or sends back. */
export interface Order {
  orderId: string;
  clientOrderId: string;
  symbolId: string;
  baseTokenName: string;
  quoteTokenName: string;
  side: OrderSide;
  /** LIMIT or MARKET: the order that meets the book (a plan's kind is planType) */
  type: string;
  planType: number;
  /** the server's name (New, Cancelled, …) and the page's status mapped from it (spec 2 §4) */
  serverStatus: string;
  status: PageOrderStatus;
  price: string;
  triggerPrice: string;
  /** trailing orders: the activation price and the distance as a value or a percentage ('0' when unused) */
  activationPrice: string;
  trailingValue: string;
  trailingPercentage: string;
  /** the base quantity for the list's Qty column */
  qty: string;
  executedQty: string;
  avgPrice: string;
  /** the quote value */
  amount: string;
  time: number;
  updatedTime: number;
  /** a limit order's attached TP/SL: trigger prices ('' when none) and what became of them */
  tpsl: AttachedTpsl | null;
  /** a spot-margin order (only a unified account may modify one) */
  isLeverage: boolean;
  /** GTC, IOC, FOK or PostOnly ('' when the answer has none) */
  timeInForce: string;
  /** 0: placed by the user; otherwise by a strategy tool (iceberg, TWAP), whose orders make no notices */
  specialTradeFrom: number;
}

/** waiting while the order is open; placed, refused (with the exchange's code) or dropped (nothing filled) once it ended */
export type AttachedTpsl = AttachedTpslInfo;

const TPSL_STATES: ReadonlySet<string> = new Set(['waiting', 'placed', 'refused', 'dropped']);

/** Optional fields: an answer without them (an older server) shows no TP/SL rather than failing the list. */
function attachedTpsl(o: Record<string, unknown>): AttachedTpsl | null {
  const price = (v: unknown) => (typeof v === 'string' && /^\d+(\.\d+)?$/.test(v) ? v : '');
  const takeProfit = price(o.takeProfit);
  const stopLoss = price(o.stopLoss);
  if (!takeProfit && !stopLoss) return null;
  const state = typeof o.tpslState === 'string' && TPSL_STATES.has(o.tpslState) ? (o.tpslState as AttachedTpsl['state']) : 'waiting';
  const refusalCode = typeof o.tpslRefusalCode === 'number' && Number.isInteger(o.tpslRefusalCode) ? o.tpslRefusalCode : 0;
  return { takeProfit, stopLoss, state, refusalCode };
}

/** One of the user's fills (getTradeInfo). */
export interface Fill {
  tradeId: string;
  orderId: string;
  symbolId: string;
  side: OrderSide;
  matchTime: number;
  price: string;
  quantity: string;
  amount: string;
  tokenFee: string;
  feeTokenId: string;
  isMaker: boolean;
  /** LIMIT or MARKET: the order the fill belongs to ('' when the answer does not say) */
  orderType: string;
}

function side(o: Record<string, unknown>, what: string): OrderSide {
  const value = str(o, 'side', what);
  if (value !== 'Buy' && value !== 'Sell') throw new MalformedResponseError(`${what}.side is not Buy or Sell`);
  return value;
}

export function parseOrder(value: unknown, what = 'order'): Order {
  const o = record(value, what);
  const planType = num(o, 'planType', what);
  const serverStatus = str(o, 'status', what);
  return {
    orderId: str(o, 'orderId', what),
    clientOrderId: typeof o.clientOrderId === 'string' ? o.clientOrderId : '',
    symbolId: str(o, 'symbolId', what),
    baseTokenName: str(o, 'baseTokenName', what),
    quoteTokenName: str(o, 'quoteTokenName', what),
    side: side(o, what),
    type: str(o, 'type', what),
    planType,
    serverStatus,
    status: pageStatusOf(serverStatus, planType),
    price: decimal(o.price, `${what}.price`),
    triggerPrice: decimal(o.triggerPrice, `${what}.triggerPrice`),
    // Absent on answers that predate trailing orders: no activation, no distance.
    activationPrice: decimal(o.activationPrice ?? '0', `${what}.activationPrice`),
    trailingValue: decimal(o.trailingValue ?? '0', `${what}.trailingValue`),
    trailingPercentage: decimal(o.trailingPercentage ?? '0', `${what}.trailingPercentage`),
    qty: decimal(o.orderQtyForView, `${what}.orderQtyForView`),
    executedQty: decimal(o.executedQty, `${what}.executedQty`),
    avgPrice: decimal(o.avgPrice, `${what}.avgPrice`),
    amount: decimal(o.amount, `${what}.amount`),
    time: millis(o.time, `${what}.time`),
    updatedTime: millis(o.updatedTime ?? o.time, `${what}.updatedTime`),
    tpsl: attachedTpsl(o),
    isLeverage: o.isLeverage === true,
    timeInForce: typeof o.timeInForce === 'string' ? o.timeInForce : '',
    specialTradeFrom: typeof o.specialTradeFrom === 'number' && Number.isInteger(o.specialTradeFrom) ? o.specialTradeFrom : 0,
  };
}

/** A list answer `{list: [order view]}`; strict, so a half-read list is never shown as complete. */
export function parseOrderList(value: unknown): Order[] {
  return list(record(value, 'order list').list, 'order list').map((o, i) => parseOrder(o, `order list[${i}]`));
}

/** One fill as getTradeInfo lists it; the private socket's trade pushes carry the same items. */
export function parseFill(value: unknown, what = 'fill'): Fill {
  const o = record(value, what);
  return {
    tradeId: str(o, 'tradeId', what),
    orderId: str(o, 'orderId', what),
    symbolId: str(o, 'symbolId', what),
    side: side(o, what),
    matchTime: millis(o.matchTime, `${what}.matchTime`),
    price: decimal(o.price, `${what}.price`),
    quantity: decimal(o.quantity, `${what}.quantity`),
    amount: decimal(o.amount, `${what}.amount`),
    tokenFee: decimal(o.tokenFee, `${what}.tokenFee`),
    feeTokenId: str(o, 'feeTokenId', what),
    isMaker: bool(o, 'isMaker'),
    orderType: typeof o.orderType === 'string' ? o.orderType : '',
  };
}

/** getTradeInfo answers buys and sells apart; the page lists them together, newest first. */
export function parseTradeInfo(value: unknown): Fill[] {
  const o = record(value, 'trade info');
  const buys = list(o.buys, 'trade info.buys').map((f, i) => parseFill(f, `trade info.buys[${i}]`));
  const sells = list(o.sells, 'trade info.sells').map((f, i) => parseFill(f, `trade info.sells[${i}]`));
  // Trade ids grow with time: they break ties between fills of the same millisecond.
  const newer = (a: Fill, b: Fill) => b.matchTime - a.matchTime || compareDigitIds(b.tradeId, a.tradeId);
  return [...buys, ...sells].sort(newer);
}

/** Cancel-all answers the orders it cancelled and their count. */
export function parseCancelAll(value: unknown): { orders: Order[]; count: number } {
  const o = record(value, 'cancel all');
  return { orders: parseOrderList(o), count: num(o, 'count', 'cancel all') };
}

const query = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));

/**
 * The exchange caps an account at 500 open orders (REFERENCE.md): reading
 * every page of 100 is at most five calls, and the list the pushes patch is
 * then whole. The bound stops a server that keeps answering full pages.
 */
const MAX_OPEN_PAGES = 10;

/** Reads a list 100 at a time, each page after the last id seen, until a page is not full. */
async function allPages(path: (fromOrderId: string) => string, signal?: AbortSignal): Promise<Order[]> {
  const orders: Order[] = [];
  let from = '0';
  for (let page = 0; page < MAX_OPEN_PAGES; page++) {
    const rows = await getJson(path(from), parseOrderList, signal, LIST_ANSWER);
    orders.push(...rows);
    if (rows.length < ORDER_PAGE_SIZE) break;
    from = rows[rows.length - 1]!.orderId;
  }
  return orders;
}

/** getOpenOrders: every open ordinary order of every pair, newest first. */
export function getOpenOrders(signal?: AbortSignal): Promise<Order[]> {
  return allPages((from) => `${ORDER_API.openOrders}?${query({ from_order_id: from, limit: ORDER_PAGE_SIZE, symbol_id: '' })}`, signal);
}

/** getOpenPlanOrders: every untriggered plan order of every pair and plan type, newest first. */
export function getOpenPlanOrders(signal?: AbortSignal): Promise<Order[]> {
  return allPages((from) => `${ORDER_API.openPlanOrders}?${query({ from_order_id: from, limit: ORDER_PAGE_SIZE, symbol_id: '', plan_type: '' })}`, signal);
}

export interface HistoryRequest {
  /** exchange time, ms: the server checks the span against its own clock, so the caller passes the server's now */
  startTime: number;
  endTime: number;
  /** absent: ordinary orders; else the exact plan types listed */
  planTypes?: readonly number[];
}

/** One page (100) of the finished orders created in [startTime, endTime], newest first; `fromOrderId` pages on after that order. */
export function getOrderHistory({ startTime, endTime, planTypes }: HistoryRequest, signal?: AbortSignal, fromOrderId = '0'): Promise<Order[]> {
  const params: Record<string, string | number> = { symbol_id: '', start_time: startTime, end_time: endTime, limit: ORDER_PAGE_SIZE, from_order_id: fromOrderId };
  if (planTypes?.length) params.plan_types = planTypes.join(',');
  return getJson(`${ORDER_API.history}?${query(params)}`, parseOrderList, signal, LIST_ANSWER);
}

/** getTradeInfo: the user's fills of every pair; the server keeps 90 days (spec 2 §9 deal history). */
export function getTradeHistory(signal?: AbortSignal): Promise<Fill[]> {
  return getJson(`${ORDER_API.tradeInfo}?${query({ symbol_id: '' })}`, parseTradeInfo, signal);
}

/** cancelOrder: an ordinary order; answers it with its final status. */
export function cancelOrder(order: Pick<Order, 'orderId' | 'clientOrderId'>): Promise<Order> {
  return postJson(ORDER_API.cancel, { order_id: order.orderId, client_order_id: order.clientOrderId || undefined }, (v) => parseOrder(v));
}

/** cancelPlanOrder: a plan order; its own plan type is sent as the filter, which always names it. */
export function cancelPlanOrder(order: Pick<Order, 'orderId' | 'clientOrderId' | 'planType'>): Promise<Order> {
  const body = { order_id: order.orderId, client_order_id: order.clientOrderId || undefined, plan_type: order.planType };
  return postJson(ORDER_API.planCancel, body, (v) => parseOrder(v));
}

/** Cancels every open ordinary order of one pair, or of every pair (an empty symbol_ids names them all). */
export function cancelAllOrders(symbolId: string | null = null): Promise<{ orders: Order[]; count: number }> {
  return postJson(ORDER_API.cancelAll, { symbol_ids: symbolId ?? '' }, parseCancelAll);
}

/** Cancels every open plan order of the plan types given (all of them when none), of one pair or of every pair. */
export function cancelAllPlanOrders(planTypes: readonly number[] = [], symbolId: string | null = null): Promise<{ orders: Order[]; count: number }> {
  const body = { ...(planTypes.length ? { plan_types: planTypes } : {}), ...(symbolId ? { symbol_id: symbolId } : {}) };
  return postJson(ORDER_API.planCancelAll, body, parseCancelAll);
}

/** What a modify changes (only the fields that changed; the quantity always). */
/** The modify call's fields (planOrderModify adds the trigger, activation and trailing ones, spec 2 §7). */
export type ModifyFields = EditedFields;

/** orderModify / planOrderModify: answers the order as modified. */
export function modifyOrder(order: Pick<Order, 'orderId' | 'symbolId' | 'planType'>, fields: ModifyFields): Promise<Order> {
  const plan = order.planType !== -1;
  const body = { order_id: order.orderId, symbol_id: order.symbolId, ...fields, ...(plan ? { plan_type: order.planType } : {}) };
  return postJson(plan ? ORDER_API.planModify : ORDER_API.modify, body, (v) => parseOrder(v));
}
