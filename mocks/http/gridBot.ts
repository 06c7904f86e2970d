/**
 * The grid bot calls (docs/api/grid-bot.md): create, list (running or
 * completed, of a pair or all) and close, over the grid bot desk
 * (mocks/strategies), and the backtest of a create body over the recorded
 * market replayed so far. The body is read strictly; the desk checks the rules.
 * Accounts the spec keeps away from the grid bot (spec 2 §5, §6: demo,
 * copy-trading-leader sub accounts, non-compliant users) are refused here
 * as the page hides the tool from them.
 */
import type { HttpHandler } from 'msw';
import type { AccountProfile } from '../accounts/profiles';
import { ERR } from '../exchange/errors';
import type { RecordedEvents, WindowRule } from '../market/hub/recordedWindow';
import type { GridBotDesk, GridParams } from '../strategies/gridBot';
import { backtestGrid, BACKTEST_WINDOW } from '../strategies/gridBacktest';
import { gridError } from '../strategies/gridValidate';
import { signedIn, type ExchangeContext } from './accountContext';
import { badParam, Refusal } from './errors';
import { answer, orderCall } from './orders/answers';
import { jsonObjectBody } from './params';

export const GRID_PATHS = {
  create: '/spot/api/grid/v1/create',
  list: '/spot/api/grid/v1/list',
  close: '/spot/api/grid/v1/close',
  backtest: '/spot/api/grid/v1/backtest',
} as const;

/** The grid bot is not offered to this account (170227, the exchange's "not supported"). */
export const GRID_NOT_FOR_ACCOUNT = 170227;

export interface GridContext extends ExchangeContext {
  gridBots?: GridBotDesk;
  /** the pair's replayed events up to now within `rule` (the market hub's recordedEvents); absent or null: none yet */
  backtestMarket?: (symbol: string, rule: WindowRule) => RecordedEvents | null;
}

function refuseAccount(profile: AccountProfile): void {
  if (profile.isDemo || (profile.isSubAccount && profile.copyTradeLeader) || profile.eaaRestricted) {
    throw new Refusal(GRID_NOT_FOR_ACCOUNT, 'the grid bot is not available for this account');
  }
}

const decimalText = (value: unknown, key: string): string | undefined => {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || !/^\d+(\.\d+)?$/.test(value)) throw badParam(`${key} must be a decimal string`);
  return value;
};

/** The create body: every field of its type, or 10001 naming the first that is not. */
export function readGridParams(body: Record<string, unknown>): GridParams {
  const symbol = body.symbol;
  if (typeof symbol !== 'string' || !/^[A-Z0-9]{2,20}$/.test(symbol)) throw badParam('symbol must be a pair id');
  const gridNumber = body.gridNumber;
  if (typeof gridNumber !== 'number' || !Number.isInteger(gridNumber)) throw badParam('gridNumber must be a whole number');
  if (body.type !== 'arithmetic' && body.type !== 'geometric') throw badParam('type must be arithmetic or geometric');
  if (body.trailing !== undefined && typeof body.trailing !== 'boolean') throw badParam('trailing must be true or false');
  const minPrice = decimalText(body.minPrice, 'minPrice');
  const maxPrice = decimalText(body.maxPrice, 'maxPrice');
  if (!minPrice || !maxPrice) throw badParam('minPrice and maxPrice are required');
  const optional = (key: keyof GridParams) => {
    const value = decimalText(body[key], key);
    return value === undefined ? {} : { [key]: value };
  };
  return {
    symbol,
    minPrice,
    maxPrice,
    gridNumber,
    type: body.type,
    ...optional('quoteInvestment'),
    ...optional('baseInvestment'),
    ...optional('entryPrice'),
    ...optional('stopLossPrice'),
    ...optional('takeProfitPrice'),
    ...(body.trailing === true ? { trailing: true } : {}),
  };
}

export function gridHandlers(context: GridContext): HttpHandler[] {
  const desk = () => {
    if (!context.gridBots) throw new Refusal(GRID_NOT_FOR_ACCOUNT, 'the grid bot is not available on this exchange');
    return context.gridBots;
  };
  return [
    orderCall(context, GRID_PATHS.create, async (request) => {
      const profile = signedIn(context, request);
      refuseAccount(profile);
      const params = readGridParams(await jsonObjectBody(request));
      const result = desk().create(profile.userId, params, context.now());
      if (!result.ok) throw new Refusal(result.error.code, result.error.message);
      return answer(result.value);
    }),
    orderCall(context, GRID_PATHS.list, async (request) => {
      const profile = signedIn(context, request);
      const body = await jsonObjectBody(request);
      if (body.status !== 'running' && body.status !== 'completed') throw badParam('status must be running or completed');
      if (body.symbol !== undefined && typeof body.symbol !== 'string') throw badParam('symbol must be a pair id');
      const symbol = typeof body.symbol === 'string' ? body.symbol : undefined;
      return answer({ list: desk().list(profile.userId, { status: body.status, ...(symbol ? { symbol } : {}) }) });
    }),
    orderCall(context, GRID_PATHS.close, async (request) => {
      const profile = signedIn(context, request);
      const body = await jsonObjectBody(request);
      if (typeof body.botId !== 'string' || body.botId === '') throw badParam('botId is required');
      const result = desk().close(profile.userId, body.botId, context.now());
      if (!result.ok) throw new Refusal(result.error.code, result.error.message);
      return answer(result.value);
    }),
    orderCall(context, GRID_PATHS.backtest, async (request) => {
      const profile = signedIn(context, request);
      refuseAccount(profile);
      desk();
      const params = readGridParams(await jsonObjectBody(request));
      const instrument = context.exchange.instrument(params.symbol);
      if (!instrument) throw new Refusal(ERR.SYMBOL, gridError('symbol', ERR.SYMBOL).message);
      const recorded = context.backtestMarket?.(params.symbol, BACKTEST_WINDOW) ?? null;
      // The live engine's fees, entry latency and queue model: the sandbox fills as the exchange would.
      const { makerFeePpm, takerFeePpm, latencyMs, queue } = context.exchange.options;
      const result = backtestGrid(params, {
        instrument,
        spec: recorded?.spec ?? { symbol: instrument.symbol, tick: instrument.tick, lot: instrument.lot },
        events: recorded?.events ?? [],
      }, { makerFeePpm, takerFeePpm, latencyMs, queue, account: context.exchange.account(profile.userId) });
      if (!result.ok) throw new Refusal(result.error.code, result.error.message);
      return answer(result.value);
    }),
  ];
}
