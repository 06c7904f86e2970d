import type { KlineStrings } from '../../domain/chartStyles';
import type { Interval } from '../../domain/intervals';
import { getJson, MalformedResponseError } from '../http';
import { KLINE_PAGE_LIMIT } from '../../domain/klinePaging';
import { decimal, list, millis, record, str } from './parse';

// The paging rule lives in the domain (src/domain/klinePaging.ts); the constants stay reachable from here.
export { KLINE_PAGE_LIMIT, MAX_EXTRA_KLINE_PAGES } from '../../domain/klinePaging';

export const KLINES_PATH = '/spot/api/quote/v5/klines';

/** A kline bar of spec 1 §3: open time in ms, prices and volume as the exact decimal strings sent (the domain's shape). */
export type KlineBar = KlineStrings;

export interface KlineRequest {
  symbol: string;
  interval: Interval;
  /** bars per page, 1–1000; 500 when left out */
  limit?: number;
  /** only bars opening strictly before this time, ms (the next older page) */
  to?: number;
}

/** A row `[time, open, high, low, close, volume]` of the v5 list. */
export function parseKlineRow(value: unknown, what: string): KlineBar {
  const row = list(value, what);
  if (row.length < 6) throw new MalformedResponseError(`${what} has ${row.length} fields, not 6`);
  return {
    time: millis(row[0], `${what}.time`),
    open: decimal(row[1], `${what}.open`),
    high: decimal(row[2], `${what}.high`),
    low: decimal(row[3], `${what}.low`),
    close: decimal(row[4], `${what}.close`),
    volume: decimal(row[5], `${what}.volume`),
  };
}

/** The server sends newest first (as Bybit v5 does); the page gets oldest first, as a chart draws them. */
export function parseKlinePage(value: unknown): KlineBar[] {
  const o = record(value, 'kline page');
  const what = `klines of ${str(o, 'symbol', 'kline page')}`;
  const bars = list(o.list, what).map((row, i) => parseKlineRow(row, `${what}[${i}]`));
  return bars.sort((a, b) => a.time - b.time);
}

export function klinesPath({ symbol, interval, limit, to }: KlineRequest): string {
  const query = new URLSearchParams({ symbol, interval, limit: String(limit ?? KLINE_PAGE_LIMIT) });
  if (to !== undefined) query.set('to', String(to));
  return `${KLINES_PATH}?${query}`;
}

export function fetchKlines(request: KlineRequest, signal?: AbortSignal): Promise<KlineBar[]> {
  return getJson(klinesPath(request), parseKlinePage, signal);
}
