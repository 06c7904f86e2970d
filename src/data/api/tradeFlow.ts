import { FLOW_BUCKET_MS, type FlowBucket, type FlowSnapshot, type FlowTrade } from '../../domain/tradeAnalysis';
import { getJson, MalformedResponseError } from '../http';
import { decimal, list, millis, record, str } from './parse';

export const TRADE_FLOW_PATH = '/spot/api/quote/v5/trade_flow';

/** The flow snapshot of one symbol, as the trade analysis folds live trades into it. */
export interface TradeFlowAnswer extends FlowSnapshot {
  symbol: string;
}

function tradeId(value: unknown, what: string): number {
  const id = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(id)) throw new MalformedResponseError(`${what} is not a trade id`);
  return id;
}

const nullable = <T>(value: unknown, read: (v: unknown) => T): T | null => (value === null || value === undefined ? null : read(value));

/** A row `[time, buyQty, sellQty, buyValue, sellValue, trades]`. */
function parseBucket(value: unknown, what: string): FlowBucket {
  const row = list(value, what);
  if (row.length < 6) throw new MalformedResponseError(`${what} has ${row.length} fields, not 6`);
  const t = millis(row[0], `${what}.time`);
  if (t % FLOW_BUCKET_MS !== 0) throw new MalformedResponseError(`${what}.time is not on a minute`);
  return {
    t,
    buyQty: Number(decimal(row[1], `${what}.buyQty`)),
    sellQty: Number(decimal(row[2], `${what}.sellQty`)),
    buyValue: Number(decimal(row[3], `${what}.buyValue`)),
    sellValue: Number(decimal(row[4], `${what}.sellValue`)),
    count: millis(row[5], `${what}.trades`),
  };
}

function parseTrade(value: unknown, what: string): FlowTrade {
  const o = record(value, what);
  const side = str(o, 'side', what);
  if (side !== 'buy' && side !== 'sell') throw new MalformedResponseError(`${what}.side is not buy or sell`);
  return { id: tradeId(o.id, `${what}.id`), t: millis(o.t, `${what}.t`), p: decimal(o.p, `${what}.p`), q: decimal(o.q, `${what}.q`), buy: side === 'buy' };
}

/**
 * Strict: a bucket or trade that does not parse makes the whole answer
 * malformed (the panel shows its error and a retry), since a silently
 * dropped minute would show wrong totals.
 */
export function parseTradeFlow(value: unknown): TradeFlowAnswer {
  const o = record(value, 'trade flow');
  const symbol = str(o, 'symbol', 'trade flow');
  const what = `trade flow of ${symbol}`;
  if (o.bucketMs !== FLOW_BUCKET_MS) throw new MalformedResponseError(`${what}.bucketMs is not ${FLOW_BUCKET_MS}`);
  return {
    symbol,
    asOf: millis(o.asOf, `${what}.asOf`),
    since: nullable(o.since, (v) => millis(v, `${what}.since`)),
    lastId: nullable(o.lastTradeId, (v) => tradeId(v, `${what}.lastTradeId`)),
    buckets: list(o.buckets, `${what}.buckets`).map((row, i) => parseBucket(row, `${what}.buckets[${i}]`)),
    topTrades: list(o.topTrades, `${what}.topTrades`).map((row, i) => parseTrade(row, `${what}.topTrades[${i}]`)),
  };
}

export function fetchTradeFlow(symbol: string, signal?: AbortSignal): Promise<TradeFlowAnswer> {
  return getJson(`${TRADE_FLOW_PATH}?${new URLSearchParams({ symbol })}`, parseTradeFlow, signal);
}
