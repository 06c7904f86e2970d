/**
 * What the form's inputs come to (spec 2 §1 "Quantity slider", "Max buy",
 * "estimated fee"): the price the size is counted at, the base quantity and
 * the quote value (each derived from the other and the price), the fee, what
 * is available and the most the account can buy or sell.
 */
import { Decimal } from 'decimal.js';
import { decimalsOf } from '../units';
import type { OrderFormContext, OrderFormInputs, OrderFormType } from './types';
import type { OrderFormAction } from './form';
import { borrowedAmount, leverageOn } from './leverage';

export interface OrderFormSummary {
  /** the price sizes are counted at; an estimate for market, market-fired plans and trailing orders */
  price: string | null;
  priceIsEstimate: boolean;
  /** which size the trader writes: a market order sized by value writes the amount */
  sizeField: 'quantity' | 'amount';
  quantity: string | null;
  amount: string | null;
  fee: string | null;
  feeCoin: string;
  /** the coin spent and how much of it is free */
  availableCoin: string;
  available: string | null;
  /** the most this order can be (Max buy in quote and base, Max sell in base) */
  maxAmount: string | null;
  maxQty: string | null;
  /** how much of the maximum the size uses, 0–100, for the slider */
  percentOfMax: number;
  /** with leverage on: what the order borrows beyond the balance (in the coin spent); null otherwise */
  borrowed: string | null;
}

const positive = (text: string | null | undefined): Decimal | null => {
  if (!text) return null;
  try {
    const d = new Decimal(text);
    return d.isFinite() && d.gt(0) ? d : null;
  } catch {
    return null;
  }
};

const isPlan = (type: OrderFormType) => type === 'conditional' || type === 'tpsl';

/** Market orders, and plans that fire one, are sized in the unit the trader picks. */
export function firesMarket(inputs: OrderFormInputs): boolean {
  return inputs.type === 'market' || (isPlan(inputs.type) && inputs.planKind === 'market');
}

function countedPrice(inputs: OrderFormInputs, ctx: OrderFormContext): { price: Decimal | null; estimate: boolean } {
  const { type, side } = inputs;
  if (type === 'limit' || type === 'stopLimit') return { price: positive(inputs.price), estimate: false };
  if (type === 'market') {
    const best = side === 'Buy' ? ctx.bestAsk : ctx.bestBid;
    return { price: positive(best) ?? positive(ctx.lastPrice), estimate: true };
  }
  if (isPlan(type)) {
    return inputs.planKind === 'limit' ? { price: positive(inputs.price), estimate: false } : { price: positive(inputs.triggerPrice), estimate: true };
  }
  if (type === 'oco') {
    const legPrice = (leg: OrderFormInputs['oco']['takeProfit']) => (leg.kind === 'limit' ? positive(leg.price) : positive(leg.trigger));
    const prices = [legPrice(inputs.oco.takeProfit), legPrice(inputs.oco.stopLoss)].filter((p): p is Decimal => p !== null);
    if (prices.length === 0) return { price: null, estimate: true };
    // A buy locks its dearer leg, a sell its quantity: count a buy at the dearer price.
    return { price: side === 'Buy' ? Decimal.max(...prices) : Decimal.min(...prices), estimate: true };
  }
  return { price: positive(inputs.trailingActivation) ?? positive(ctx.lastPrice), estimate: true };
}

export function sizeFieldOf(inputs: OrderFormInputs): 'quantity' | 'amount' {
  if (firesMarket(inputs)) return inputs.marketUnit === 'quoteCoin' ? 'amount' : 'quantity';
  return inputs.sizeDriver;
}

const floorTo = (value: Decimal, decimals: number) => value.toDecimalPlaces(decimals, Decimal.ROUND_DOWN);

/**
 * What the exchange locks for the order, in the coin spent (docs/api/assets.md, "Borrowing"): a buy sized by
 * quantity its value and the fee headroom, a buy by value that value, a sell its quantity.
 */
function lockedBy(inputs: OrderFormInputs, sizeField: 'quantity' | 'amount', amount: Decimal | null, quantity: Decimal | null, feeRate: Decimal): string | null {
  if (inputs.side === 'Sell') return quantity ? quantity.toFixed() : null;
  if (!amount) return null;
  return (firesMarket(inputs) && sizeField === 'amount' ? amount : amount.mul(feeRate.plus(1))).toFixed();
}

