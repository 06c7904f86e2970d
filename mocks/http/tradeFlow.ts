import type { HttpHandler } from 'msw';
import {
  EMPTY_LEDGER, FLOW_BUCKET_MS, FLOW_PERIODS, largeTradeThreshold, periodFlow, snapshotOf, type FlowPeriod, type FlowTotals,
} from '../../src/domain/tradeAnalysis';
import { decimalsOf } from '../../src/domain/units';
import { ok } from '../envelope';
import type { MarketView } from '../gateway/types';
import { unavailable, unknownSymbol } from './errors';
import type { MarketRouteContext } from './market';
import { queryOf, requiredParam } from './params';
import { route } from './route';

export const TRADE_FLOW_PATH = '/spot/api/quote/v5/trade_flow';

/** Values are price × quantity: the tick's and lot's decimals together, capped where a float stops being exact. */
const MAX_VALUE_DECIMALS = 12;

type BucketRow = [time: string, buyQty: string, sellQty: string, buyValue: string, sellValue: string, trades: string];

/**
 * Trade analysis (issue 6 part 1): the symbol's taker flow of the last 24 h
 * as the market's ledger holds it (src/domain/tradeAnalysis.ts), every
 * decimal a string like the kline rows. Parameters are checked before
 * waiting for the session, as for klines.
 */
export async function tradeFlow(market: MarketView, query: URLSearchParams, now: () => number) {
  const symbol = requiredParam(query, 'symbol');
  if (!market.isKnown(symbol) || !(await market.want(symbol))) throw unknownSymbol(symbol);
  const steps = market.steps(symbol);
  const found = market.tradeFlow?.(symbol);
  if (!steps || found === undefined) throw unavailable(`trade flow of ${symbol} is not available`);
  // null: the symbol has not opened yet, so nothing has traded.
  const ledger = found ?? EMPTY_LEDGER;
  const asOf = now();
  const snapshot = snapshotOf(ledger, asOf);
  const qtyDecimals = decimalsOf(steps.lot);
  const valueDecimals = Math.min(MAX_VALUE_DECIMALS, decimalsOf(steps.tick) + qtyDecimals);
  const qty = (n: number) => n.toFixed(qtyDecimals);
  const value = (n: number) => n.toFixed(valueDecimals);
  const totals = (f: FlowTotals) => ({
    buyQty: qty(f.buyQty), sellQty: qty(f.sellQty), buyValue: value(f.buyValue), sellValue: value(f.sellValue), netInflow: value(f.netInflow), trades: f.count,
  });
  const periods = Object.fromEntries(FLOW_PERIODS.map((p: FlowPeriod) => [p, totals(periodFlow(ledger, p, asOf))]));
  const threshold = largeTradeThreshold(periodFlow(ledger, '24h', asOf));
  return {
    symbol,
    asOf,
    since: snapshot.since,
    lastTradeId: snapshot.lastId === null ? null : String(snapshot.lastId),
    bucketMs: FLOW_BUCKET_MS,
    buckets: snapshot.buckets.map((b): BucketRow => [String(b.t), qty(b.buyQty), qty(b.sellQty), value(b.buyValue), value(b.sellValue), String(b.count)]),
    topTrades: snapshot.topTrades.map((trade) => ({ id: String(trade.id), t: trade.t, p: trade.p, q: trade.q, side: trade.buy ? 'buy' : 'sell' })),
    largeTradeMin: threshold === null ? null : value(threshold),
    periods,
  };
}

export function tradeFlowHandlers(context: MarketRouteContext): HttpHandler[] {
  return [
    route(context, TRADE_FLOW_PATH, async (request) => {
      if (!context.market) throw unavailable('market data is not available');
      return ok(await tradeFlow(context.market, queryOf(request), context.now));
    }),
  ];
}
