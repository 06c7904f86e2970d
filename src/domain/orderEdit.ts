/**
 * Modify an open order from its row (spec 2 §4 edit flow, §5 edit checks):
 * which fields an order lets the trader change, the checks of a new value in
 * the spec's order, the hints that ask before sending, and the modify body.
 * Pure: the row renders these and nothing more.
 */
import { PLAN_TYPE, TRAILING_PLAN_TYPES } from './planTypes';
import { Decimal } from 'decimal.js';
import { parseNumberInput, sanitizeTyping } from './order-entry/numeric';
import { isPlanOrder } from './orderStatus';

export type EditField = 'price' | 'qty' | 'trigger' | 'activation' | 'trailing';

/** What of an open order the edit reads (the order list's fields). */
export interface EditableOrder {
  side: 'Buy' | 'Sell';
  /** LIMIT or MARKET: the order that meets the book */
  type: string;
  planType: number;
  price: string;
  triggerPrice: string;
  /** the base quantity */
  qty: string;
  executedQty: string;
  isLeverage: boolean;
  /** trailing orders: the activation price ('0' when none) and the distance, as a value or a percentage ('0' for the unused one) */
  activationPrice?: string;
  trailingValue?: string;
  trailingPercentage?: string;
}

export interface EditInputs {
  price: string;
  qty: string;
  trigger: string;
  activation: string;
  /** the trailing distance, in the unit the order was placed with (trailingByPercent) */
  trailing: string;
}

export interface EditContext {
  tick: string;
  minQty: string;
  baseCoin: string;
  /** the last price; null before the first trade is known */
  marketPrice: string | null;
  isUnified: boolean;
}

export interface EditIssue {
  key: string;
  field: EditField | null;
  params?: Record<string, string>;
}

export interface EditCheck {
  /** refusals, in the order they are checked: the first is shown and nothing is sent */
  errors: EditIssue[];
  /** asked in a dialog before sending (spec 2 §5 "hint dialog") */
  hints: EditIssue[];
}

const TRAILING_STOP = PLAN_TYPE.trailingStop;
const TRAILING = new Set(TRAILING_PLAN_TYPES);

const positive = (text: string | undefined): boolean => {
  const parsed = parseNumberInput(text ?? '');
  return parsed.kind === 'ok' && new Decimal(parsed.value).gt(0);
};

/** A trailing order's distance is a percentage when it was placed as one; otherwise a price value. */
export const trailingByPercent = (order: EditableOrder): boolean => positive(order.trailingPercentage);

/**
 * Ordinary limit orders: price and quantity. Plan orders: the trigger and the
 * quantity, and the price when they place a limit order. Trailing orders: the
 * distance and the quantity, and the activation price while one waits to be
 * reached (once reached the order is a trailing profit order, spec 2 §3, and
 * the exchange ignores a new activation). Market orders: none.
 */
export function editableFields(order: EditableOrder): EditField[] {
  const limit = order.type === 'LIMIT';
  if (!isPlanOrder(order.planType)) return limit ? ['price', 'qty'] : [];
  if (TRAILING.has(order.planType)) {
    return order.planType === TRAILING_STOP && positive(order.activationPrice) ? ['activation', 'trailing', 'qty'] : ['trailing', 'qty'];
  }
  return limit ? ['trigger', 'price', 'qty'] : ['trigger', 'qty'];
}

export const isEditable = (order: EditableOrder): boolean => editableFields(order).length > 0;

export function initialEditInputs(order: EditableOrder): EditInputs {
  const trailing = trailingByPercent(order) ? order.trailingPercentage : order.trailingValue;
  return { price: order.price, qty: order.qty, trigger: order.triggerPrice, activation: order.activationPrice ?? '0', trailing: trailing ?? '0' };
}

/**
 * A keystroke or paste into one field, kept to the field's decimals (cut,
 * never rounded). A paste such as "1,234.5" reads as a number; text that is
 * not a number leaves the field as it was.
 */
export function editInput(inputs: EditInputs, field: EditField, text: string, decimals: number): EditInputs {
  const typed = sanitizeTyping(text, decimals);
  return typed === null ? inputs : { ...inputs, [field]: typed };
}

const dec = (text: string): Decimal | null => {
  const parsed = parseNumberInput(text);
  return parsed.kind === 'ok' ? new Decimal(parsed.value) : null;
};

