/**
 * The subscription form (spec 2 §2, §5; docs/api/lt.md): quote in, tokens
 * out. A pure form object: the amount field's reducer, the figures shown
 * before submit (fee, estimated tokens, the limits and what is left of
 * today's cap) and the ordered check chain.
 */
import { Decimal } from 'decimal.js';
import { decimalsOf } from '../units';
import { dailyRemaining, positiveAmount, subscriptionChecks } from './checks';
import { reduceLtAmount, type LtAmountAction, type LtAmountInputs } from './amountField';
import type { LtCheckError, LtLimits, LtTokenState } from './types';

export interface SubscribeContext {
  limits: LtLimits;
  state: LtTokenState;
  /** the quote coin's available balance; null for a visitor or while unknown */
  available: string | null;
}

export interface SubscribeSummary {
  /** the amount that would be sent, on the quote step; null while the field does not read */
  amount: string | null;
  /** amount × purchaseFeeRate, rounded up to the quote step (never shown less than charged) */
  fee: string | null;
  /** (amount − fee) ÷ NAV, rounded down to the token step; an estimate: the order is priced at the NAV when it is processed */
  estimatedTokens: string | null;
  minPurchase: string;
  maxPurchase: string;
  /** cap − used today, never below 0 */
  dailyRemaining: string | null;
  available: string | null;
}

const D = Decimal.clone({ precision: 100 });

export const reduceSubscribe = (inputs: LtAmountInputs, action: LtAmountAction): LtAmountInputs => reduceLtAmount(inputs, action);

/** The most one order may be now: the balance, the per-order maximum and today's remaining cap, whichever is least; null when none is known. */
export function subscribeMax(ctx: SubscribeContext): string | null {
  const bounds = [ctx.available, ctx.limits.maxPurchase, dailyRemaining(ctx.limits)?.toFixed() ?? null]
    .filter((v): v is string => v !== null)
    .map((v) => new D(v));
  if (bounds.length === 0) return null;
  return D.min(...bounds).toFixed();
}

export function subscribeSummary(inputs: LtAmountInputs, ctx: SubscribeContext): SubscribeSummary {
  const { limits, state } = ctx;
  const remaining = dailyRemaining(limits);
  const base = {
    minPurchase: limits.minPurchase,
    maxPurchase: limits.maxPurchase,
    dailyRemaining: remaining ? remaining.toFixed() : null,
    available: ctx.available,
  };
  const amount = positiveAmount(inputs.text);
  if (!amount) return { ...base, amount: null, fee: null, estimatedTokens: null };
  const quoteDecimals = decimalsOf(limits.quoteStep);
  const exactFee = amount.times(limits.purchaseFeeRate);
  const nav = new D(state.nav);
  const tokens = nav.gt(0) ? amount.minus(exactFee).div(nav) : null;
  return {
    ...base,
    amount: amount.toFixed(quoteDecimals, Decimal.ROUND_DOWN),
    fee: exactFee.toFixed(quoteDecimals, Decimal.ROUND_UP),
    estimatedTokens: tokens ? tokens.toFixed(decimalsOf(limits.tokenStep), Decimal.ROUND_DOWN) : null,
  };
}

/** Every failed check in spec 2 §5's order; the first is the toast. */
export function subscribeErrors(inputs: LtAmountInputs, ctx: SubscribeContext): LtCheckError[] {
  return subscriptionChecks({ amount: inputs.text, available: ctx.available, state: ctx.state, limits: ctx.limits });
}
