/**
 * The scaled order tool (issue 21; spec 2 §3 pinned tools): one quantity
 * spread over N limit orders between a lower and an upper price, equal in
 * size (flat) or growing towards the upper price (increasing) or the lower
 * one (decreasing). A pure form: the inputs and their reducer, the slices
 * and figures they make, and the ordered checks. Each slice is then placed
 * as an ordinary limit order.
 */
import { Decimal } from 'decimal.js';
import { decimalsOf } from '../units';
import { parseNumberInput, sanitizeTyping } from './numeric';
import type { OrderFormContext, OrderFormError, OrderRules, Side } from './types';

export type SizeDistribution = 'flat' | 'increasing' | 'decreasing';
export const SIZE_DISTRIBUTIONS: readonly SizeDistribution[] = ['flat', 'increasing', 'decreasing'];
export const SCALED_MIN_ORDERS = 2;
/** At most this many orders: the exchange takes 20 new orders a second per user. */
export const SCALED_MAX_ORDERS = 20;

export type ScaledField = 'lower' | 'upper' | 'count' | 'qty';

export interface ScaledInputs {
  side: Side;
  lower: string;
  upper: string;
  /** how many orders */
  count: string;
  /** the total base quantity */
  qty: string;
  distribution: SizeDistribution;
}

export type ScaledAction =
  | { type: 'side'; side: Side }
  | { type: 'field'; field: ScaledField; text: string; rules: OrderRules }
  | { type: 'distribution'; distribution: SizeDistribution }
  | { type: 'placed' };

export function initialScaled(side: Side = 'Buy'): ScaledInputs {
  return { side, lower: '', upper: '', count: '5', qty: '', distribution: 'flat' };
}

function fieldDecimals(field: ScaledField, rules: OrderRules): number {
  if (field === 'count') return 0;
  return decimalsOf(field === 'qty' ? rules.lot : rules.tick);
}

/** A keystroke or paste, cut to the field's decimals; text that is not a number leaves the field as it was. */
export function reduceScaled(inputs: ScaledInputs, action: ScaledAction): ScaledInputs {
  switch (action.type) {
    case 'side':
      return { ...inputs, side: action.side };
    case 'distribution':
      return { ...inputs, distribution: action.distribution };
    case 'placed':
      return { ...inputs, qty: '' };
    case 'field': {
      // sanitizeTyping reads a paste ("1,234.5") too; null is text that is not a number.
      const typed = sanitizeTyping(action.text, fieldDecimals(action.field, action.rules));
      return typed === null ? inputs : { ...inputs, [action.field]: typed };
    }
  }
}

export interface ScaledSlice {
  price: string;
  qty: string;
}

const dec = (text: string): Decimal | null => {
  const parsed = parseNumberInput(text);
  return parsed.kind === 'ok' ? new Decimal(parsed.value) : null;
};

function orderCount(text: string): number | null {
  const n = dec(text);
  return n && n.isInteger() ? n.toNumber() : null;
}

/**
 * The orders, lowest price first: prices evenly spaced from lower to upper
 * (both included) on the tick; sizes by weight (1 each; 1, 2 … N; N … 1),
 * each cut to the lot, the cut-off remainder added to the largest so the
 * total is exact. None while the inputs do not read.
 */
export function scaledSlices(inputs: ScaledInputs, rules: OrderRules): ScaledSlice[] {
  const lower = dec(inputs.lower);
  const upper = dec(inputs.upper);
  const total = dec(inputs.qty);
  const n = orderCount(inputs.count);
  if (!lower || !upper || !total || n === null || n < SCALED_MIN_ORDERS || n > SCALED_MAX_ORDERS || !upper.gt(lower) || !total.gt(0)) return [];
  const tick = new Decimal(rules.tick);
  const lot = new Decimal(rules.lot);
  const priceDecimals = decimalsOf(rules.tick);
  const qtyDecimals = decimalsOf(rules.lot);
  const step = upper.minus(lower).div(n - 1);
  const weights = Array.from({ length: n }, (_, i) => (inputs.distribution === 'flat' ? 1 : inputs.distribution === 'increasing' ? i + 1 : n - i));
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const sizes = weights.map((w) => total.times(w).div(weightSum).div(lot).floor().times(lot));
  // The largest order takes the remainder: the last (highest price) unless sizes decrease upwards.
  const largest = inputs.distribution === 'decreasing' ? 0 : n - 1;
  sizes[largest] = sizes[largest]!.plus(total.minus(sizes.reduce((a, b) => a.plus(b), new Decimal(0))));
  return weights.map((_, i) => ({
    price: lower.plus(step.times(i)).div(tick).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).times(tick).toFixed(priceDecimals),
    qty: sizes[i]!.toFixed(qtyDecimals),
  }));
}

