import type { AlgoKind } from '../../domain/order-entry/algoOrder';
import { MalformedResponseError, postJson } from '../http';
import { decimal, list, millis, num, record, str } from './parse';

/** Paths of the strategy order calls (docs/api/strategy-orders.md). */
export const STRATEGY_API = {
  create: '/spot/api/strategy/v1/create',
  cancel: '/spot/api/strategy/v1/cancel',
  list: '/spot/api/strategy/v1/list',
} as const;

/** Spec 2 §3: 2 running, 3 finished (history). */
export type StrategyStatus = 2 | 3;
/** Spec 2 §9: 80 running strategies a page, 20 finished. */
export const STRATEGY_PAGE_SIZE: Readonly<Record<StrategyStatus, number>> = { 2: 80, 3: 20 };

/** A strategy order as the lists show it (the exchange's answer, checked). */
export interface StrategyOrder {
  strategyId: string;
  strategyType: AlgoKind;
  symbol: string;
  side: 'Buy' | 'Sell';
  status: StrategyStatus;
  size: string;
  executedSize: string;
  /** '0' before anything traded */
  avgPrice: string;
  /** why a finished one ended, in the exchange's words; null while running */
  endReason: string | null;
  createdTime: number;
  updatedTime: number;
  /** the type's own settings, null where the type has none */
  price: string | null;
  visibleSize: string | null;
  durationSec: number | null;
  intervalSec: number | null;
  priceLimit: string | null;
  chasePercentE4: number | null;
  maxChasePrice: string | null;
}

const KINDS: readonly string[] = ['twap', 'iceberg', 'chase'];

export function parseStrategyOrder(value: unknown, what = 'strategy order'): StrategyOrder {
  const o = record(value, what);
  const strategyType = o.strategyType;
  if (typeof strategyType !== 'string' || !KINDS.includes(strategyType)) throw new MalformedResponseError(`${what}.strategyType is not twap, iceberg or chase`);
  const status = o.status;
  if (status !== 2 && status !== 3) throw new MalformedResponseError(`${what}.status is not 2 or 3`);
  const side = o.side;
  if (side !== 'Buy' && side !== 'Sell') throw new MalformedResponseError(`${what}.side is not Buy or Sell`);
  const optionalDecimal = (key: string) => (o[key] === undefined || o[key] === null || o[key] === '' ? null : decimal(o[key], `${what}.${key}`));
  const optionalNumber = (key: string) => (typeof o[key] === 'number' && Number.isFinite(o[key]) ? o[key] : null);
  return {
    strategyId: str(o, 'strategyId', what),
    strategyType: strategyType as AlgoKind,
    symbol: str(o, 'symbol', what),
    side,
    status,
    size: decimal(o.size, `${what}.size`),
    executedSize: decimal(o.executedSize, `${what}.executedSize`),
    avgPrice: optionalDecimal('avgPrice') ?? '0',
    endReason: typeof o.endReason === 'string' && o.endReason ? o.endReason : null,
    createdTime: millis(o.createdTime, `${what}.createdTime`),
    updatedTime: millis(o.updatedTime ?? o.createdTime, `${what}.updatedTime`),
    price: optionalDecimal('price'),
    visibleSize: optionalDecimal('visibleSize'),
    durationSec: optionalNumber('durationSec'),
    intervalSec: optionalNumber('intervalSec'),
    priceLimit: optionalDecimal('priceLimit'),
    chasePercentE4: o.chasePercentE4 === undefined ? null : num(o, 'chasePercentE4', what),
    maxChasePrice: optionalDecimal('maxChasePrice'),
  };
}

export function createStrategyOrder(body: Record<string, unknown>): Promise<StrategyOrder> {
  return postJson(STRATEGY_API.create, body, (v) => parseStrategyOrder(v));
}

export function cancelStrategyOrder(strategyId: string): Promise<StrategyOrder> {
  return postJson(STRATEGY_API.cancel, { strategyId }, (v) => parseStrategyOrder(v));
}

export interface StrategyPage {
  list: StrategyOrder[];
  /** where the next page starts; null on the last page */
  nextPageCursor: string | null;
}

/** Spec 2 §7 strategy list query: status, category, strategyType, symbol, pageSize; `cursor` for the pages after the first. */
export function fetchStrategyOrders(
  query: { status: StrategyStatus; strategyType: AlgoKind; symbol: string | null; cursor?: string | null },
  signal?: AbortSignal,
): Promise<StrategyPage> {
  const body = {
    status: query.status,
    category: 'UTA_SPOT',
    strategyType: query.strategyType,
    pageSize: STRATEGY_PAGE_SIZE[query.status],
    ...(query.symbol ? { symbol: query.symbol } : {}),
    ...(query.cursor ? { cursor: query.cursor } : {}),
  };
  return postJson(
    STRATEGY_API.list,
    body,
    (v) => {
      const o = record(v, 'strategy list');
      const cursor = typeof o.nextPageCursor === 'string' && o.nextPageCursor ? o.nextPageCursor : null;
      return { list: list(o.list, 'strategy list').map((s, i) => parseStrategyOrder(s, `strategy list[${i}]`)), nextPageCursor: cursor };
    },
    signal,
  );
}
