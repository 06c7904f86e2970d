import { fromUnits } from '../../src/domain/units';
import type { MarketView } from '../gateway/types';
import type { Bar } from '../market/klines/aggregate';
import { unavailable, unknownSymbol } from './errors';
import { intervalParam, limitParam, requiredParam, timeParam } from './params';

type KlineRow = [time: string, open: string, high: string, low: string, close: string, volume: string];

function rowOf(bar: Bar, tick: string, lot: string): KlineRow {
  return [String(bar.t), fromUnits(bar.o, tick), fromUnits(bar.h, tick), fromUnits(bar.l, tick), fromUnits(bar.c, tick), fromUnits(bar.v, lot)];
}

/**
 * Kline history, Bybit v5 style: rows newest first, every value a string.
 * Every parameter is checked before waiting for the session, so a bad request
 * is refused at once instead of after a session load.
 */
export async function klines(market: MarketView, query: URLSearchParams) {
  const symbol = requiredParam(query, 'symbol');
  const interval = intervalParam(query);
  const limit = limitParam(query);
  const to = timeParam(query, 'to');
  if (!market.isKnown(symbol) || !(await market.want(symbol))) throw unknownSymbol(symbol);
  const steps = market.steps(symbol);
  if (!steps) throw unavailable(`market data of ${symbol} is not loaded`);
  const bars = market.klines(symbol, interval, { to, limit });
  const list: KlineRow[] = [];
  for (let i = bars.length - 1; i >= 0; i -= 1) list.push(rowOf(bars[i]!, steps.tick, steps.lot));
  return { symbol, interval, list };
}
