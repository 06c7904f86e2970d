/**
 * The user's fills (spec 2 §7, §9): deal history of the last 90 days, the
 * chart's trade marks, and the average buy or sell price lines.
 */
import type { HttpHandler } from 'msw';
import { formatAmount, type Fill, type Side } from '../../exchange';
import { fromUnits } from '../../../src/domain/units';
import { signedIn, type ExchangeContext } from '../accountContext';
import { badParam, unknownSymbol } from '../errors';
import { queryOf } from '../params';
import { route } from '../route';
import { answer } from './answers';
import { DAY_MS, daySpanOf, queryInteger, querySymbol, queryTime, requiredQuery } from './params';
import { ORDER_PATHS } from './paths';
import type { orderViews } from './view';

/** Spec 2 §9: deal history and the average price window reach 90 days back. */
export const TRADE_DAYS = 90;
/** Spec 2 §9: at most 1000 trades go into an average. */
export const AVG_TRADE_LIMIT = 1000;
/** Spot in the chart calls' contractType. */
export const SPOT_CONTRACT_TYPE = 6;
/** The exchange keeps no margin versions: the chart calls always answer 0. */
const MAX_MARGIN_VERSION = 0;

/** getTradeAvgPriceForKLine sends side+1 (spec 2 §7): the page's side 0 (buy) comes as 1, 1 (sell) as 2. */
function klineSideOf(query: URLSearchParams): Side {
  const side = requiredQuery(query, 'side');
  if (side === '1') return 'Buy';
  if (side === '2') return 'Sell';
  throw badParam('side must be 1 (buy) or 2 (sell)');
}

/** getTradeAvgInfo's side: Buy or Sell, or the page's side code 0 (buy) or 1 (sell). */
function avgSideOf(query: URLSearchParams): Side {
  const side = requiredQuery(query, 'side').toLowerCase();
  if (side === 'buy' || side === '0') return 'Buy';
  if (side === 'sell' || side === '1') return 'Sell';
  throw badParam('side must be Buy or Sell (or 0 buy, 1 sell)');
}

function contractTypeOf(query: URLSearchParams): void {
  if (requiredQuery(query, 'contractType') !== String(SPOT_CONTRACT_TYPE)) throw badParam(`contractType must be ${SPOT_CONTRACT_TYPE} (spot)`);
}

/** The largest page of the deal history's paging. */
const MAX_TRADE_PAGE = 500;

const newestId = (fills: readonly Fill[]) => fills.reduce((best, f) => (BigInt(f.tradeId) > BigInt(best) ? f.tradeId : best), '0');

