import { Decimal } from 'decimal.js';

/**
 * Spec 2 §8 demo recharge: what the trader is told about a top-up answer.
 * resultCode 0 is the success message, 3410020 the specific recharge error,
 * any other resultCode the generic recharge error; a refused call (non-zero
 * code) shows the server's own message — except the exchange's rate-limit
 * refusal, which the modal words itself with the wait it was given.
 */
export interface Credit {
  coin: string;
  amount: string;
}

export type RechargeOutcome =
  | { kind: 'success'; credited: readonly Credit[] }
  | { kind: 'limit' }
  | { kind: 'failed' }
  | { kind: 'rateLimited'; retryAfterMs: number | null }
  | { kind: 'server'; message: string };

/** Spec 2 §7: the recharge is always asked for the spot-trade business scene. */
export const RECHARGE_BIZ_SCENE = 'SPOT_TRADE';
export const RECHARGE_LIMIT_RESULT = 3410020;
/** The exchange's "too many requests" refusal (docs/api/assets.md); `result.retryAfterMs` says when to try again. */
export const RECHARGE_RATE_LIMIT_CODE = 10006;

export interface RechargeAnswer {
  code: number | string;
  resultCode?: number | null;
  message?: string;
  retryAfterMs?: number | null;
  /** what a successful top-up added, coin by coin */
  credited?: readonly Credit[];
}

export function rechargeOutcome(answer: RechargeAnswer): RechargeOutcome {
  if (Number(answer.code) === RECHARGE_RATE_LIMIT_CODE) {
    const wait = answer.retryAfterMs;
    return { kind: 'rateLimited', retryAfterMs: typeof wait === 'number' && Number.isFinite(wait) && wait > 0 ? wait : null };
  }
  if (answer.code !== 0) return { kind: 'server', message: answer.message ?? '' };
  if (answer.resultCode === 0) return { kind: 'success', credited: answer.credited ?? [] };
  if (answer.resultCode === RECHARGE_LIMIT_RESULT) return { kind: 'limit' };
  return { kind: 'failed' };
}

/** Whole seconds to wait, rounded up: "try again in 0 s" would be a lie until the last millisecond passed. */
export function retrySeconds(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / 1000));
}

const DECIMAL = /^\d+(\.\d+)?$/;

/** Decimal text that is exactly zero ("0", "0.00"); anything unreadable is not zero. */
function isZeroAmount(text: string | null): boolean {
  return text !== null && DECIMAL.test(text) && new Decimal(text).isZero();
}

/**
 * Spec 2 §2/§4: the recharge modal shows when the demo balance is zero.
 * The demo wallet's balance is `wb` (§3, §7), its whole USDT value. A
 * trader who spent the pair's quote coin holds value in the base coin yet
 * has nothing left to buy with — the moment the modal is for — so the quote
 * coin counts too: at zero, or below the pair's minimum order value, since
 * buying by value leaves dust worth less than one lot that no order can
 * spend (it never reaches an exact zero). Free and locked count together:
 * money held by open orders is not gone. Unknown amounts never open it.
 * Answers which ran out (the modal says so), or null.
 */
export type EmptyBalance = 'wallet' | 'quote' | null;

export function demoBalanceEmpty(input: { isDemo: boolean; wb: string | null; quoteTotal: string | null; minOrderValue?: string | null }): EmptyBalance {
  if (!input.isDemo) return null;
  if (isZeroAmount(input.wb)) return 'wallet';
  const { quoteTotal, minOrderValue } = input;
  if (quoteTotal === null || !DECIMAL.test(quoteTotal)) return null;
  const below = minOrderValue != null && DECIMAL.test(minOrderValue) && new Decimal(quoteTotal).lessThan(minOrderValue);
  return below || isZeroAmount(quoteTotal) ? 'quote' : null;
}

/**
 * The modal opens by itself once each time the balance becomes empty: closed
 * by the trader it stays closed while the balance stays empty, and is due
 * again after the balance was refilled and emptied once more.
 */
export function autoPrompt(prompted: boolean, empty: boolean): { open: boolean; prompted: boolean } {
  if (!empty) return { open: false, prompted: false };
  return { open: !prompted, prompted: true };
}
