/**
 * The order lists (spec 2 §7, §9): open ordinary orders, open plan orders,
 * order history and the unified account's order list. They answer code 200
 * ("Order list response code 200 expected"), newest first, 100 at most a page.
 */
import type { HttpHandler } from 'msw';
import { PLAN, type Order } from '../../exchange';
import { signedIn, type ExchangeContext } from '../accountContext';
import { badParam, unknownSymbol } from '../errors';
import { queryOf } from '../params';
import { route } from '../route';
import { listAnswer, requireUnified } from './answers';
import { DAY_MS, fromOrderIdOf, pageOf, planFilterOf, planTypesFilter, queryInteger, querySymbol, queryTime } from './params';
import { ORDER_PATHS } from './paths';
import { PLACED_BY_USER, type orderViews } from './view';

/** Spec 2 §9: order list page size 100. */
export const PAGE_SIZE = 100;
/** Spec 2 §2: history ranges of the last 7, 30 or 180 days; a longer span is refused. */
export const MAX_HISTORY_DAYS = 180;
/** Demo accounts keep their order history for 7 days; older orders are never answered. */
export const DEMO_HISTORY_DAYS = 7;

type PlanFilter = ReturnType<typeof planFilterOf>;

function matchesPlan(order: Order, filter: PlanFilter): boolean {
  if (filter === null) return true;
  if (filter === 'ordinary') return order.planType === PLAN.ORDINARY;
  return filter.includes(order.planType);
}

export function listHandlers(context: ExchangeContext, views: ReturnType<typeof orderViews>): HttpHandler[] {
  const { exchange } = context;

  const symbolFilter = (query: URLSearchParams, name: string): string | undefined => {
    const symbol = querySymbol(query, name);
    if (symbol && !exchange.instrument(symbol)) throw unknownSymbol(symbol);
    return symbol;
  };

  const openList = (plan: boolean) => (request: Request) => {
    const profile = signedIn(context, request);
    const query = queryOf(request);
    const from = fromOrderIdOf(query);
    const limit = queryInteger(query, 'limit', PAGE_SIZE, 1, PAGE_SIZE);
    const symbol = symbolFilter(query, 'symbol_id');
    const planTypes = plan ? planTypesFilter(query.get('plan_type'), query.get('plan_types'), false) : null;
    const open = exchange.openOrders(profile.userId, { symbol, plan }).filter((o) => matchesPlan(o, planTypes));
    return listAnswer({ list: pageOf(open, from, limit).map((o) => views.order(o)) });
  };

  return [
    route(context, ORDER_PATHS.openOrders, openList(false)),
    route(context, ORDER_PATHS.openPlanOrders, openList(true)),

    // Finished orders created in [start_time, end_time] (default: the last 7 days); ordinary by default, plan orders by plan_type.
    route(context, ORDER_PATHS.history, (request) => {
      const profile = signedIn(context, request);
      const query = queryOf(request);
      const now = context.now();
      const symbol = symbolFilter(query, 'symbol_id');
      const planTypes = planTypesFilter(query.get('plan_type'), query.get('plan_types'), true) ?? 'ordinary';
      const limit = queryInteger(query, 'limit', PAGE_SIZE, 1, PAGE_SIZE);
      const from = fromOrderIdOf(query);
      const end = queryTime(query, 'end_time') ?? now;
      let start = queryTime(query, 'start_time') ?? end - DEMO_HISTORY_DAYS * DAY_MS;
      if (start > end) throw badParam('start_time must not be after end_time');
      if (end - start > MAX_HISTORY_DAYS * DAY_MS) throw badParam(`start_time must be within ${MAX_HISTORY_DAYS} days of end_time`);
      if (profile.isDemo) start = Math.max(start, now - DEMO_HISTORY_DAYS * DAY_MS);
      const done = exchange
        .orderHistory(profile.userId)
        .filter((o) => o.createdAt >= start && o.createdAt <= end && (!symbol || o.symbol === symbol) && matchesPlan(o, planTypes));
      return listAnswer({ list: pageOf(done, from, limit).map((o) => views.order(o)) });
    }),

    // getUTAOrders: a unified account's open orders, ordinary and plan, read as result.result.
    route(context, ORDER_PATHS.utaOrders, (request) => {
      const profile = signedIn(context, request);
      requireUnified(profile, 'unified account order lists');
      const query = queryOf(request);
      const planTypes = planFilterOf(query.get('planType'), 'planType', true);
      const from = query.get('specialTradeFrom')?.trim();
      const special = from ? queryInteger(query, 'specialTradeFrom', PLACED_BY_USER, 0, 1_000_000) : null;
      const limit = queryInteger(query, 'limit', PAGE_SIZE, 1, PAGE_SIZE);
      const base = querySymbol(query, 'base_token_id');
      const quote = querySymbol(query, 'quote_token_id');
      const open = [...exchange.openOrders(profile.userId), ...exchange.openOrders(profile.userId, { plan: true })].filter((o) => {
        const inst = exchange.instrument(o.symbol)!;
        return matchesPlan(o, planTypes) && (special === null || special === PLACED_BY_USER) && (!base || inst.base === base) && (!quote || inst.quote === quote);
      });
      return listAnswer({ result: pageOf(open, null, limit).map((o) => views.order(o)) });
    }),
  ];
}
