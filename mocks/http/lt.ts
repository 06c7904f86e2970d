/**
 * The leveraged-token calls (docs/api/lt.md) over the LT desk (mocks/lt):
 * symbol info, live info and NAV candles (visitors may read them), subscribe
 * and redeem (answered once the exchange state is saved), and the user's LT
 * orders. Queries and bodies are read strictly (10001 naming the field).
 * A call is checked in this order: sign-in (10007), the request (10001, and
 * 170121 for a pair that is not a leveraged token), the account (176011: spec
 * 2 §6 keeps demo accounts and accounts without the compliance flag out of
 * LT), then the desk's chain of spec 2 §5 (176001–176010).
 */
import type { HttpHandler } from 'msw';
import type { AccountProfile } from '../accounts/profiles';
import { parseAmount, type Amount } from '../exchange/amount';
import type { MarketView } from '../gateway/types';
import type { LtDesk, LtOrderQuery } from '../lt/ltDesk';
import { computeNavHistory, navHistoryCache } from '../lt/ltHistory';
import { LT_ERRORS, navText, onStep, REDEMPTION, SUBSCRIPTION } from '../lt/ltOrders';
import { aggregateBars, INTERVAL_MS, joinBars, NAV_INTERVALS, type NavBar, type NavInterval } from '../lt/navBars';
import type { LtSpec } from '../lt/registry';
import { signedIn, type AccountContext } from './accountContext';
import { badParam, REST_ERRORS, Refusal } from './errors';
import { answer, orderCall } from './orders/answers';
import { jsonObjectBody, queryOf } from './params';
import { route } from './route';

export const LT_PATHS = {
  symbolInfo: '/spot/api/lt/v1/symbol-info',
  info: '/spot/api/lt/v1/info',
  kline: '/spot/api/lt/v1/kline',
  subscribe: '/spot/api/lt/v1/subscribe',
  redeem: '/spot/api/lt/v1/redeem',
  orders: '/spot/api/lt/v1/orders',
} as const;

export const KLINE_LIMIT = { default: 300, max: 1000 } as const;
export const ORDERS_LIMIT = { default: 20, max: 50 } as const;
/** Spec 2 §2: records of the last 7, 30 or 180 days. */
export const RECORD_DAYS: readonly number[] = [7, 30, 180];

export interface LtContext extends AccountContext {
  lt?: LtDesk;
  /** the live market: loads the underlying's replay (in-page it loads on demand) and holds its candle history */
  market?: MarketView;
}

const PAIR_ID = /^[A-Z0-9]{2,20}$/;
const DECIMAL = /^\d+(\.\d+)?$/;

/** A query's parameters, each known to the call; empty ones count as absent. */
function queryFields(request: Request, known: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of queryOf(request)) {
    if (!known.includes(key)) throw badParam(`${key} is not a parameter of this call`);
    if (value.trim() !== '') out[key] = value.trim();
  }
  return out;
}

function tokenOf(desk: LtDesk, symbolId: string | undefined): LtSpec {
  if (symbolId === undefined) throw badParam('symbolId is required');
  if (!PAIR_ID.test(symbolId)) throw badParam('symbolId must be a pair id');
  const spec = desk.registry.bySymbol(symbolId);
  if (!spec) throw new Refusal(REST_ERRORS.unknownSymbol, `${symbolId} is not a leveraged token`);
  return spec;
}

/** Spec 2 §6: demo accounts may not (operation unsupported); nor may accounts without the compliance flag. */
function refuseAccount(profile: AccountProfile): void {
  if (profile.isDemo) throw new Refusal(LT_ERRORS.notForAccount, 'operation unsupported for demo accounts');
  if (profile.eaaRestricted) throw new Refusal(LT_ERRORS.notForAccount, 'leveraged tokens are not available for this account');
}

/** A whole number from a query within [min, max], or `fallback` when absent. */
function wholeParam(fields: Record<string, string>, key: string, min: number, max: number, fallback: number): number {
  const raw = fields[key];
  if (raw === undefined) return fallback;
  const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!(value >= min && value <= max)) throw badParam(`${key} must be a whole number from ${min} to ${max}`);
  return value;
}

interface OrderBody {
  spec: LtSpec;
  /** null: empty (176001) */
  amount: Amount | null;
}

/** `{symbolId, amount}` or `{symbolId, quantity}`, nothing else; the value on the pair's step. */
async function readOrderBody(desk: LtDesk, request: Request, field: 'amount' | 'quantity', what: string): Promise<OrderBody> {
  const body = await jsonObjectBody(request);
  const stray = Object.keys(body).find((key) => key !== 'symbolId' && key !== field);
  if (stray !== undefined) throw badParam(`${stray} is not a field of a ${what}`);
  if (body.symbolId !== undefined && typeof body.symbolId !== 'string') throw badParam('symbolId must be a pair id');
  const raw = body[field];
  let amount: Amount | null = null;
  if (raw !== undefined && raw !== null && raw !== '') {
    if (typeof raw !== 'string' || !DECIMAL.test(raw)) throw badParam(`${field} must be a decimal string`);
    amount = parseAmount(raw);
    if (amount === null) throw badParam(`${field} has too many decimals`);
  }
  const spec = tokenOf(desk, body.symbolId as string | undefined);
  const step = field === 'amount' ? spec.quoteStep : spec.tokenStep;
  if (amount !== null && !onStep(amount, step)) throw badParam(`${field} must be a multiple of ${step}`);
  return { spec, amount };
}

