/**
 * The chart's quick orders (spec 1 §2.3, §5, §6; spec 2 §5): the hover
 * order — a limit order at the price under the pointer — and the quick
 * market trade. Each is an order form filled from two inputs, so it meets
 * the same checks as the order form, after the quick-order rules the spec
 * puts first. Pure.
 */
import { Decimal } from 'decimal.js';
import { initialOrderForm } from './form';
import { decimalsOf } from '../units';
import { normalizeNumber, parseNumberInput, sanitizeTyping } from './numeric';
import type { OrderFormContext, OrderFormError, OrderFormInputs, Side } from './types';
import { firstOrderError } from './validation';

export type QuickKind = 'limit' | 'market';

export interface QuickOrder {
  kind: QuickKind;
  side: Side;
  /** the limit price (the hovered one); unused by a market trade */
  price: string;
  /** the base quantity as typed */
  qty: string;
}

export type QuickCheck =
  /** a visitor: sent to log in, and back here after (spec 1 §6) */
  | { kind: 'login' }
  | { kind: 'refused'; error: OrderFormError }
  /** the order form to send, through the pre-submit gates like any order */
  | { kind: 'ok'; form: OrderFormInputs };

const positive = (text: string): Decimal | null => {
  const parsed = parseNumberInput(text);
  if (parsed.kind !== 'ok') return null;
  const value = new Decimal(parsed.value);
  return value.gt(0) ? value : null;
};

/** The order form a quick order stands for: a limit at the price, or a market order sized in the base coin. */
export function quickOrderForm(order: QuickOrder): OrderFormInputs {
  const form = initialOrderForm(order.side, order.kind);
  const qty = parseNumberInput(order.qty);
  const price = parseNumberInput(order.price);
  return {
    ...form,
    price: order.kind === 'limit' && price.kind === 'ok' ? price.value : '',
    quantity: qty.kind === 'ok' ? qty.value : order.qty.trim(),
    sizeDriver: 'quantity',
    marketUnit: 'baseCoin',
  };
}

/**
 * The checks in the spec's order: a visitor goes to log in; a side the pair
 * bans is blocked; an empty or zero quantity is quick_order_0_tip; a limit
 * price at or below 0 is quickLimitOrderPriceError; with a quantity step
 * above 1 the quantity must be a multiple of it (qtyErrorTickTip); then the
 * order form's own chain (minimums, balance, quota).
 */
export function checkQuickOrder(order: QuickOrder, ctx: OrderFormContext): QuickCheck {
  if (ctx.account === null) return { kind: 'login' };
  const { rules } = ctx;
  if (order.side === 'Buy' ? rules.isBanBuy : rules.isBanSell) {
    return { kind: 'refused', error: { key: order.side === 'Buy' ? 'buyBanned' : 'sellBanned', field: 'form', params: { coin: rules.baseCoin } } };
  }
  const qty = positive(order.qty);
  if (!qty) return { kind: 'refused', error: { key: 'quick_order_0_tip', field: 'quantity' } };
  if (order.kind === 'limit' && !positive(order.price)) return { kind: 'refused', error: { key: 'quickLimitOrderPriceError', field: 'price' } };
  const step = new Decimal(rules.lot);
  if (step.gt(1) && !qty.mod(step).isZero()) return { kind: 'refused', error: { key: 'qtyErrorTickTip', field: 'quantity', params: { step: rules.lot } } };
  const form = quickOrderForm(order);
  const error = firstOrderError(form, ctx);
  return error ? { kind: 'refused', error } : { kind: 'ok', form };
}

/**
 * The hovered price as the hover order takes it (spec 1 §5 "numeric inputs
 * on the chart trim to the precision, clamp to minimum and maximum, and
 * round up to the tick"); "" where the pointer gives no price.
 */
export function hoverOrderPrice(raw: number | null, tick: string): string {
  if (raw === null || !Number.isFinite(raw) || raw <= 0) return '';
  return normalizeNumber(new Decimal(raw).toFixed(), { step: tick, min: tick });
}

/**
 * A keystroke or paste into a quick order's quantity, cut to the lot's
 * decimals (spec 1 §5 "trim to the precision"); a paste such as "1,234.5"
 * reads as a number; text that is not a number leaves the field as it was.
 */
export function typeQuickQty(current: string, text: string, lot: string): string {
  return sanitizeTyping(text, decimalsOf(lot)) ?? current;
}
