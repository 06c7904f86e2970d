/**
 * The strategy order calls (docs/api/strategy-orders.md): create, cancel
 * and list TWAP, iceberg and chase orders, over the strategy desk
 * (mocks/strategies/algoDesk.ts). Bodies are read strictly (every field of
 * its type, no field another type uses); the desk checks the rules.
 * Spec 2 §5: the split tools (twap, iceberg) need a unified, compliant
 * account; chase is held to the same (the spec gives it no rule of its own).
 */
import type { HttpHandler } from 'msw';
import type { AccountProfile } from '../accounts/profiles';
import { STRATEGY_FINISHED, STRATEGY_RUNNING, STRATEGY_TYPES, type AlgoDesk, type AlgoDetail, type AlgoParams, type StrategyStatus } from '../strategies/algoDesk';
import { signedIn, type ExchangeContext } from './accountContext';
import { badParam, Refusal } from './errors';
import { answer, orderCall, refuseBlockedMargin } from './orders/answers';
import { jsonObjectBody, queryOf } from './params';
import { route } from './route';

export const STRATEGY_PATHS = {
  create: '/spot/api/strategy/v1/create',
  cancel: '/spot/api/strategy/v1/cancel',
  list: '/spot/api/strategy/v1/list',
} as const;

/** The tool is not offered to this account (170227, the exchange's "not supported"). */
export const STRATEGY_NOT_FOR_ACCOUNT = 170227;
export const CATEGORY = 'UTA_SPOT';
/** Spec 2 §9: 80 running strategies a page, 20 finished; never more than 80. */
export const PAGE_SIZE: Readonly<Record<StrategyStatus, number>> = { [STRATEGY_RUNNING]: 80, [STRATEGY_FINISHED]: 20 };
export const MAX_PAGE_SIZE = 80;

export interface StrategyContext extends ExchangeContext {
  algoOrders?: AlgoDesk;
}

type Body = Record<string, unknown>;

const COMMON = ['strategyType', 'category', 'symbol', 'side', 'size'];
const FIELDS: Readonly<Record<AlgoParams['strategyType'], readonly string[]>> = {
  twap: ['durationSec', 'intervalSec', 'priceLimit'],
  iceberg: ['price', 'visibleSize', 'randomize'],
  chase: ['chasePercentE4', 'maxChasePrice'],
};

function refuseAccount(profile: AccountProfile): void {
  if (profile.accountType !== 'UTA') throw new Refusal(STRATEGY_NOT_FOR_ACCOUNT, 'strategy orders need a unified trading account');
  if (profile.eaaRestricted) throw new Refusal(STRATEGY_NOT_FOR_ACCOUNT, 'strategy orders are not available for this account');
}

/** A POST list may carry its fields in the query instead: an empty body is then no body at all. */
async function bodyOrNothing(request: Request): Promise<Body> {
  const text = await request.clone().text();
  return text.trim() === '' ? {} : jsonObjectBody(request);
}

const decimalText = (body: Body, key: string, required: boolean): string | undefined => {
  const value = body[key];
  if (value === undefined || value === null || value === '') {
    if (required) throw badParam(`${key} is required`);
    return undefined;
  }
  if (typeof value !== 'string' || !/^\d+(\.\d+)?$/.test(value)) throw badParam(`${key} must be a decimal string`);
  return value;
};

const wholeNumber = (body: Body, key: string): number => {
  const value = body[key];
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw badParam(`${key} must be a whole number`);
  return value;
};

function readCategory(value: unknown): void {
  if (value !== undefined && value !== CATEGORY) throw badParam(`category must be ${CATEGORY}`);
}

/** The create body: every field of its type, or 10001 naming the first that is not. */
export function readStrategyParams(body: Body): AlgoParams {
  const type = body.strategyType;
  if (typeof type !== 'string' || !(STRATEGY_TYPES as readonly string[]).includes(type)) throw badParam(`strategyType must be one of ${STRATEGY_TYPES.join(', ')}`);
  const strategyType = type as AlgoParams['strategyType'];
  const allowed = new Set([...COMMON, ...FIELDS[strategyType]]);
  const stray = Object.keys(body).find((key) => !allowed.has(key));
  if (stray !== undefined) throw badParam(`${stray} is not a field of a ${strategyType} order`);
  readCategory(body.category);
  if (typeof body.symbol !== 'string' || !/^[A-Z0-9]{2,20}$/.test(body.symbol)) throw badParam('symbol must be a pair id');
  if (body.side !== 'Buy' && body.side !== 'Sell') throw badParam('side must be Buy or Sell');
  const common = { strategyType, symbol: body.symbol, side: body.side, size: decimalText(body, 'size', true)! } as const;
  const optional = (key: 'priceLimit' | 'maxChasePrice') => {
    const value = decimalText(body, key, false);
    return value === undefined ? {} : { [key]: value };
  };
  switch (strategyType) {
    case 'twap':
      return { ...common, durationSec: wholeNumber(body, 'durationSec'), intervalSec: wholeNumber(body, 'intervalSec'), ...optional('priceLimit') };
    case 'iceberg': {
      const price = decimalText(body, 'price', true)!;
      const visibleSize = decimalText(body, 'visibleSize', true)!;
      if (body.randomize !== undefined && typeof body.randomize !== 'boolean') throw badParam('randomize must be true or false');
      return { ...common, price, visibleSize, ...(body.randomize === true ? { randomize: true } : {}) };
    }
    case 'chase':
      return { ...common, chasePercentE4: wholeNumber(body, 'chasePercentE4'), ...optional('maxChasePrice') };
  }
}