function readOrdersQuery(desk: LtDesk, request: Request): LtOrderQuery {
  const fields = queryFields(request, ['orderType', 'days', 'symbolId', 'cursor', 'limit']);
  const orderType = fields.orderType === '1' ? SUBSCRIPTION : fields.orderType === '2' ? REDEMPTION : null;
  if (orderType === null) throw badParam('orderType must be 1 (subscription) or 2 (redemption)');
  const days = fields.days === undefined ? 7 : Number(fields.days);
  if (!RECORD_DAYS.includes(days) || (fields.days !== undefined && !/^\d+$/.test(fields.days))) throw badParam('days must be 7, 30 or 180');
  if (fields.cursor !== undefined && !/^lt-\d+$/.test(fields.cursor)) throw badParam('cursor must be a nextCursor of this list');
  const limit = wholeParam(fields, 'limit', 1, ORDERS_LIMIT.max, ORDERS_LIMIT.default);
  const symbolId = fields.symbolId === undefined ? undefined : tokenOf(desk, fields.symbolId).symbolId;
  return { orderType, days, limit, ...(symbolId ? { symbolId } : {}), ...(fields.cursor ? { cursor: fields.cursor } : {}) };
}

const barView = (b: NavBar) => ({ t: b.t, o: navText(b.o), h: navText(b.h), l: navText(b.l), c: navText(b.c), st: b.st });

export function ltHandlers(context: LtContext): HttpHandler[] {
  const desk = () => {
    if (!context.lt) throw new Refusal(LT_ERRORS.notForAccount, 'leveraged tokens are not available on this exchange');
    return context.lt;
  };
  const history = context.market ? navHistoryCache(context.market) : null;
  // In-page the replay loads a pair when something wants it: the NAV moves only while its underlying replays.
  const wantUnderlying = (spec: LtSpec) => context.market?.want(spec.underlying) ?? Promise.resolve(false);

  function navBars(spec: LtSpec, interval: NavInterval, limit: number): NavBar[] {
    const live = desk().liveBars(spec.symbolId);
    const start = live.start ?? { t: context.now(), nav: Number(desk().info(spec.symbolId, context.now()).nav) };
    // Before the first live NAV the history's end is not known for good: computed, not kept.
    const past = !context.market ? null : live.start ? history!(spec, start.t, start.nav) : computeNavHistory(context.market, spec, start.t, start.nav);
    const liveBars = interval === '1m' ? [...live.bars] : aggregateBars(live.bars, INTERVAL_MS[interval]);
    return joinBars(past?.[interval] ?? [], liveBars).slice(-limit);
  }

  const order = (path: string, field: 'amount' | 'quantity', what: string) =>
    orderCall(context, path, async (request) => {
      const profile = signedIn(context, request);
      const { spec, amount } = await readOrderBody(desk(), request, field, what);
      refuseAccount(profile);
      const made = field === 'amount'
        ? desk().subscribe(profile.userId, spec.symbolId, amount, context.now())
        : desk().redeem(profile.userId, spec.symbolId, amount, context.now());
      if (!made.ok) throw new Refusal(made.error.code, made.error.message);
      return answer(made.value);
    });

  return [
    route(context, LT_PATHS.symbolInfo, (request) => {
      const spec = tokenOf(desk(), queryFields(request, ['symbolId']).symbolId);
      const profile = context.accounts.accountOf(request);
      return answer(desk().symbolInfo(spec.symbolId, profile?.userId ?? null, context.now()));
    }),
    route(context, LT_PATHS.info, (request) => {
      const spec = tokenOf(desk(), queryFields(request, ['symbolId']).symbolId);
      void wantUnderlying(spec);
      return answer(desk().info(spec.symbolId, context.now()));
    }),
    route(context, LT_PATHS.kline, async (request) => {
      const fields = queryFields(request, ['symbolId', 'interval', 'limit']);
      const spec = tokenOf(desk(), fields.symbolId);
      const interval = fields.interval as NavInterval | undefined;
      if (interval === undefined || !NAV_INTERVALS.includes(interval)) throw badParam(`interval must be one of ${NAV_INTERVALS.join(', ')}`);
      const limit = wholeParam(fields, 'limit', 1, KLINE_LIMIT.max, KLINE_LIMIT.default);
      await wantUnderlying(spec);
      return answer({ list: navBars(spec, interval, limit).map(barView) });
    }),
    order(LT_PATHS.subscribe, 'amount', 'subscription'),
    order(LT_PATHS.redeem, 'quantity', 'redemption'),
    route(context, LT_PATHS.orders, (request) => {
      const profile = signedIn(context, request);
      const query = readOrdersQuery(desk(), request);
      refuseAccount(profile);
      return answer(desk().orders(profile.userId, query, context.now()));
    }),
  ];
}
