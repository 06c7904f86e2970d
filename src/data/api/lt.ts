/**
 * The leveraged-token calls (docs/api/lt.md): symbol info (GetLtSymbolInfo),
 * live info, NAV candles, subscribe, redeem and the LT order lists. Every
 * answer is checked here; the widgets get typed values or an error.
 */
import { MalformedResponseError, getJson, postJson } from '../http';
import { decimal, list, millis, num, record, str } from './parse';

export const LT_API = {
  symbolInfo: '/spot/api/lt/v1/symbol-info',
  info: '/spot/api/lt/v1/info',
  kline: '/spot/api/lt/v1/kline',
  subscribe: '/spot/api/lt/v1/subscribe',
  redeem: '/spot/api/lt/v1/redeem',
  orders: '/spot/api/lt/v1/orders',
} as const;

/** Token status as the page's kline info gives it: 1 both, 2 subscribe only, 3 redeem only, 4 neither, 5 position change. */
export type LtStatus = 1 | 2 | 3 | 4 | 5;
/** 1 normal, 4 closing position (while the switch is on), 5 wear position. */
export type LtRiskState = 1 | 4 | 5;
/** 1 subscription, 2 redemption. */
export type LtOrderType = 1 | 2;
/** 1 done, 2 in progress, 3 failed. */
export type LtOrderStatus = 1 | 2 | 3;
/** Spec 2 §2: records cover the last 7, 30 or 180 days. */
export type LtRecordDays = 7 | 30 | 180;

export interface LtSymbolInfo {
  symbolId: string;
  token: string;
  quote: string;
  underlying: string;
  direction: 'long' | 'short';
  targetLeverage: string;
  upperLeverage: string;
  lowerLeverage: string;
  minPurchase: string;
  maxPurchase: string;
  dailyPurchaseCap: string;
  minRedeem: string;
  maxRedeem: string;
  purchaseFeeRate: string;
  redeemFeeRate: string;
  managementFeeRate: string;
  tokenStep: string;
  quoteStep: string;
  dailyPurchaseUsed: string;
}

export interface LtInfo {
  symbolId: string;
  time: number;
  nav: string;
  st: LtStatus;
  riskState: LtRiskState;
  riskSwitchStatus: 0 | 1;
  diffNvRate: string;
  underlyingPrice: string;
  realLeverage: string;
  basket: { units: string; cash: string };
  lastRebalanceTime: number | null;
  nextResetTime: number;
  rebalances: number;
}

export interface LtNavBar {
  t: number;
  o: string;
  h: string;
  l: string;
  c: string;
  st: LtStatus;
}

export type LtFailReason = 'closed' | 'change_position' | 'close_position' | 'invalid_value' | 'wear_position';

export interface LtOrder {
  orderId: string;
  symbolId: string;
  token: string;
  quote: string;
  orderType: LtOrderType;
  /** quote for a subscription, tokens for a redemption */
  orderQuantity: string;
  status: LtOrderStatus;
  nav: string | null;
  fee: string | null;
  /** tokens received (subscription) or quote received (redemption), once done */
  fillQuantity: string | null;
  failReason: LtFailReason | null;
  createdTime: number;
  updatedTime: number;
}

export interface LtOrderPage {
  list: LtOrder[];
  nextCursor: string | null;
}

function oneOf<T extends number>(o: Record<string, unknown>, key: string, allowed: readonly T[], what: string): T {
  const value = o[key];
  if (typeof value !== 'number' || !allowed.includes(value as T)) throw new MalformedResponseError(`${what}.${key} is not one of ${allowed.join(', ')}`);
  return value as T;
}

function dec(o: Record<string, unknown>, key: string, what: string): string {
  return decimal(o[key], `${what}.${key}`);
}

function optionalDec(o: Record<string, unknown>, key: string, what: string): string | null {
  return o[key] === null || o[key] === undefined ? null : dec(o, key, what);
}

export function parseLtSymbolInfo(value: unknown, what = 'LT symbol info'): LtSymbolInfo {
  const o = record(value, what);
  const direction = o.direction;
  if (direction !== 'long' && direction !== 'short') throw new MalformedResponseError(`${what}.direction is not long or short`);
  return {
    symbolId: str(o, 'symbolId', what),
    token: str(o, 'token', what),
    quote: str(o, 'quote', what),
    underlying: str(o, 'underlying', what),
    direction,
    targetLeverage: dec(o, 'targetLeverage', what),
    upperLeverage: dec(o, 'upperLeverage', what),
    lowerLeverage: dec(o, 'lowerLeverage', what),
    minPurchase: dec(o, 'minPurchase', what),
    maxPurchase: dec(o, 'maxPurchase', what),
    dailyPurchaseCap: dec(o, 'dailyPurchaseCap', what),
    minRedeem: dec(o, 'minRedeem', what),
    maxRedeem: dec(o, 'maxRedeem', what),
    purchaseFeeRate: dec(o, 'purchaseFeeRate', what),
    redeemFeeRate: dec(o, 'redeemFeeRate', what),
    managementFeeRate: dec(o, 'managementFeeRate', what),
    tokenStep: dec(o, 'tokenStep', what),
    quoteStep: dec(o, 'quoteStep', what),
    dailyPurchaseUsed: dec(o, 'dailyPurchaseUsed', what),
  };
}

