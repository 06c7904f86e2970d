import type { GridRequestBody } from '../../domain/gridBot';
import { MalformedResponseError, postJson } from '../http';
import { decimal, list, millis, num, record, str } from './parse';

/** Paths of the grid bot calls (docs/api/grid-bot.md). */
export const GRID_API = {
  create: '/spot/api/grid/v1/create',
  list: '/spot/api/grid/v1/list',
  close: '/spot/api/grid/v1/close',
  backtest: '/spot/api/grid/v1/backtest',
} as const;

/** Spec 2 §3 bot statuses and close reasons. */
export const GRID_STATUSES = ['RAW', 'REJECTED', 'NEW', 'INITIALIZING', 'RUNNING', 'CANCELLING', 'COMPLETED', 'AWAIT_ACTIVATION'] as const;
export type GridBotStatus = (typeof GRID_STATUSES)[number];
export const GRID_CLOSE_REASONS = ['unknown', 'closed manually', 'failed initiation', 'symbol delisted', 'stop loss', 'take profit', 'user ban'] as const;
export type GridCloseReason = (typeof GRID_CLOSE_REASONS)[number];

/** A bot as the panel shows it (the exchange's detail, checked). */
export interface GridBot {
  botId: string;
  symbol: string;
  type: string;
  gridNumber: number;
  status: GridBotStatus;
  /** 'unknown' for a reason this page does not know */
  closeReason: GridCloseReason | null;
  minPrice: string;
  maxPrice: string;
  totalInvestment: string;
  totalProfit: string;
  gridProfit: string;
  floatingProfit: string;
  /** percent */
  gridApr: string;
  totalApr: string;
  arbitrageCount: number;
  arbitrageCount24h: number;
  equity: string;
  openOrders: number;
  createdAt: number;
  startedAt: number | null;
  endedAt: number | null;
}

const oneOf = <T extends string>(values: readonly T[], value: unknown, fallback: T | null): T | null =>
  typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : fallback;

export function parseGridBot(value: unknown, what = 'grid bot'): GridBot {
  const o = record(value, what);
  const status = oneOf(GRID_STATUSES, o.status, null);
  if (!status) throw new MalformedResponseError(`${what}.status is not a bot status`);
  const time = (key: string) => (o[key] === null || o[key] === undefined ? null : millis(o[key], `${what}.${key}`));
  return {
    botId: str(o, 'botId', what),
    symbol: str(o, 'symbol', what),
    type: str(o, 'type', what),
    gridNumber: num(o, 'gridNumber', what),
    status,
    closeReason: o.closeReason === null || o.closeReason === undefined ? null : oneOf(GRID_CLOSE_REASONS, o.closeReason, 'unknown'),
    minPrice: decimal(o.minPrice, `${what}.minPrice`),
    maxPrice: decimal(o.maxPrice, `${what}.maxPrice`),
    totalInvestment: decimal(o.totalInvestment, `${what}.totalInvestment`),
    totalProfit: decimal(o.totalProfit, `${what}.totalProfit`),
    gridProfit: decimal(o.gridProfit, `${what}.gridProfit`),
    floatingProfit: decimal(o.floatingProfit, `${what}.floatingProfit`),
    gridApr: decimal(o.gridApr, `${what}.gridApr`),
    totalApr: decimal(o.totalApr, `${what}.totalApr`),
    arbitrageCount: num(o, 'arbitrageCount', what),
    arbitrageCount24h: num(o, 'arbitrageCount24h', what),
    equity: decimal(o.equity, `${what}.equity`),
    openOrders: num(o, 'openOrders', what),
    createdAt: millis(o.createdAt, `${what}.createdAt`),
    startedAt: time('startedAt'),
    endedAt: time('endedAt'),
  };
}

export type GridCreateBody = GridRequestBody;

export function createGridBot(body: GridCreateBody): Promise<GridBot> {
  return postJson(GRID_API.create, body, (v) => parseGridBot(v));
}

/** Running (live) or Completed bots; of one pair, or of all (show all pairs). */
export function fetchGridBots(status: 'running' | 'completed', symbol: string | null, signal?: AbortSignal): Promise<GridBot[]> {
  return postJson(GRID_API.list, { status, ...(symbol ? { symbol } : {}) }, (v) => list(record(v, 'grid list').list, 'grid list').map((b, i) => parseGridBot(b, `grid list[${i}]`)), signal);
}

export function closeGridBot(botId: string): Promise<GridBot> {
  return postJson(GRID_API.close, { botId }, (v) => parseGridBot(v));
}

/** What the bot would have done over the loaded recorded session (docs/api/grid-bot.md "Backtest"). */
export interface GridBacktest {
  /** NO_TRADES: the pair has not traded yet in this session; NOT_STARTED: no moment of the window would have taken the bot; else the tested bot's last status */
  status: string;
  closeReason: string | null;
  from: number | null;
  to: number | null;
  spanMs: number;
  fills: number;
  roundTrips: number;
  gridProfit: string;
  /** signed: the unrealised part at the last price included */
  totalProfit: string;
  /** percent, annualised over the span */
  gridApr: string;
  totalApr: string;
  startPrice: string | null;
  endPrice: string | null;
}

export function parseGridBacktest(value: unknown): GridBacktest {
  const what = 'grid backtest';
  const o = record(value, what);
  const apr = record(o.apr, `${what}.apr`);
  const signed = (v: unknown, key: string) => {
    if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v)) return v;
    throw new MalformedResponseError(`${what}.${key} is not a decimal`);
  };
  const optional = <T>(v: unknown, read: (x: unknown) => T): T | null => (v === null || v === undefined ? null : read(v));
  return {
    status: str(o, 'status', what),
    closeReason: typeof o.closeReason === 'string' ? o.closeReason : null,
    from: optional(o.from, (v) => millis(v, `${what}.from`)),
    to: optional(o.to, (v) => millis(v, `${what}.to`)),
    spanMs: num(o, 'spanMs', what),
    fills: num(o, 'fills', what),
    roundTrips: num(o, 'roundTrips', what),
    gridProfit: signed(o.gridProfit, 'gridProfit'),
    totalProfit: signed(o.totalProfit, 'totalProfit'),
    gridApr: signed(apr.grid, 'apr.grid'),
    totalApr: signed(apr.total, 'apr.total'),
    startPrice: optional(o.startPrice, (v) => decimal(v, `${what}.startPrice`)),
    endPrice: optional(o.endPrice, (v) => decimal(v, `${what}.endPrice`)),
  };
}

export function backtestGridBot(body: GridRequestBody): Promise<GridBacktest> {
  return postJson(GRID_API.backtest, body, parseGridBacktest);
}