export interface ScaledSummary {
  slices: ScaledSlice[];
  /** the quote value of all orders */
  value: string | null;
  /** value ÷ quantity */
  averagePrice: string | null;
  /** at the taker rate: the most it can cost */
  fee: string | null;
}

export function scaledSummary(inputs: ScaledInputs, ctx: OrderFormContext): ScaledSummary {
  const slices = scaledSlices(inputs, ctx.rules);
  if (slices.length === 0) return { slices, value: null, averagePrice: null, fee: null };
  const value = slices.reduce((sum, s) => sum.plus(new Decimal(s.price).times(s.qty)), new Decimal(0));
  const qty = slices.reduce((sum, s) => sum.plus(s.qty), new Decimal(0));
  const places = ctx.rules.amountDecimals;
  return {
    slices,
    value: value.toDecimalPlaces(places, Decimal.ROUND_UP).toFixed(),
    averagePrice: qty.isZero() ? null : value.div(qty).toDecimalPlaces(decimalsOf(ctx.rules.tick), Decimal.ROUND_HALF_UP).toFixed(),
    fee: value.times(ctx.feeRate).toDecimalPlaces(places, Decimal.ROUND_UP).toFixed(),
  };
}

/**
 * Every failed check in order: the side the pair bans; the prices, the
 * count and the quantity present and sound; then each order against the
 * pair's minimum quantity and value; then the balance for all of them.
 */
export function scaledErrors(inputs: ScaledInputs, ctx: OrderFormContext): OrderFormError[] {
  const { rules } = ctx;
  const buy = inputs.side === 'Buy';
  if (buy ? rules.isBanBuy : rules.isBanSell) return [{ key: buy ? 'buyBanned' : 'sellBanned', field: 'form', params: { coin: rules.baseCoin } }];
  const out: OrderFormError[] = [];
  const lower = dec(inputs.lower);
  const upper = dec(inputs.upper);
  const total = dec(inputs.qty);
  const n = orderCount(inputs.count);
  if (!lower) out.push({ key: 'scaledLowerMissing', field: 'price' });
  if (!upper) out.push({ key: 'scaledUpperMissing', field: 'price' });
  if (n === null || n < SCALED_MIN_ORDERS || n > SCALED_MAX_ORDERS) out.push({ key: 'scaledCountRange', field: 'form', params: { min: String(SCALED_MIN_ORDERS), max: String(SCALED_MAX_ORDERS) } });
  if (!total || total.isZero()) out.push({ key: buy ? 'missingBuyingQuantity' : 'missingSellingQuantity', field: 'quantity' });
  if (out.length) return out;

  const tick = new Decimal(rules.tick);
  if (lower!.lt(tick)) return [{ key: 'orderPriceLowerLimit', field: 'price', params: { min: rules.tick } }];
  if (!upper!.gt(lower!)) return [{ key: 'scaledRangeInvalid', field: 'price' }];
  if (upper!.minus(lower!).div(n! - 1).lt(tick)) return [{ key: 'scaledRangeTooNarrow', field: 'price', params: { count: String(n) } }];

  const slices = scaledSlices(inputs, rules);
  const smallest = slices.reduce((min, s) => (new Decimal(s.qty).lt(min.qty) ? s : min), slices[0]!);
  if (new Decimal(smallest.qty).lt(rules.minQty)) out.push({ key: 'scaledSliceQtyBelowMin', field: 'quantity', params: { min: rules.minQty, coin: rules.baseCoin } });
  const leastValue = slices.map((s) => new Decimal(s.price).times(s.qty)).reduce((a, b) => (b.lt(a) ? b : a));
  if (leastValue.lt(rules.minAmount)) out.push({ key: 'scaledSliceValueBelowMin', field: 'quantity', params: { min: rules.minAmount, coin: rules.quoteCoin } });
  if (out.length) return out;

  const account = ctx.account;
  if (account) {
    const need = buy ? slices.reduce((sum, s) => sum.plus(new Decimal(s.price).times(s.qty)), new Decimal(0)) : total!;
    const free = buy ? account.quoteFree : account.baseFree;
    if (free !== null && need.gt(free)) out.push({ key: 'balanceNotEnough', field: 'quantity', params: { coin: buy ? rules.quoteCoin : rules.baseCoin } });
  }
  return out;
}