export function parseLtInfo(value: unknown, what = 'LT info'): LtInfo {
  const o = record(value, what);
  const basket = record(o.basket, `${what}.basket`);
  return {
    symbolId: str(o, 'symbolId', what),
    time: millis(o.time, `${what}.time`),
    nav: dec(o, 'nav', what),
    st: oneOf<LtStatus>(o, 'st', [1, 2, 3, 4, 5], what),
    riskState: oneOf<LtRiskState>(o, 'riskState', [1, 4, 5], what),
    riskSwitchStatus: oneOf<0 | 1>(o, 'riskSwitchStatus', [0, 1], what),
    diffNvRate: dec(o, 'diffNvRate', what),
    underlyingPrice: dec(o, 'underlyingPrice', what),
    realLeverage: dec(o, 'realLeverage', what),
    basket: { units: dec(basket, 'units', `${what}.basket`), cash: dec(basket, 'cash', `${what}.basket`) },
    lastRebalanceTime: o.lastRebalanceTime === null || o.lastRebalanceTime === undefined ? null : millis(o.lastRebalanceTime, `${what}.lastRebalanceTime`),
    nextResetTime: millis(o.nextResetTime, `${what}.nextResetTime`),
    rebalances: num(o, 'rebalances', what),
  };
}

export function parseLtNavBar(value: unknown, what = 'NAV bar'): LtNavBar {
  const o = record(value, what);
  return {
    t: millis(o.t, `${what}.t`),
    o: dec(o, 'o', what),
    h: dec(o, 'h', what),
    l: dec(o, 'l', what),
    c: dec(o, 'c', what),
    st: oneOf<LtStatus>(o, 'st', [1, 2, 3, 4, 5], what),
  };
}

const FAIL_REASONS: readonly string[] = ['closed', 'change_position', 'close_position', 'invalid_value', 'wear_position'];

export function parseLtOrder(value: unknown, what = 'LT order'): LtOrder {
  const o = record(value, what);
  const failReason = o.failReason;
  if (failReason !== null && failReason !== undefined && (typeof failReason !== 'string' || !FAIL_REASONS.includes(failReason))) {
    throw new MalformedResponseError(`${what}.failReason is not a known reason`);
  }
  return {
    orderId: str(o, 'orderId', what),
    symbolId: str(o, 'symbolId', what),
    token: str(o, 'token', what),
    quote: str(o, 'quote', what),
    orderType: oneOf<LtOrderType>(o, 'orderType', [1, 2], what),
    orderQuantity: dec(o, 'orderQuantity', what),
    status: oneOf<LtOrderStatus>(o, 'status', [1, 2, 3], what),
    nav: optionalDec(o, 'nav', what),
    fee: optionalDec(o, 'fee', what),
    fillQuantity: optionalDec(o, 'fillQuantity', what),
    failReason: (failReason ?? null) as LtFailReason | null,
    createdTime: millis(o.createdTime, `${what}.createdTime`),
    updatedTime: millis(o.updatedTime ?? o.createdTime, `${what}.updatedTime`),
  };
}

const query = (params: Record<string, string | number | null | undefined>) =>
  new URLSearchParams(Object.entries(params).filter((e): e is [string, string | number] => e[1] !== null && e[1] !== undefined && e[1] !== '').map(([k, v]) => [k, String(v)])).toString();

/** Spec 2 §7 GetLtSymbolInfo: symbol id; reads success and result. */
export function fetchLtSymbolInfo(symbolId: string, signal?: AbortSignal): Promise<LtSymbolInfo> {
  return getJson(`${LT_API.symbolInfo}?${query({ symbolId })}`, (v) => parseLtSymbolInfo(v), signal);
}

export function fetchLtInfo(symbolId: string, signal?: AbortSignal): Promise<LtInfo> {
  return getJson(`${LT_API.info}?${query({ symbolId })}`, (v) => parseLtInfo(v), signal);
}

export type LtNavInterval = '1m' | '5m' | '1h' | '1d';

export function fetchLtNavBars(symbolId: string, interval: LtNavInterval, limit = 300, signal?: AbortSignal): Promise<LtNavBar[]> {
  return getJson(
    `${LT_API.kline}?${query({ symbolId, interval, limit })}`,
    (v) => list(record(v, 'NAV candles').list, 'NAV candles').map((bar, i) => parseLtNavBar(bar, `NAV candles[${i}]`)),
    signal,
  );
}

export function subscribeLt(symbolId: string, amount: string): Promise<LtOrder> {
  return postJson(LT_API.subscribe, { symbolId, amount }, (v) => parseLtOrder(v));
}

export function redeemLt(symbolId: string, quantity: string): Promise<LtOrder> {
  return postJson(LT_API.redeem, { symbolId, quantity }, (v) => parseLtOrder(v));
}

export function fetchLtOrders(
  params: { orderType: LtOrderType; days: LtRecordDays; symbolId?: string | null; cursor?: string | null; limit?: number },
  signal?: AbortSignal,
): Promise<LtOrderPage> {
  return getJson(
    `${LT_API.orders}?${query({ orderType: params.orderType, days: params.days, symbolId: params.symbolId, cursor: params.cursor, limit: params.limit })}`,
    (v) => {
      const o = record(v, 'LT orders');
      const cursor = typeof o.nextCursor === 'string' && o.nextCursor ? o.nextCursor : null;
      return { list: list(o.list, 'LT orders').map((order, i) => parseLtOrder(order, `LT orders[${i}]`)), nextCursor: cursor };
    },
    signal,
  );
}