export interface ListQuery {
  status: StrategyStatus;
  strategyType?: AlgoParams['strategyType'];
  symbol?: string;
  pageSize: number;
  /** where the previous page ended (its `nextPageCursor`) */
  cursor?: string;
}

/** The list query from a body (numbers) or a URL query (text): the same fields, read the same way. */
export function readListQuery(raw: Body): ListQuery {
  const known = new Set(['status', 'category', 'strategyType', 'symbol', 'pageSize', 'cursor']);
  const stray = Object.keys(raw).find((key) => !known.has(key));
  if (stray !== undefined) throw badParam(`${stray} is not a field of the strategy list`);
  const int = (v: unknown) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v);
  const status = int(raw.status);
  if (status !== STRATEGY_RUNNING && status !== STRATEGY_FINISHED) throw badParam('status must be 2 (running) or 3 (finished)');
  readCategory(raw.category === '' ? undefined : raw.category);
  const type = raw.strategyType === '' ? undefined : raw.strategyType;
  if (type !== undefined && !(STRATEGY_TYPES as readonly unknown[]).includes(type)) throw badParam(`strategyType must be one of ${STRATEGY_TYPES.join(', ')}`);
  const symbol = raw.symbol === '' ? undefined : raw.symbol;
  if (symbol !== undefined && (typeof symbol !== 'string' || !/^[A-Z0-9]{2,20}$/.test(symbol))) throw badParam('symbol must be a pair id');
  const size = raw.pageSize === undefined || raw.pageSize === '' ? PAGE_SIZE[status] : int(raw.pageSize);
  if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 1 || size > MAX_PAGE_SIZE) throw badParam(`pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}`);
  const cursor = raw.cursor === undefined || raw.cursor === '' ? undefined : raw.cursor;
  if (cursor !== undefined && (typeof cursor !== 'string' || !CURSOR.test(cursor))) throw badParam('cursor must be a nextPageCursor of this list');
  return {
    status, pageSize: size,
    ...(type !== undefined ? { strategyType: type as AlgoParams['strategyType'] } : {}),
    ...(symbol !== undefined ? { symbol: symbol as string } : {}),
    ...(cursor !== undefined ? { cursor: cursor as string } : {}),
  };
}

/** A page ends at a strategy: its creation time and id (the list's order), so a page never repeats or skips one. */
const CURSOR = /^(\d+)_(\d+)$/;
const cursorOf = (d: AlgoDetail) => `${d.createdTime}_${d.strategyId}`;

/** Newest first: the rows after the cursor's, `pageSize` of them, and the cursor of the next page ('' at the end). */
export function pageOf(rows: readonly AlgoDetail[], query: ListQuery): { list: AlgoDetail[]; nextPageCursor: string } {
  let start = 0;
  if (query.cursor) {
    const [, time, id] = CURSOR.exec(query.cursor)!;
    const after = (d: AlgoDetail) => d.createdTime < Number(time) || (d.createdTime === Number(time) && d.strategyId.slice(2) < id!.slice(2));
    start = rows.findIndex(after);
    if (start < 0) start = rows.length;
  }
  const list = rows.slice(start, start + query.pageSize);
  const more = start + query.pageSize < rows.length;
  return { list, nextPageCursor: more ? cursorOf(list.at(-1)!) : '' };
}

export function strategyHandlers(context: StrategyContext): HttpHandler[] {
  const desk = () => {
    if (!context.algoOrders) throw new Refusal(STRATEGY_NOT_FOR_ACCOUNT, 'strategy orders are not available on this exchange');
    return context.algoOrders;
  };
  const list = async (request: Request, read: () => Promise<Body> | Body) => {
    const profile = signedIn(context, request);
    const query = readListQuery(await read());
    const rows = desk().list(profile.userId, { status: query.status, strategyType: query.strategyType, symbol: query.symbol });
    return answer(pageOf(rows, query));
  };
  return [
    orderCall(context, STRATEGY_PATHS.create, async (request) => {
      const profile = signedIn(context, request);
      refuseAccount(profile);
      refuseBlockedMargin(profile);
      const params = readStrategyParams(await jsonObjectBody(request));
      const result = desk().create(profile.userId, params, context.now());
      if (!result.ok) throw new Refusal(result.error.code, result.error.message);
      return answer(result.value);
    }),
    orderCall(context, STRATEGY_PATHS.cancel, async (request) => {
      const profile = signedIn(context, request);
      const body = await jsonObjectBody(request);
      if (typeof body.strategyId !== 'string' || !/^\d+$/.test(body.strategyId)) throw badParam('strategyId must be a strategy id (digits)');
      const result = desk().cancel(profile.userId, body.strategyId, context.now());
      if (!result.ok) throw new Refusal(result.error.code, result.error.message);
      return answer(result.value);
    }),
    // The body's fields win over the query's; a GET has only the query.
    orderCall(context, STRATEGY_PATHS.list, async (request) => list(request, async () => ({ ...Object.fromEntries(queryOf(request)), ...(await bodyOrNothing(request)) }))),
    route(context, STRATEGY_PATHS.list, (request) => list(request, () => Object.fromEntries(queryOf(request)))),
  ];
}
