import { fromUnits } from '../../src/domain/units';
import type { Interval } from '../../src/domain/intervals';
import type { DemoMarket } from './demoMarkets';
import { generateHistory, klineSeries, queryKlines, secondBars, type Bar, type KlineHistory, type KlineQuery } from './klines';
import type { LoadedSession } from './replay/timeline';
import type { TradeEvent } from './types';

export interface KlineStore {
  readonly history: KlineHistory;
  /** The newest bars of an interval before `to` (default limit 500). */
  query(interval: Interval, query?: KlineQuery): Bar[];
}

/**
 * A market's candles: generated history that ends exactly where the recorded
 * session begins (its last bar closes at the session's first trade price),
 * followed by the session's own trades as 1 s bars, aggregated on demand.
 */
export function buildKlineStore(market: DemoMarket, session: LoadedSession): KlineStore {
  const trades = session.events.filter((e): e is TradeEvent => e.ch === 'trade' && e.msg.s === market.symbol);
  const first = trades[0];
  if (!first) throw new Error(`session of ${market.symbol} has no trades to anchor its history on`);
  const minutes = Math.max(1, (session.header.end - session.header.start) / 60_000);
  const lotsPerMinute = trades.reduce((sum, t) => sum + t.msg.q, 0) / minutes;
  const history = generateHistory({
    symbol: market.symbol,
    tick: market.tick,
    lot: market.lot,
    anchorPrice: fromUnits(first.msg.p, market.tick),
    anchorTime: session.header.start,
    seed: market.seed,
    volatility: market.volatility,
    volumePerMinute: Math.max(1, Math.round(lotsPerMinute)),
  });
  const seconds = secondBars(trades);
  const cache = new Map<Interval, Bar[]>();
  return {
    history,
    query(interval, query = {}) {
      let series = cache.get(interval);
      if (!series) cache.set(interval, (series = klineSeries(history, seconds, interval)));
      return queryKlines(series, query);
    },
  };
}
