/**
 * The algorithmic (strategy) orders' inputs, saved state and what the
 * queries answer: TWAP, iceberg and chase (spec 2 §3 "Strategy order").
 * The state is plain JSON, prices in ticks and quantities in lots as the
 * engine counts them, token amounts as decimal strings, so a snapshot is
 * the state itself.
 */
import type { ErrorCode } from '../exchange/errors';

export type Side = 'Buy' | 'Sell';

export const STRATEGY_TYPES = ['twap', 'iceberg', 'chase'] as const;
export type StrategyType = (typeof STRATEGY_TYPES)[number];

/** Spec 2 §3: 2 running (the current list), 3 finished (the history list). */
export const STRATEGY_RUNNING = 2;
export const STRATEGY_FINISHED = 3;
export type StrategyStatus = typeof STRATEGY_RUNNING | typeof STRATEGY_FINISHED;

/**
 * Why a strategy finished. completed: its size executed (or what is left is
 * below the pair's minimum order and cannot be sent); cancelled: the user
 * cancelled the strategy; expired: a TWAP's time ran out first; failed: the
 * exchange refused a child (balance, account), `failure` says why; unknown:
 * a child ended without the strategy asking (the user cancelled it, an
 * account reset), as the grid desk closes a bot whose order went.
 */
export const END_REASONS = ['completed', 'cancelled', 'expired', 'failed', 'unknown'] as const;
export type EndReason = (typeof END_REASONS)[number];

/** A create call: decimals as strings, as the page sends them; the fields of its type only. */
export interface AlgoParams {
  strategyType: StrategyType;
  symbol: string;
  side: Side;
  /** total base quantity */
  size: string;
  /** twap: 300…86400 s in all, a slice every 5…600 s */
  durationSec?: number;
  intervalSec?: number;
  /** twap: a buy never pays above it, a sell never sells below */
  priceLimit?: string;
  /** iceberg: the limit price of every child */
  price?: string;
  /** iceberg: the most that rests on the book at once */
  visibleSize?: string;
  /** iceberg: each child somewhere in [0.8 × visible, visible] */
  randomize?: boolean;
  /** chase: offset from the best same-side price, percent × 1e4 (0…10000, i.e. at most 1 %) */
  chasePercentE4?: number;
  /** chase: a buy never re-prices above it, a sell never below */
  maxChasePrice?: string;
}

/** The checked inputs of each type, in the instrument's units. */
export type AlgoSettings =
  | { type: 'twap'; durationMs: number; intervalMs: number; slices: number; priceLimit: number | null }
  | { type: 'iceberg'; price: number; visibleLots: number; randomize: boolean }
  | { type: 'chase'; chasePercentE4: number; maxChasePrice: number | null };

/** A refusal: the engine's code and wording where an engine rule applies, else 170130; `field` names the input. */
export interface AlgoError {
  code: ErrorCode;
  field: string;
  message: string;
}

export type AlgoResult<T> = { ok: true; value: T } | { ok: false; error: AlgoError };

/**
 * The strategy's live child order. Found again by its client id (the events
 * of an order that fills inside its own create call come before the call
 * returns its id); `lots`, `value` and `fee` are what the strategy has
 * already booked of its fills, so each event books only the change.
 */
export interface AlgoChild {
  clientOrderId: string;
  orderId: string | null;
  /** lots and price asked (a chase's re-pricing moves the price) */
  qty: number;
  price: number;
  lots: number;
  value: string;
  fee: string;
  /** the strategy cancelled it: its end is expected */
  cancelling: boolean;
}

export interface AlgoStrategyState {
  strategyId: string;
  userId: string;
  symbol: string;
  side: Side;
  /** lots in all */
  size: number;
  settings: AlgoSettings;
  status: StrategyStatus;
  endReason: EndReason | null;
  /** the exchange's refusal that failed it */
  failure: { code: number; message: string } | null;
  createdAt: number;
  updatedAt: number;
  endedAt: number | null;
  executedLots: number;
  executedValue: string;
  /** fees paid: base for a buy, quote for a sell (as the engine charges them) */
  fee: string;
  child: AlgoChild | null;
  /** twap: the next slice to send (0-based; slice k is due at createdAt + k × interval) */
  nextSlice: number;
  /** iceberg: the randomiser's state (a seeded generator: the same inputs give the same children) */
  rng: number;
  /** client ids issued so far */
  orderSeq: number;
}

export interface AlgoDeskState {
  version: 1;
  seq: number;
  strategies: AlgoStrategyState[];
}

/** Who a change was about (the runtime pushes it to that user). */
export interface AlgoChange {
  userId: string;
  strategyId: string;
}

/** What detail() and list() answer: decimals as strings in the instrument's steps, times in exchange ms. */
export interface AlgoDetail {
  strategyId: string;
  strategyType: StrategyType;
  symbol: string;
  category: 'UTA_SPOT';
  side: Side;
  status: StrategyStatus;
  size: string;
  executedSize: string;
  /** executed value over executed size, on the tick; '0' before anything executed */
  avgPrice: string;
  executedValue: string;
  fee: string;
  feeCoin: string;
  createdTime: number;
  updatedTime: number;
  endedTime: number | null;
  endReason: EndReason | null;
  failure: { code: number; message: string } | null;
  /** the live child's order id; '' when none is out */
  childOrderId: string;
  durationSec?: number;
  intervalSec?: number;
  priceLimit?: string;
  sliceCount?: number;
  /** twap: slices whose time has come (sent, or carried to the next by the price limit) */
  slicesDue?: number;
  price?: string;
  visibleSize?: string;
  randomize?: boolean;
  chasePercentE4?: number;
  maxChasePrice?: string;
  /** chase: where its child rests now ('' when none) */
  chasePrice?: string;
}
