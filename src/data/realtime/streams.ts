/**
 * What the page can subscribe to on the quote socket (docs/api.md, "Topics"),
 * the key a subscription is known by, and the request frames for it.
 */
import type { Interval } from '../../domain/intervals';

export type DepthTopic = 'mergedDepth' | 'depth' | 'diffDepth';

export type StreamSpec =
  | { topic: 'mergedDepth'; symbol: string; dumpScale: number }
  | { topic: 'depth' | 'diffDepth' | 'trade' | 'notice' | 'instrumentInfo'; symbol: string }
  | { topic: 'kline'; symbol: string; interval: Interval }
  /** `symbol`: one symbolId, a comma list, or ALL */
  | { topic: 'realtimes'; symbol: string };

export type StreamTopic = StreamSpec['topic'];

/** Levels a side the page asks for: the documented maximum, so every widget can slice what it shows. */
export const DEPTH_LEVELS: Readonly<Record<DepthTopic, number>> = { mergedDepth: 40, depth: 200, diffDepth: 200 };

/** Spec 1 §5 realtime subscriptions: trades limit 40 (the latest-trades rows), klines limit 1 (the bar being drawn). */
export const TRADE_LIMIT = 40;
export const KLINE_LIMIT = 1;

/** The topic as written in sub/cancel frames: klines are `kline_{interval}`. */
export function wireTopic(spec: StreamSpec): string {
  return spec.topic === 'kline' ? `kline_${spec.interval}` : spec.topic;
}

/**
 * The identity of a stream on one socket: (topic, symbol, params). Only
 * params that select a different stream are part of it (dumpScale); `limit`
 * and `binary` are fixed by the page, so two widgets never ask for the same
 * stream twice with different options (the server would restart it).
 */
export function streamKey(spec: StreamSpec): string {
  const key = `${wireTopic(spec)}:${spec.symbol}`;
  return spec.topic === 'mergedDepth' ? `${key}:dumpScale=${spec.dumpScale}` : key;
}

interface RequestFrame {
  symbol: string;
  topic: string;
  event: 'sub' | 'cancel';
  limit?: number;
  params?: { dumpScale: number; binary: false };
}

/** The sub or cancel frame of a stream, exactly as docs/api.md shows it. */
export function requestFrame(spec: StreamSpec, event: 'sub' | 'cancel'): string {
  const frame: RequestFrame = { symbol: spec.symbol, topic: wireTopic(spec), event };
  if (spec.topic === 'mergedDepth') {
    frame.limit = DEPTH_LEVELS.mergedDepth;
    frame.params = { dumpScale: spec.dumpScale, binary: false };
  } else if (spec.topic === 'depth') {
    frame.limit = DEPTH_LEVELS.depth;
  } else if (spec.topic === 'trade') {
    frame.limit = TRADE_LIMIT;
  } else if (spec.topic === 'kline') {
    frame.limit = KLINE_LIMIT;
  }
  return JSON.stringify(frame);
}

export function pingFrame(value: number): string {
  return JSON.stringify({ ping: value });
}
