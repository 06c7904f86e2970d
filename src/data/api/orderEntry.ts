/**
 * The calls behind the order form (spec 2 §7): orderCreate with its trace
 * header, account info (Max buy / Max sell) and the innovation-zone quota.
 * Paths and payloads: docs/api/orders.md, docs/api/assets.md.
 */
import { getJson, postJson } from '../http';
import { parseOrder, type Order } from './orders';
import { record } from './parse';

export const ORDER_CREATE_PATH = '/spot/api/order/create';
export const ACCOUNT_INFO_PATH = '/spot/api/account/info';
export const INNOVATION_REMAIN_PATH = '/spot/api/order/innovation_remain';

/** Creates an order; `traceId` goes in the x-trace-id header the exchange echoes (spec 2 §7). */
export function createOrder(body: Record<string, unknown>, traceId: string, signal?: AbortSignal): Promise<Order> {
  return postJson(ORDER_CREATE_PATH, body, (v) => parseOrder(v, 'created order'), signal, { 'x-trace-id': traceId });
}

/** Spec 2 §3 account info, as the order form reads it. */
export interface AccountInfo {
  maxBuyAmt: string | null;
  maxSellQty: string | null;
  buyTotalAvailable: string | null;
  sellTotalAvailable: string | null;
  riskState: string;
}

const DECIMAL = /^\d+(\.\d+)?$/;
const decimalOrNull = (v: unknown): string | null => (typeof v === 'string' && DECIMAL.test(v) ? v : null);

export function parseAccountInfo(value: unknown): AccountInfo {
  const o = record(value, 'account info');
  return {
    maxBuyAmt: decimalOrNull(o.maxBuyAmt),
    maxSellQty: decimalOrNull(o.maxSellQty),
    buyTotalAvailable: decimalOrNull(o.buyTotalAvailable),
    sellTotalAvailable: decimalOrNull(o.sellTotalAvailable),
    riskState: typeof o.riskState === 'string' ? o.riskState : 'normal',
  };
}

export function fetchAccountInfo(symbolId: string, signal?: AbortSignal): Promise<AccountInfo> {
  return getJson(`${ACCOUNT_INFO_PATH}?symbol_id=${encodeURIComponent(symbolId)}`, parseAccountInfo, signal);
}

/** Quote value of innovation-zone buys left today; null on a pair without a quota. */
export function fetchInnovationRemain(symbolId: string, signal?: AbortSignal): Promise<string | null> {
  return getJson(`${INNOVATION_REMAIN_PATH}?symbol_id=${encodeURIComponent(symbolId)}`, (v) => decimalOrNull(record(v, 'innovation remain').remainAmount), signal);
}
