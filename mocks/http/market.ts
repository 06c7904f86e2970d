import type { HttpHandler } from 'msw';
import { ok } from '../envelope';
import type { MarketView } from '../gateway/types';
import { unavailable, unknownSymbol } from './errors';
import { klines } from './klines';
import { queryOf, requiredParam } from './params';
import { route, type RouteContext } from './route';
import { isListed, symbolList } from './symbols';
import { tickers } from './tickers';

export const MARKET_PATHS = {
  symbolList: '/spot/api/basic/symbol_list',
  tickers: '/spot/api/quote/v2/tickers',
  klines: '/spot/api/quote/v5/klines',
  notice: '/spot/api/basic/notice',
  serverTime: '/spot/api/basic/server_time',
} as const;

export interface MarketRouteContext extends RouteContext {
  market?: MarketView;
  /** exchange time: the market's clock when there is one */
  now: () => number;
}

/**
 * Market REST. Without a market (tests of the page shell) the symbol list is
 * the fixture as shipped, notices are none and the time is the scheduler's;
 * prices and klines need a market and are refused with 10016.
 */
export function marketHandlers(context: MarketRouteContext): HttpHandler[] {
  const { market } = context;
  const needMarket = (): MarketView => {
    if (!market) throw unavailable('market data is not available');
    return market;
  };
  return [
    route(context, MARKET_PATHS.symbolList, () => ok(symbolList(market))),
    route(context, MARKET_PATHS.tickers, async (request) => ok(await tickers(needMarket(), queryOf(request)))),
    route(context, MARKET_PATHS.klines, async (request) => ok(await klines(needMarket(), queryOf(request)))),
    route(context, MARKET_PATHS.notice, (request) => {
      const symbol = requiredParam(queryOf(request), 'symbol_id');
      if (!isListed(symbol, market)) throw unknownSymbol(symbol);
      return ok(noticeOf(market, symbol));
    }),
    route(context, MARKET_PATHS.serverTime, () => ok({ serverTime: context.now() })),
  ];
}

/** Only the fields of spec 1 §3, whatever else the hub keeps. */
function noticeOf(market: MarketView | undefined, symbol: string) {
  const notice = market?.notice(symbol);
  if (!notice) return null;
  const { symbolId, noticeType, noticeContent, noticeLinkUrl, onlineTime, nowTime } = notice;
  return { symbolId, noticeType, noticeContent, noticeLinkUrl, onlineTime, nowTime };
}
