import type { Interval } from '../../../src/domain/intervals';
import { aggregate, firstIndexAtOrAfter, type Bar } from './aggregate';
import type { BaseInterval, KlineHistory } from './generate';

/** Spec 1 §7/§9: a kline request returns 500 bars unless it asks otherwise. */
export const DEFAULT_KLINE_LIMIT = 500;

/**
 * The stored series each interval is built from: the finest one that reaches
 * far enough back for a full chart of that interval.
 */
export function baseOf(interval: Interval): '1s' | BaseInterval {
  switch (interval) {
    case '1s':
      return '1s';
    case '1m':
    case '3m':
    case '5m':
    case '15m':
    case '30m':
      return '1m';
    case '1h':
    case '2h':
    case '4h':
    case '6h':
    case '12h':
      return '1h';
    case '1d':
    case '1w':
    case '1M':
      return '1d';
  }
}

/**
 * All bars of `interval`, oldest first: the generated history from its base
 * followed by the session so far (1s bars from its trades). 1s has no history.
 * The history's last bar and the session's first share a bucket when the
 * session starts mid-bucket; they merge into one bar.
 */
export function klineSeries(history: KlineHistory, sessionSecondBars: readonly Bar[], interval: Interval): Bar[] {
  const base = baseOf(interval);
  if (base === '1s') return aggregate(sessionSecondBars, '1s', '1s');
  const session = aggregate(sessionSecondBars, '1s', base);
  return aggregate(history.bars[base].concat(session), base, interval);
}

export interface KlineQuery {
  /** only bars that open strictly before this time, ms (history paging) */
  to?: number;
  limit?: number;
}

/** The newest `limit` bars opening before `to`, oldest first. */
export function queryKlines(series: readonly Bar[], query: KlineQuery = {}): Bar[] {
  const limit = query.limit !== undefined && Number.isFinite(query.limit) && query.limit >= 1 ? Math.floor(query.limit) : DEFAULT_KLINE_LIMIT;
  const end = query.to === undefined ? series.length : firstIndexAtOrAfter(series, query.to);
  return series.slice(Math.max(0, end - limit), end);
}
