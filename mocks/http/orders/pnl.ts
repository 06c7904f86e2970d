/**
 * Realised P&L per pair over a window (the orders panel's P&L tab, spec 2
 * §2): the user's whole fill history goes to the average-cost walk, so
 * coins bought before the window carry their cost into it.
 */
import type { HttpHandler } from 'msw';
import { formatAmount, type Exchange, type Fill } from '../../exchange';
import { realisedPnl, type PnlFill } from '../../../src/domain/pnl';
import { fromUnits } from '../../../src/domain/units';
import { signedIn, type ExchangeContext } from '../accountContext';
import { badParam } from '../errors';
import { queryOf } from '../params';
import { route } from '../route';
import { answer } from './answers';
import { DEMO_HISTORY_DAYS, MAX_HISTORY_DAYS } from './lists';
import { DAY_MS, queryTime } from './params';
import { ORDER_PATHS } from './paths';

/** The page's default range, as the order history's. */
export const DEFAULT_PNL_DAYS = 7;

/** An engine fill in the walk's terms; null for a pair the exchange no longer lists (its units are unknown). */
export function pnlFillOf(exchange: Exchange, f: Fill): PnlFill | null {
  const inst = exchange.instrument(f.symbol);
  if (!inst) return null;
  return {
    symbol: f.symbol,
    base: inst.base,
    quote: inst.quote,
    side: f.side,
    time: f.time,
    price: fromUnits(f.price, inst.tick),
    qty: fromUnits(f.qty, inst.lot),
    value: formatAmount(f.value),
    fee: formatAmount(f.fee),
    feeCoin: f.feeToken,
    tradeId: f.tradeId,
  };
}

export function pnlHandler(context: ExchangeContext): HttpHandler {
  const { exchange } = context;
  return route(context, ORDER_PATHS.pnl, (request) => {
    const profile = signedIn(context, request);
    const query = queryOf(request);
    const now = context.now();
    const end = queryTime(query, 'end_time') ?? now;
    let start = queryTime(query, 'start_time') ?? end - DEFAULT_PNL_DAYS * DAY_MS;
    // The same refusals as the order history: the page offers the same 7, 30 and 180 days.
    if (start > end) throw badParam('start_time must not be after end_time');
    if (end - start > MAX_HISTORY_DAYS * DAY_MS) throw badParam(`start_time must be within ${MAX_HISTORY_DAYS} days of end_time`);
    // A demo account's history keeps 7 days: no P&L for trades whose orders it no longer shows.
    if (profile.isDemo) start = Math.max(start, now - DEMO_HISTORY_DAYS * DAY_MS);
    const fills = exchange.fills(profile.userId).flatMap((f) => pnlFillOf(exchange, f) ?? []);
    const report = realisedPnl(fills, { start, end });
    return answer({ startTime: start, endTime: end, ...report });
  });
}
