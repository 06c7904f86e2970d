import { getJson } from '../http';
import { decimal, list, record, str } from './parse';

export const TICKERS_PATH = '/spot/api/quote/v2/tickers';

/** 24 h ticker of spec 1 §3. Prices and volumes stay decimal strings; the change is a number for sorting and signs. */
export interface Ticker {
  symbol: string;
  lastPrice: string;
  markPrice: string;
  indexPrice: string;
  volume24h: string;
  turnover24h: string;
  /** change over 24 h in millionths: 19000 = +1.90 % */
  price24hPcntE6: number;
  highPrice24h: string;
  lowPrice24h: string;
  prevPrice24h: string;
}

const PRICE_FIELDS = ['lastPrice', 'markPrice', 'indexPrice', 'volume24h', 'turnover24h', 'highPrice24h', 'lowPrice24h', 'prevPrice24h'] as const;

export function parseTicker(value: unknown): Ticker {
  const o = record(value, 'ticker');
  const symbol = str(o, 'symbol', 'ticker');
  const what = `ticker ${symbol}`;
  const prices = Object.fromEntries(PRICE_FIELDS.map((key) => [key, decimal(o[key], `${what}.${key}`)])) as Record<(typeof PRICE_FIELDS)[number], string>;
  const change = Number(decimal(o.price24hPcntE6, `${what}.price24hPcntE6`));
  return { symbol, ...prices, price24hPcntE6: change };
}

export function parseTickerList(value: unknown): Ticker[] {
  return list(record(value, 'ticker list').list, 'ticker list').map(parseTicker);
}

/** Every symbol's ticker (no argument), or only the given ones. */
export async function fetchTickers(symbols?: readonly string[], signal?: AbortSignal): Promise<Ticker[]> {
  if (symbols === undefined) return getJson(TICKERS_PATH, parseTickerList, signal);
  if (symbols.length === 0) return [];
  return getJson(`${TICKERS_PATH}?${new URLSearchParams({ symbol: symbols.join(',') })}`, parseTickerList, signal);
}