export function tradeHandlers(context: ExchangeContext, views: ReturnType<typeof orderViews>): HttpHandler[] {
  const { exchange } = context;

  const symbolOf = (query: URLSearchParams, name: string, required: boolean): string | undefined => {
    const symbol = required ? requiredQuery(query, name) : querySymbol(query, name);
    if (symbol && !exchange.instrument(symbol)) throw unknownSymbol(symbol);
    return symbol;
  };

  /** The user's fills in [start, end], newest first; nothing older than `days` before now. */
  const fillsIn = (userId: string, filter: { symbol?: string; side?: Side; start?: number; end?: number; days: number }): Fill[] => {
    const start = Math.max(filter.start ?? 0, context.now() - filter.days * DAY_MS);
    const end = filter.end ?? Infinity;
    if (start > end) throw badParam('start_time must not be after end_time');
    return exchange
      .fills(userId)
      .filter((f) => f.time >= start && f.time <= end && (!filter.symbol || f.symbol === filter.symbol) && (!filter.side || f.side === filter.side));
  };

  /** Quote paid or received and base quantity of fills of one symbol. */
  const sums = (symbol: string, fills: readonly Fill[]) => {
    const inst = exchange.instrument(symbol)!;
    return {
      value: formatAmount(fills.reduce((sum, f) => sum + f.value, 0n)),
      qty: fromUnits(fills.reduce((sum, f) => sum + f.qty, 0), inst.lot),
    };
  };

  return [
    // getTradeInfo: deal history split by side, at most 90 days back (an older start_time is moved up).
    route(context, ORDER_PATHS.tradeInfo, (request) => {
      const profile = signedIn(context, request);
      const query = queryOf(request);
      const symbol = symbolOf(query, 'symbol_id', false);
      const window = fillsIn(profile.userId, { symbol, start: queryTime(query, 'start_time'), end: queryTime(query, 'end_time'), days: TRADE_DAYS });
      // Paging (the chart's deal history): the `limit` newest fills older than `last_trade_id`; absent, every fill.
      const before = query.get('last_trade_id')?.trim();
      if (before && !/^\d+$/.test(before)) throw badParam('last_trade_id must be a trade id');
      const limit = queryInteger(query, 'limit', 0, 1, MAX_TRADE_PAGE);
      const older = before ? window.filter((f) => BigInt(f.tradeId) < BigInt(before)) : window;
      const fills = limit > 0 ? [...older].sort((a, b) => (BigInt(b.tradeId) > BigInt(a.tradeId) ? 1 : -1)).slice(0, limit) : older;
      return answer({
        buys: fills.filter((f) => f.side === 'Buy').map((f) => views.fill(f)),
        sells: fills.filter((f) => f.side === 'Sell').map((f) => views.fill(f)),
        lastTradeId: newestId(fills),
      });
    }),

    // getTradeInfoForKLine: the chart's buy and sell marks of one symbol.
    route(context, ORDER_PATHS.tradeInfoKline, (request) => {
      const profile = signedIn(context, request);
      const query = queryOf(request);
      contractTypeOf(query);
      const symbol = symbolOf(query, 'symbol', true)!;
      const list = fillsIn(profile.userId, { symbol, days: TRADE_DAYS }).map((f) => {
        const v = views.fill(f);
        // The fee too: the chart's marker shows it on hover without a second call.
        return { tradeId: v.tradeId, orderId: v.orderId, side: v.side, price: v.price, quantity: v.quantity, amount: v.amount, tokenFee: v.tokenFee, feeTokenId: v.feeTokenId, matchTime: v.matchTime };
      });
      return answer({ list, maxMarginVersion: MAX_MARGIN_VERSION });
    }),

    // getTradeAvgPriceForKLine: the totals behind the chart's average buy or sell price line.
    route(context, ORDER_PATHS.tradeAvgKline, (request) => {
      const profile = signedIn(context, request);
      const query = queryOf(request);
      contractTypeOf(query);
      const symbol = symbolOf(query, 'symbol', true)!;
      const side = klineSideOf(query);
      const days = daySpanOf(query);
      const total = sums(symbol, fillsIn(profile.userId, { symbol, side, days }));
      return answer({ sumExecValue: total.value, sumExecQty: total.qty, maxMarginVersion: MAX_MARGIN_VERSION });
    }),

    // getTradeAvgInfo: totals of the `limit` most recent fills of one side; average price = priceTotal / quantitySum.
    route(context, ORDER_PATHS.tradeAvgInfo, (request) => {
      const profile = signedIn(context, request);
      const query = queryOf(request);
      const symbol = symbolOf(query, 'symbol_id', true)!;
      const side = avgSideOf(query);
      const limit = queryInteger(query, 'limit', AVG_TRADE_LIMIT, 1, AVG_TRADE_LIMIT);
      const days = daySpanOf(query);
      const fills = fillsIn(profile.userId, { symbol, side, start: queryTime(query, 'start_time'), end: queryTime(query, 'end_time'), days }).slice(0, limit);
      const total = sums(symbol, fills);
      return answer({ lastTradeId: newestId(fills), priceTotal: total.value, quantitySum: total.qty });
    }),
  ];
}