/** Spec 2 §5 edit checks, then what the exchange would refuse anyway, first failure first. */
export function checkEdit(order: EditableOrder, inputs: EditInputs, ctx: EditContext): EditCheck {
  const fields = editableFields(order);
  const errors: EditIssue[] = [];
  const hints: EditIssue[] = [];
  if (fields.length === 0) return { errors: [{ key: 'modifyNotSupported', field: null }], hints };
  if (order.isLeverage && !ctx.isUnified) return { errors: [{ key: 'modifyLeverageErrorTips', field: null }], hints };

  const has = (f: EditField) => fields.includes(f);
  const price = has('price') ? dec(inputs.price) : null;
  const trigger = has('trigger') ? dec(inputs.trigger) : null;
  const activation = has('activation') ? dec(inputs.activation) : null;
  const trailing = has('trailing') ? dec(inputs.trailing) : null;
  const qty = dec(inputs.qty);
  // The modify form requires the quantity only (spec 2 §5); the other fields it shows must read as numbers too.
  if (has('trigger') && !trigger) errors.push({ key: 'missingTriggerPrice', field: 'trigger' });
  if (has('activation') && !activation) errors.push({ key: 'missingTriggerPrice', field: 'activation' });
  if (has('trailing') && !trailing) errors.push({ key: 'missingTrailingValue', field: 'trailing' });
  if (has('price') && !price) errors.push({ key: order.side === 'Buy' ? 'missingBuyingPrice' : 'missingSellingPrice', field: 'price' });
  if (!qty) errors.push({ key: 'modifyQtyRequired', field: 'qty' });
  if (errors.length) return { errors, hints };

  const tick = new Decimal(ctx.tick);
  if (price && price.lt(tick)) errors.push({ key: 'orderPriceLowerLimit', field: 'price', params: { min: ctx.tick } });
  if (trigger && trigger.lt(tick)) errors.push({ key: 'planTradingTriggerPriceLowerLimit', field: 'trigger', params: { min: ctx.tick } });
  if (activation && activation.lt(tick)) errors.push({ key: 'planTradingTriggerPriceLowerLimit', field: 'activation', params: { min: ctx.tick } });
  errors.push(...trailingRange(order, trailing, ctx));
  const executed = new Decimal(order.executedQty || '0');
  if (qty!.lt(executed)) errors.push({ key: 'modifyQtyLessTips', field: 'qty', params: { executed: order.executedQty } });
  else if (qty!.lt(ctx.minQty) && !qty!.eq(executed)) errors.push({ key: 'orderQtyLowerLimit', field: 'qty', params: { min: ctx.minQty, coin: ctx.baseCoin } });
  const unchanged =
    qty!.eq(order.qty) &&
    (!price || price.eq(order.price || '0')) &&
    (!trigger || trigger.eq(order.triggerPrice || '0')) &&
    (!activation || activation.eq(order.activationPrice || '0')) &&
    (!trailing || trailing.eq(initialEditInputs(order).trailing || '0'));
  if (unchanged) errors.push({ key: 'modifyNothingChanged', field: null });
  if (errors.length) return { errors, hints };

  if (qty!.eq(executed)) hints.push({ key: 'modifyQtyEqualsExecutedHint', field: 'qty', params: { executed: order.executedQty } });
  const market = ctx.marketPrice ? dec(ctx.marketPrice) : null;
  // Only an ordinary order meets the book at once: a plan's price applies once it triggers.
  if (!isPlanOrder(order.planType) && price && market) {
    const through = order.side === 'Buy' ? price.gt(market) : price.lt(market);
    if (through) hints.push({ key: order.side === 'Buy' ? 'modifyBuyAboveMarketHint' : 'modifySellBelowMarketHint', field: 'price', params: { market: ctx.marketPrice! } });
    // Spec 1 §2.3: "hint confirm dialog for edits whose new value equals the market".
    else if (price.eq(market)) hints.push({ key: 'modifyPriceAtMarketHint', field: 'price', params: { market: ctx.marketPrice! } });
  }
  if (trigger && market && trigger.eq(market) && !trigger.eq(order.triggerPrice || '0')) {
    hints.push({ key: 'modifyTriggerAtMarketHint', field: 'trigger', params: { market: ctx.marketPrice! } });
  }
  return { errors, hints };
}

/** The exchange's ranges for a trailing distance (0.1 %–20 %, or at least one tick; REFERENCE.md), checked before sending. */
function trailingRange(order: EditableOrder, trailing: Decimal | null, ctx: EditContext): EditIssue[] {
  if (!trailing) return [];
  if (trailingByPercent(order)) {
    return trailing.lt('0.1') || trailing.gt('20') ? [{ key: 'trailingPercentRange', field: 'trailing', params: { min: '0.1', max: '20' } }] : [];
  }
  return trailing.lt(ctx.tick) ? [{ key: 'trailingValueLowerLimit', field: 'trailing', params: { min: ctx.tick } }] : [];
}

/** The modify call's body fields (planOrderModify names, spec 2 §7). */
export interface EditedFields {
  quantity: string;
  price?: string;
  trigger_price?: string;
  activation_price?: string;
  trailing_value?: string;
  trailing_percentage?: string;
}

/** The modify call's fields: only what changed (docs/api/orders.md; the quantity always, as the spec's form requires it). */
export function modifyFields(order: EditableOrder, inputs: EditInputs): EditedFields {
  const fields = editableFields(order);
  const changed = (field: EditField, was: string | undefined) => fields.includes(field) && !new Decimal(normalized(inputs[field])).eq(was || '0');
  const out: EditedFields = { quantity: normalized(inputs.qty) };
  if (changed('price', order.price)) out.price = normalized(inputs.price);
  if (changed('trigger', order.triggerPrice)) out.trigger_price = normalized(inputs.trigger);
  if (changed('activation', order.activationPrice)) out.activation_price = normalized(inputs.activation);
  if (changed('trailing', initialEditInputs(order).trailing)) out[trailingByPercent(order) ? 'trailing_percentage' : 'trailing_value'] = normalized(inputs.trailing);
  return out;
}

const normalized = (text: string): string => {
  const parsed = parseNumberInput(text);
  return parsed.kind === 'ok' ? parsed.value : text.trim();
};
