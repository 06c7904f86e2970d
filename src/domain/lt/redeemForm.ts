/**
 * The redemption form (spec 2 §2, §5; docs/api/lt.md): tokens in, quote
 * out. The same shape as the subscription form: the amount field's
 * reducer, the figures before submit (gross value, fee, estimated quote)
 * and the ordered check chain.
 */
import { Decimal } from 'decimal.js';
import { decimalsOf } from '../units';
import { positiveAmount, redemptionChecks } from './checks';
import { reduceLtAmount, type LtAmountAction, type LtAmountInputs } from './amountField';
import type { LtCheckError, LtLimits, LtTokenState } from './types';

export interface RedeemContext {
  limits: LtLimits;
  state: LtTokenState;
  /** the tokens held (available); null for a visitor or while unknown */
  held: string | null;
}

export interface RedeemSummary {
  /** the tokens that would be sent, on the token step; null while the field does not read */
  quantity: string | null;
  /** quantity × NAV, on the quote step */
  gross: string | null;
  /** gross × redeemFeeRate, rounded up to the quote step */
  fee: string | null;
  /** gross − fee, rounded down to the quote step; priced at the NAV when processed */
  estimatedQuote: string | null;
  minRedeem: string;
  maxRedeem: string;
  held: string | null;
}

const D = Decimal.clone({ precision: 100 });

export const reduceRedeem = (inputs: LtAmountInputs, action: LtAmountAction): LtAmountInputs => reduceLtAmount(inputs, action);

/** The most one redemption may be: the tokens held or the per-order maximum, whichever is less. */
export function redeemMax(ctx: RedeemContext): string | null {
  const bounds = [ctx.held, ctx.limits.maxRedeem].filter((v): v is string => v !== null).map((v) => new D(v));
  return bounds.length === 0 ? null : D.min(...bounds).toFixed();
}

export function redeemSummary(inputs: LtAmountInputs, ctx: RedeemContext): RedeemSummary {
  const { limits, state } = ctx;
  const base = { minRedeem: limits.minRedeem, maxRedeem: limits.maxRedeem, held: ctx.held };
  const quantity = positiveAmount(inputs.text);
  if (!quantity) return { ...base, quantity: null, gross: null, fee: null, estimatedQuote: null };
  const quoteDecimals = decimalsOf(limits.quoteStep);
  const nav = new D(state.nav);
  const gross = quantity.times(nav.gt(0) ? nav : 0);
  const exactFee = gross.times(limits.redeemFeeRate);
  return {
    ...base,
    quantity: quantity.toFixed(decimalsOf(limits.tokenStep), Decimal.ROUND_DOWN),
    gross: gross.toFixed(quoteDecimals, Decimal.ROUND_DOWN),
    fee: exactFee.toFixed(quoteDecimals, Decimal.ROUND_UP),
    estimatedQuote: gross.minus(exactFee).toFixed(quoteDecimals, Decimal.ROUND_DOWN),
  };
}

/** Every failed check in spec 2 §5's order; the first is the toast. */
export function redeemErrors(inputs: LtAmountInputs, ctx: RedeemContext): LtCheckError[] {
  return redemptionChecks({ quantity: inputs.text, held: ctx.held, state: ctx.state, limits: ctx.limits });
}
