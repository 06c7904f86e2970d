import { parseInterval, type Interval } from '../../../src/domain/intervals';
import { decimalsOf, toUnits } from '../../../src/domain/units';
import type { MarketView } from '../types';
import { isRecord, type ClientRequest, type ErrorKind } from './frames';

export type DepthTopic = 'mergedDepth' | 'depth' | 'diffDepth';
export type ListTopic = 'realtimes' | 'notice' | 'instrumentInfo';
export type StreamKind = DepthTopic | ListTopic | 'trade' | 'kline';

/** One stream of pushes: what a (topic, symbol, params) subscription resolves to. */
export interface StreamSpec {
  /** identity: subscribers with the same key share one rendered frame per tick */
  key: string;
  kind: StreamKind;
  /** the topic as requested, e.g. `kline_1m` */
  topic: string;
  /** the symbol as requested: one symbol, a comma list or `ALL` */
  symbol: string;
  /** the symbols it covers; null for `ALL` (every listed symbol, asked anew each tick) */
  symbols: string[] | null;
  /** levels a side for depth topics */
  limit: number;
  /** mergedDepth: decimals of the merge step, and the step itself */
  dumpScale: number | null;
  mergeStep: string | null;
  interval: Interval | null;
  /** what the push envelope carries */
  push: { topic: string; params: Record<string, unknown> };
}

const DEPTH_LIMITS: Record<DepthTopic, number> = { mergedDepth: 40, depth: 200, diffDepth: 200 };
const LIST_TOPICS = new Set<string>(['realtimes', 'notice', 'instrumentInfo']);

/** dumpScale of a digitMerge step: its decimals, or minus its trailing zeros for a step of 1 or more ("10" → -1). */
export function scaleOfStep(step: string): number {
  if (step.includes('.')) return decimalsOf(step);
  const zeros = step.match(/0*$/)?.[0].length ?? 0;
  return zeros === 0 ? 0 : -zeros;
}

function kindOf(topic: unknown): { kind: StreamKind; interval: Interval | null } | null {
  if (typeof topic !== 'string') return null;
  if (topic === 'mergedDepth' || topic === 'depth' || topic === 'diffDepth' || topic === 'trade') return { kind: topic, interval: null };
  if (LIST_TOPICS.has(topic)) return { kind: topic as ListTopic, interval: null };
  const interval = topic.startsWith('kline_') ? parseInterval(topic.slice('kline_'.length)) : null;
  return interval ? { kind: 'kline', interval } : null;
}

function integer(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) ? n : null;
}

/** The symbols of a list topic's `symbol`: `ALL` (null) or a comma list of listed symbols. */
function listSymbols(market: MarketView, symbol: string): string[] | null | 'unknown' {
  if (symbol === 'ALL') return null;
  const symbols = symbol.split(',').map((s) => s.trim());
  return symbols.length > 0 && symbols.every((s) => market.isKnown(s)) ? symbols : 'unknown';
}

/** Resolves a sub/cancel request to its stream, or the error the client gets. */
/** Trades in the first push of a trade stream when the request names no smaller `limit`. */
export const FIRST_TRADES = 60;

export function resolveStream(market: MarketView, request: ClientRequest): StreamSpec | ErrorKind {
  const topic = kindOf(request.topic);
  if (!topic) return 'invalidTopic';
  const { kind, interval } = topic;
  if (typeof request.symbol !== 'string') return 'invalidSymbol';
  const symbol = request.symbol;
  const params = isRecord(request.params) ? request.params : {};
  const base = { topic: request.topic as string, symbol, kind, interval, limit: 0, dumpScale: null, mergeStep: null };

  if (kind === 'realtimes' || kind === 'notice' || kind === 'instrumentInfo') {
    const symbols = listSymbols(market, symbol);
    if (symbols === 'unknown') return 'invalidSymbol';
    return { ...base, key: `${kind}|${symbols?.join(',') ?? 'ALL'}`, symbols, push: { topic: kind, params } };
  }
  if (!market.isKnown(symbol)) return 'invalidSymbol';
  const asked = integer(request.limit);
  if (kind === 'trade') {
    // `limit`: trades in the first push (the page asks for 40, its latest-trades rows), at most 60.
    const limit = asked !== null && asked > 0 ? Math.min(asked, FIRST_TRADES) : FIRST_TRADES;
    return { ...base, key: `trade|${symbol}|${limit}`, symbols: [symbol], limit, push: { topic: 'trade', params } };
  }
  if (kind === 'kline') {
    return { ...base, key: `kline|${symbol}|${interval}`, symbols: [symbol], push: { topic: 'kline', params: { ...params, klineType: interval } } };
  }

  const max = DEPTH_LIMITS[kind];
  const limit = asked !== null && asked > 0 ? Math.min(asked, max) : max;
  if (kind !== 'mergedDepth') return { ...base, key: `${kind}|${symbol}|${limit}`, symbols: [symbol], limit, push: { topic: kind, params } };

  const dumpScale = integer(params.dumpScale);
  const tick = market.steps(symbol)?.tick;
  const step = market.mergeSteps(symbol).find((s) => scaleOfStep(s) === dumpScale);
  // A merge step finer than the tick could not be drawn from the book.
  if (dumpScale === null || step === undefined || !tick || (toUnits(step, tick) ?? 0) < 1) return 'dumpScale';
  return { ...base, key: `mergedDepth|${symbol}|${limit}|${dumpScale}`, symbols: [symbol], limit, dumpScale, mergeStep: step, push: { topic: kind, params } };
}
