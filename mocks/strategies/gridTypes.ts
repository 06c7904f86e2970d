/**
 * The grid bot's inputs, its saved state and what the queries answer.
 * The state is plain JSON (numbers, strings, arrays): prices in ticks and
 * quantities in lots as the engine counts them, token amounts as decimal
 * strings (signed; exact to 1e-18), so a snapshot is the state itself.
 */
import type { ErrorCode } from '../exchange/errors';
import type { GridType } from './gridMath';

export type { GridType } from './gridMath';
export type Side = 'Buy' | 'Sell';

/** Spec 2 §3 bot statuses. RAW is a bot whose inputs are not checked yet: it lives only inside create(). */
export const BOT_STATUSES = ['RAW', 'REJECTED', 'NEW', 'INITIALIZING', 'RUNNING', 'CANCELLING', 'COMPLETED', 'AWAIT_ACTIVATION'] as const;
export type GridBotStatus = (typeof BOT_STATUSES)[number];

/** Spec 2 §3 close reasons. */
export const CLOSE_REASONS = ['unknown', 'closed manually', 'failed initiation', 'symbol delisted', 'stop loss', 'take profit', 'user ban'] as const;
export type GridCloseReason = (typeof CLOSE_REASONS)[number];

/** Statuses of the Running tab; the others (REJECTED, COMPLETED) are the Completed tab. */
export const LIVE_STATUSES: ReadonlySet<GridBotStatus> = new Set(['NEW', 'INITIALIZING', 'RUNNING', 'CANCELLING', 'AWAIT_ACTIVATION']);

/** A create call: decimals as strings, as the page sends them. */
export interface GridParams {
  symbol: string;
  minPrice: string;
  maxPrice: string;
  /** number of grids, 2 to MAX_GRIDS */
  gridNumber: number;
  type: GridType;
  /** investment: quote, base, or both (at least one above zero) */
  quoteInvestment?: string;
  baseInvestment?: string;
  /** start only once the last price reaches this (AWAIT_ACTIVATION until then) */
  entryPrice?: string;
  /** below minPrice: sell everything and stop when the last price falls to it */
  stopLossPrice?: string;
  /** above maxPrice: sell everything and stop when the last price rises to it */
  takeProfitPrice?: string;
  /** shift the grid up one level when the price leaves the top (5 grids or more) */
  trailing?: boolean;
}

/** The checked inputs in the instrument's units. */
export interface GridSettings {
  symbol: string;
  type: GridType;
  gridNumber: number;
  minPrice: number;
  maxPrice: number;
  quoteInvestment: string;
  baseInvestment: string;
  entryPrice: number | null;
  stopLoss: number | null;
  takeProfit: number | null;
  trailing: boolean;
}

/** A refusal: the engine's code and wording where an engine rule applies, else 170130 naming the field. */
export interface GridError {
  code: ErrorCode;
  /** which rule refused, for the page's message key */
  key: GridErrorKey;
  message: string;
}

export type GridErrorKey =
  | 'symbol' | 'notTrading' | 'account' | 'gridNumber' | 'type' | 'minPrice' | 'maxPrice' | 'priceRange' | 'gridTooDense'
  | 'trailing' | 'investment' | 'noPrice' | 'priceOutOfRange' | 'entryPrice' | 'stopLossPrice' | 'takeProfitPrice'
  | 'perGridBelowMinimum' | 'perGridAboveMaximum' | 'exchange' | 'botNotFound' | 'botFinished';

export type GridResult<T> = { ok: true; value: T } | { ok: false; error: GridError };

/**
 * An order the bot placed. Found again by its client id (the order events of
 * an order that fills inside its own create call arrive before the call
 * returns its id); `lots`, `value` and `fee` are what the bot has already
 * booked of its fills, so each order event books only the change.
 */
export interface TrackedOrder {
  clientOrderId: string;
  orderId: string | null;
  lots: number;
  value: string;
  fee: string;
  /** the bot cancelled it (closing, trailing): its end is expected */
  cancelling: boolean;
}

/** One grid: levels `index` and `index + 1` (absolute level numbers; trailing moves them up). */
export interface GridCell {
  index: number;
  /** a buy at the lower level or a sell at the upper one */
  side: Side;
  qty: number;
  /** null: to be placed (or refused last time: `refusal` says with what) */
  order: TrackedOrder | null;
  /** what this cell's grid buy paid and received: its sell completes a round trip */
  bought: { price: number; value: string; received: string } | null;
  refusal: number | null;
}

/** A market order the bot is waiting on: the start conversion, a trailing buy, or the closing sell. */
export interface GridTask {
  kind: 'start' | 'trail' | 'exit';
  side: Side;
  /** lots (by quantity) or a quote amount (a buy by value) */
  qty: string;
  byValue: boolean;
  order: TrackedOrder | null;
}

export interface GridBotState {
  botId: string;
  userId: string;
  settings: GridSettings;
  status: GridBotStatus;
  closeReason: GridCloseReason | null;
  /** why it was refused at the start (engine code and text) */
  failure: { code: number; message: string } | null;
  /** with an entry price: which way the last price must move to reach it */
  entryDirection: 'up' | 'down' | null;
  createdAt: number;
  startedAt: number | null;
  endedAt: number | null;
  /** reference price when it started (investment value) and the last price when it ended (final equity) */
  startPrice: number | null;
  endPrice: number | null;
  /** levels the grid trailed up by */
  offset: number;
  /** lots per grid */
  qty: number;
  /** what the bot holds, as its own fills booked it (its orders lock these in the account) */
  holdings: { quote: string; base: string };
  cells: GridCell[];
  task: GridTask | null;
  gridProfit: string;
  arbitrages: number;
  /** exchange times of round trips in the last 24 h */
  recentArbitrages: number[];
  /** client ids issued so far */
  orderSeq: number;
}

export interface GridDeskState {
  version: 1;
  botSeq: number;
  bots: GridBotState[];
}

/** What detail() answers: decimals as strings in the instrument's steps, times in exchange ms. */
export interface GridBotDetail {
  botId: string;
  symbol: string;
  type: GridType;
  gridNumber: number;
  status: GridBotStatus;
  closeReason: GridCloseReason | null;
  failure: { code: number; message: string } | null;
  /** the range now (trailing moves it up) */
  minPrice: string;
  maxPrice: string;
  levels: string[];
  entryPrice: string | null;
  stopLossPrice: string | null;
  takeProfitPrice: string | null;
  trailing: boolean;
  perGridQty: string;
  quoteInvestment: string;
  baseInvestment: string;
  /** quote value of the investment at the start price (at the last price before the start) */
  totalInvestment: string;
  /** quote + base × last price (the price at the end once it ended) */
  equity: string;
  /** what the bot's own fills left it: quote to the pair's amount step, base exact */
  holdings: { quote: string; base: string };
  totalProfit: string;
  gridProfit: string;
  /** total less grid profit: what the held base gained or lost */
  floatingProfit: string;
  /** annualised, percent with 2 decimals, over the running time */
  gridApr: string;
  totalApr: string;
  arbitrageCount: number;
  arbitrageCount24h: number;
  openOrders: number;
  startPrice: string | null;
  lastPrice: string | null;
  createdAt: number;
  startedAt: number | null;
  endedAt: number | null;
}
