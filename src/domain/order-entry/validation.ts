/**
 * Spec 2 §5: the order checks, run in the spec's order. `orderFormErrors`
 * lists every failure in chain order (the view marks each field); the
 * submit shows the first as a toast and goes no further. Each form type
 * brings its own field list; keys are the spec's where it names them.
 */
import { quotaMessageKey } from './quota';
import { leverageCheck } from './leverage';
import { Decimal } from 'decimal.js';
import { orderFormSummary, firesMarket, sizeFieldOf } from './summary';
import type { OrderFormContext, OrderFormError, OrderFormInputs } from './types';

const dec = (text: string | null | undefined): Decimal | null => {
  if (text === null || text === undefined || text.trim() === '') return null;
  try {
    const d = new Decimal(text);
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
};

/** The price fields a type sends, each with the field it is typed in. */
function priceFields(inputs: OrderFormInputs): Array<'price'> {
  switch (inputs.type) {
    case 'limit':
    case 'stopLimit':
      return ['price'];
    case 'conditional':
    case 'tpsl':
      return inputs.planKind === 'limit' ? ['price'] : [];
    default:
      return [];
  }
}

function triggerFields(inputs: OrderFormInputs): Array<'triggerPrice'> {
  return inputs.type === 'conditional' || inputs.type === 'stopLimit' || inputs.type === 'tpsl' ? ['triggerPrice'] : [];
}

/** Step 1: trigger price, price, quantity and amount must be there (buy and sell messages differ). */
function missing(inputs: OrderFormInputs): OrderFormError[] {
  const buy = inputs.side === 'Buy';
  const out: OrderFormError[] = [];
  for (const field of triggerFields(inputs)) if (!dec(inputs[field])) out.push({ key: 'missingTriggerPrice', field });
  for (const field of priceFields(inputs)) if (!dec(inputs[field])) out.push({ key: buy ? 'missingBuyingPrice' : 'missingSellingPrice', field });
  if (inputs.type === 'trailing' && !dec(inputs.trailingValue)) out.push({ key: 'missingTrailingValue', field: 'trailingValue' });
  const size = sizeFieldOf(inputs);
  if (!dec(inputs[size])) {
    if (size === 'amount') out.push({ key: buy ? 'missingBuyingValue' : 'missingSellingValue', field: 'amount' });
    else out.push({ key: buy ? 'missingBuyingQuantity' : 'missingSellingQuantity', field: 'quantity' });
  }
  return out;
}

/** Steps 2–6: minimum prices, quantity and amount limits, balance and the innovation quota. */
function limits(inputs: OrderFormInputs, ctx: OrderFormContext): OrderFormError[] {
  const { rules } = ctx;
  const out: OrderFormError[] = [];
  const tick = new Decimal(rules.tick);
  for (const field of priceFields(inputs)) {
    const p = dec(inputs[field]);
    if (p && p.lt(tick)) out.push({ key: 'orderPriceLowerLimit', field, params: { min: rules.tick } });
  }
  for (const field of triggerFields(inputs)) {
    const p = dec(inputs[field]);
    if (p && p.lt(tick)) out.push({ key: 'planTradingTriggerPriceLowerLimit', field, params: { min: rules.tick } });
  }
  const summary = orderFormSummary(inputs, ctx);
  const quantity = dec(summary.quantity);
  const amount = dec(summary.amount);
  const sizeField = summary.sizeField;
  // A market order sized by value has no exact quantity until it fills: its value is what is checked.
  const qtyChecked = !(firesMarket(inputs) && inputs.marketUnit === 'quoteCoin');
  if (qtyChecked && quantity) {
    if (quantity.lt(rules.minQty)) out.push({ key: 'orderQtyLowerLimit', field: sizeField, params: { min: rules.minQty, coin: rules.baseCoin } });
    else if (quantity.gt(rules.maxQty)) out.push({ key: 'orderQtyUpperLimit', field: sizeField, params: { max: rules.maxQty, coin: rules.baseCoin } });
  } else if (qtyChecked && sizeField === 'quantity' && dec(inputs.quantity)?.lte(0)) {
    out.push({ key: 'orderQtyLowerLimit', field: 'quantity', params: { min: rules.minQty, coin: rules.baseCoin } });
  }
  if (amount) {
    const buy = inputs.side === 'Buy';
    if (amount.lt(rules.minAmount)) out.push({ key: buy ? 'buyAmountLowerLimit' : 'sellAmountLowerLimit', field: sizeField, params: { min: rules.minAmount, coin: rules.quoteCoin } });
    else if (amount.gt(rules.maxAmount)) out.push({ key: 'maxAmountCoinTip', field: sizeField, params: { max: rules.maxAmount, coin: rules.quoteCoin } });
  }
  out.push(...balance(inputs, ctx, quantity, amount));
  return out;
}

/**
 * Step 6: a classic account must hold what the order spends. A unified
 * account goes through the leverage check (spec 1 §5): with spot margin on
 * the exchange lends the rest (within the account's maxima, which it
 * checks); otherwise the check's message blocks the order.
 */
function balance(inputs: OrderFormInputs, ctx: OrderFormContext, quantity: Decimal | null, amount: Decimal | null): OrderFormError[] {
  const account = ctx.account;
  if (!account) return [];
  const out: OrderFormError[] = [];
  const buy = inputs.side === 'Buy';
  const field = sizeFieldOf(inputs);
  const freeText = buy ? account.quoteFree : account.baseFree;
  const spend = buy ? amount : quantity;
  if (!account.isUnified) {
    const free = dec(freeText);
    if (free && spend && spend.gt(free)) out.push({ key: 'balanceNotEnough', field, params: { coin: buy ? ctx.rules.quoteCoin : ctx.rules.baseCoin } });
  } else {
    const blocked = leverageCheck(account.leverage, spend ? spend.toFixed() : null, freeText);
    if (blocked) out.push({ key: blocked, field, params: { coin: buy ? ctx.rules.quoteCoin : ctx.rules.baseCoin } });
  }
  const remain = dec(account.innovationRemain);
  if (buy && remain && amount && amount.gt(remain)) out.push({ key: quotaMessageKey(ctx.rules.mark), field, params: { remain: remain.toFixed(), coin: ctx.rules.quoteCoin } });
  return out;
}

/** Step 7: a conditional or stop-limit order's limit price within 90 %–110 % of its trigger. */
function planBand(inputs: OrderFormInputs): OrderFormError[] {
  const limited = inputs.type === 'stopLimit' || ((inputs.type === 'conditional' || inputs.type === 'tpsl') && inputs.planKind === 'limit');
  if (!limited) return [];
  const price = dec(inputs.price);
  const trigger = dec(inputs.triggerPrice);
  if (!price || !trigger || trigger.lte(0)) return [];
  const stop = inputs.type === 'stopLimit';
  if (inputs.side === 'Buy' && price.gt(trigger.mul(1.1))) {
    return [{ key: stop ? 'order_buy_not_greater_than_110' : 'conditionalBuyPriceAbove110', field: 'price', params: { max: trigger.mul(1.1).toFixed() } }];
  }
  if (inputs.side === 'Sell' && price.lt(trigger.mul(0.9))) {
    return [{ key: stop ? 'order_sell_not_less_than_90' : 'conditionalSellPriceBelow90', field: 'price', params: { min: trigger.mul(0.9).toFixed() } }];
  }
  return [];
}

/** Step 8: OCO legs — triggers, limit prices, each leg on its side of the last price, limit prices within 90 %–110 % of their trigger. */
function ocoChecks(inputs: OrderFormInputs, ctx: OrderFormContext): OrderFormError[] {
  if (inputs.type !== 'oco') return [];
  const out: OrderFormError[] = [];
  const tick = new Decimal(ctx.rules.tick);
  const last = dec(ctx.lastPrice);
  const legs = [
    { role: 'TakeProfit', leg: inputs.oco.takeProfit, trigger: 'ocoTpTrigger', price: 'ocoTpPrice' },
    { role: 'StopLoss', leg: inputs.oco.stopLoss, trigger: 'ocoSlTrigger', price: 'ocoSlPrice' },
  ] as const;
  for (const { role, leg, trigger, price } of legs) {
    const t = dec(leg.trigger);
    const p = dec(leg.price);
    if (!t) out.push({ key: `oco${role}TriggerRequired`, field: trigger });
    else if (t.lt(tick)) out.push({ key: `oco${role}TriggerLowerLimit`, field: trigger, params: { min: ctx.rules.tick } });
    if (leg.kind === 'limit') {
      if (!p) out.push({ key: `oco${role}PriceRequired`, field: price });
      else if (p.lt(tick)) out.push({ key: `oco${role}PriceLowerLimit`, field: price, params: { min: ctx.rules.tick } });
      else if (t && (p.lt(t.mul(0.9)) || p.gt(t.mul(1.1)))) out.push({ key: 'ocoPriceOutOfTriggerBand', field: price, params: { min: t.mul(0.9).toFixed(), max: t.mul(1.1).toFixed() } });
    }
    if (t && last) {
      // A sell takes profit above the market and stops the loss below it; a buy the reverse.
      const above = (inputs.side === 'Sell') === (role === 'TakeProfit');
      if (above ? !t.gt(last) : !t.lt(last)) out.push({ key: above ? `oco${role}TriggerAboveLast` : `oco${role}TriggerBelowLast`, field: trigger, params: { last: last.toFixed() } });
    }
  }
  return out;
}

/**
 * After the chain: the ranges the exchange takes for a trailing distance
 * (0.1 %–20 %) and a slippage cap (1–10000 ticks, 0.01 %–10 %; REFERENCE.md),
 * so a refusal is explained before the order is sent.
 */
function typeRanges(inputs: OrderFormInputs, ctx: OrderFormContext): OrderFormError[] {
  const out: OrderFormError[] = [];
  if (inputs.type === 'trailing') {
    const v = dec(inputs.trailingValue);
    if (v && inputs.trailingBy === 'percent' && (v.lt(0.1) || v.gt(20))) out.push({ key: 'trailingPercentRange', field: 'trailingValue', params: { min: '0.1', max: '20' } });
    if (v && inputs.trailingBy === 'value' && v.lt(ctx.rules.tick)) out.push({ key: 'trailingValueLowerLimit', field: 'trailingValue', params: { min: ctx.rules.tick } });
    const a = dec(inputs.trailingActivation);
    if (a && a.lt(ctx.rules.tick)) out.push({ key: 'planTradingTriggerPriceLowerLimit', field: 'trailingActivation', params: { min: ctx.rules.tick } });
  }
  if (inputs.type === 'limit' && inputs.tpslOn) out.push(...attachedTpsl(inputs, ctx));
  if (firesMarket(inputs) && inputs.slippageKind !== 'none') {
    const v = dec(inputs.slippage);
    const ticks = inputs.slippageKind === 'ticks';
    const [min, max] = ticks ? ['1', '10000'] : ['0.01', '10'];
    if (!v) out.push({ key: 'slippageRequired', field: 'slippage' });
    else if (v.lt(min) || v.gt(max) || (ticks && !v.isInteger())) out.push({ key: ticks ? 'slippageTicksRange' : 'slippagePercentRange', field: 'slippage', params: { min, max } });
  }
  return out;
}

/** A limit order's attached TP/SL: at least one price, each above the tick and on the side of the price it closes. */
function attachedTpsl(inputs: OrderFormInputs, ctx: OrderFormContext): OrderFormError[] {
  const tp = dec(inputs.takeProfit);
  const sl = dec(inputs.stopLoss);
  const price = dec(inputs.price);
  if (!tp && !sl) return [{ key: 'missingTpSl', field: 'takeProfit' }];
  const out: OrderFormError[] = [];
  const buy = inputs.side === 'Buy';
  for (const [field, value, above] of [['takeProfit', tp, buy], ['stopLoss', sl, !buy]] as const) {
    if (!value) continue;
    if (value.lt(ctx.rules.tick)) out.push({ key: 'planTradingTriggerPriceLowerLimit', field, params: { min: ctx.rules.tick } });
    else if (price && (above ? !value.gt(price) : !value.lt(price))) {
      out.push({ key: `${field}${above ? 'AbovePrice' : 'BelowPrice'}`, field, params: { price: price.toFixed(dec(ctx.rules.tick)?.decimalPlaces() ?? 0) } });
    }
  }
  return out;
}

/** Every failed check, in the spec's chain order (step 1 first), then the type's own ranges. */
export function orderFormErrors(inputs: OrderFormInputs, ctx: OrderFormContext): OrderFormError[] {
  return [...missing(inputs), ...limits(inputs, ctx), ...planBand(inputs), ...ocoChecks(inputs, ctx), ...typeRanges(inputs, ctx)];
}

/** What the submit shows: the first failure of the chain, or null when the order may go. */
export function firstOrderError(inputs: OrderFormInputs, ctx: OrderFormContext): OrderFormError | null {
  return orderFormErrors(inputs, ctx)[0] ?? null;
}