export function orderFormSummary(inputs: OrderFormInputs, ctx: OrderFormContext): OrderFormSummary {
  const { rules, account } = ctx;
  const lotDecimals = decimalsOf(rules.lot);
  const { price, estimate } = countedPrice(inputs, ctx);
  const sizeField = sizeFieldOf(inputs);
  let quantity: Decimal | null = null;
  let amount: Decimal | null = null;
  if (sizeField === 'quantity') {
    quantity = positive(inputs.quantity);
    amount = quantity && price ? floorTo(quantity.mul(price), rules.amountDecimals) : null;
  } else {
    amount = positive(inputs.amount);
    quantity = amount && price ? floorTo(amount.div(price), lotDecimals) : null;
  }
  const buy = inputs.side === 'Buy';
  const feeRate = new Decimal(ctx.feeRate);
  // A buy pays its fee in the coin it receives (base), a sell in quote.
  const fee = buy ? (quantity ? floorTo(quantity.mul(feeRate), lotDecimals) : null) : amount ? floorTo(amount.mul(feeRate), rules.amountDecimals) : null;

  // Spec 1 §5: the balance of the coin spent; with leverage on, the maxima of account info (what may be borrowed too);
  // an innovation or adventure buy at most the quota left.
  const leveraged = leverageOn(account?.leverage ?? null);
  const quota = positive(account?.innovationRemain ?? null) ?? (account?.innovationRemain ? new Decimal(0) : null);
  const buyRoom = (leveraged ? positive(account?.maxBuyAmt ?? null) : null) ?? positive(account?.quoteFree ?? null);
  const maxBuyAmt = buyRoom && quota ? Decimal.min(buyRoom, quota) : buyRoom;
  const maxSellQty = (leveraged ? positive(account?.maxSellQty ?? null) : null) ?? positive(account?.baseFree ?? null);
  const maxAmount = buy ? maxBuyAmt : maxSellQty && price ? floorTo(maxSellQty.mul(price), rules.amountDecimals) : null;
  const maxQty = buy ? (maxBuyAmt && price ? floorTo(maxBuyAmt.div(price), lotDecimals) : null) : maxSellQty;
  const used = buy ? (amount && maxAmount ? amount.div(maxAmount) : null) : quantity && maxQty ? quantity.div(maxQty) : null;

  return {
    price: price ? price.toFixed() : null,
    priceIsEstimate: estimate,
    sizeField,
    quantity: quantity ? quantity.toFixed(lotDecimals) : null,
    amount: amount ? amount.toFixed() : null,
    fee: fee ? fee.toFixed() : null,
    feeCoin: buy ? rules.baseCoin : rules.quoteCoin,
    availableCoin: buy ? rules.quoteCoin : rules.baseCoin,
    available: (buy ? account?.quoteFree : account?.baseFree) ?? null,
    maxAmount: maxAmount ? maxAmount.toFixed() : null,
    maxQty: maxQty ? maxQty.toFixed(lotDecimals) : null,
    percentOfMax: inputs.percent ?? (used ? Math.min(100, Math.max(0, used.mul(100).toDecimalPlaces(0, Decimal.ROUND_DOWN).toNumber())) : 0),
    borrowed: leveraged ? borrowedAmount(lockedBy(inputs, sizeField, amount, quantity, feeRate), (buy ? account?.quoteFree : account?.baseFree) ?? null) : null,
  };
}

/**
 * The slider at `percent`: a buy spends that share of what it can spend, a
 * sell sells that share of what it holds, both floored to the steps so the
 * order never asks for more than is there.
 */
export function sliderAction(inputs: OrderFormInputs, ctx: OrderFormContext, percent: number): OrderFormAction {
  const p = Math.min(100, Math.max(0, Math.round(percent)));
  const share = new Decimal(p).div(100);
  const summary = orderFormSummary({ ...inputs, percent: null }, ctx);
  const lotDecimals = decimalsOf(ctx.rules.lot);
  const price = positive(summary.price);
  const sizeField = summary.sizeField;
  if (inputs.side === 'Buy') {
    const max = positive(summary.maxAmount);
    const amount = max ? floorTo(max.mul(share), ctx.rules.amountDecimals) : new Decimal(0);
    // Without a price the value drives: the quantity follows once a price is written.
    const driver = sizeField === 'amount' || !price ? 'amount' : 'quantity';
    const quantity = price ? floorTo(amount.div(price), lotDecimals) : new Decimal(0);
    return { type: 'percent', percent: p, amount: text(amount), quantity: text(quantity), driver };
  }
  const max = positive(summary.maxQty);
  const quantity = max ? floorTo(max.mul(share), lotDecimals) : new Decimal(0);
  const amount = price ? floorTo(quantity.mul(price), ctx.rules.amountDecimals) : new Decimal(0);
  return { type: 'percent', percent: p, amount: text(amount), quantity: text(quantity), driver: sizeField === 'amount' && price ? 'amount' : 'quantity' };
}

const text = (d: Decimal) => (d.isZero() ? '' : d.toFixed());
