/**
 * The algorithmic orders (issue 21 part 3; spec 2 §3 strategy order): TWAP
 * (a size cut into equal slices sent at a fixed interval over a duration,
 * never past a price limit), iceberg (a size shown in the book a visible
 * part at a time, at one price) and chase (a limit order kept at the best
 * price of its side, offset by a percentage, never past a cap). The
 * embedded exchange runs them (mocks/strategies/algo*); this is their form:
 * the inputs and their reducer, the figures they make, the ordered checks,
 * and the body of the create call (docs/api/strategy-orders.md). Pure.
 */
import { Decimal } from 'decimal.js';
import { decimalsOf } from '../units';
import { parseNumberInput, sanitizeTyping } from './numeric';
import type { OrderFormContext, OrderFormError, OrderRules, Side } from './types';

export type AlgoKind = 'twap' | 'iceberg' | 'chase';
export const ALGO_KINDS: readonly AlgoKind[] = ['twap', 'iceberg', 'chase'];

/** TWAP bounds (the exchange's, docs/api/strategy-orders.md): 5 minutes to 24 hours, a slice every 5 s to 10 min. */
export const TWAP_MINUTES = { min: 5, max: 1440 } as const;
export const TWAP_INTERVAL_SEC = { min: 5, max: 600 } as const;
/** A chase order sits at most 1 % away from the best price (ChasePercentE4 ≤ 10 000). */
export const CHASE_MAX_PERCENT = '1';
/** A randomised iceberg shows between 80 % and 100 % of its visible size (never more). */
export const ICEBERG_RANDOM_FLOOR = '0.8';

export type AlgoField = 'size' | 'durationMin' | 'intervalSec' | 'priceLimit' | 'price' | 'visibleSize' | 'chasePercent' | 'maxChasePrice';

export interface AlgoInputs {
  kind: AlgoKind;
  side: Side;
  /** total base quantity */
  size: string;
  durationMin: string;
  intervalSec: string;
  /** TWAP: a Buy never pays above it, a Sell never sells below; empty for none */
  priceLimit: string;
  /** iceberg: the limit price of every visible part */
  price: string;
  visibleSize: string;
  randomize: boolean;
  /** chase: distance from the best price of its side, in percent */
  chasePercent: string;
  /** chase: a Buy never re-prices above it, a Sell never below; empty for none */
  maxChasePrice: string;
}

export type AlgoAction =
  | { type: 'side'; side: Side }
  | { type: 'field'; field: AlgoField; text: string; rules: OrderRules }
  | { type: 'randomize'; on: boolean }
  | { type: 'placed' };

export function initialAlgo(kind: AlgoKind, side: Side = 'Buy'): AlgoInputs {
  return { kind, side, size: '', durationMin: '30', intervalSec: '30', priceLimit: '', price: '', visibleSize: '', randomize: false, chasePercent: '0', maxChasePrice: '' };
}

function fieldDecimals(field: AlgoField, rules: OrderRules): number {
  switch (field) {
    case 'durationMin':
    case 'intervalSec':
      return 0;
    case 'size':
    case 'visibleSize':
      return decimalsOf(rules.lot);
    case 'chasePercent':
      return 4;
    default:
      return decimalsOf(rules.tick);
  }
}

/** A keystroke or paste cut to the field's decimals; text that is not a number leaves the field as it was. */
export function reduceAlgo(inputs: AlgoInputs, action: AlgoAction): AlgoInputs {
  switch (action.type) {
    case 'side':
      return { ...inputs, side: action.side };
    case 'randomize':
      return { ...inputs, randomize: action.on };
    case 'placed':
      return { ...inputs, size: '' };
    case 'field': {
      const typed = sanitizeTyping(action.text, fieldDecimals(action.field, action.rules));
      return typed === null ? inputs : { ...inputs, [action.field]: typed };
    }
  }
}

const dec = (text: string): Decimal | null => {
  const parsed = parseNumberInput(text);
  return parsed.kind === 'ok' ? new Decimal(parsed.value) : null;
};
const whole = (text: string): number | null => {
  const n = dec(text);
  return n && n.isInteger() ? n.toNumber() : null;
};

/** TWAP slices: one per interval over the duration (the last one may be short). */
export function twapSliceCount(inputs: Pick<AlgoInputs, 'durationMin' | 'intervalSec'>): number | null {
  const minutes = whole(inputs.durationMin);
  const interval = whole(inputs.intervalSec);
  if (minutes === null || interval === null || minutes <= 0 || interval <= 0) return null;
  return Math.ceil((minutes * 60) / interval);
}

/** The price the checks and the figures value the order at: its own price where it has one, else the market's. */
function pricedAt(inputs: AlgoInputs, ctx: OrderFormContext): Decimal | null {
  const own = inputs.kind === 'iceberg' ? dec(inputs.price) : inputs.kind === 'twap' ? dec(inputs.priceLimit) : dec(inputs.maxChasePrice);
  if (own && own.gt(0)) return own;
  const market = inputs.side === 'Buy' ? ctx.bestAsk ?? ctx.lastPrice : ctx.bestBid ?? ctx.lastPrice;
  return market ? new Decimal(market) : null;
}

export interface AlgoSummary {
  /** how many child orders: TWAP slices, iceberg parts */
  slices: number | null;
  /** the size of one (the iceberg's visible part) */
  sliceSize: string | null;
  /** the quote value at the price the order may trade at */
  value: string | null;
  /** at the taker rate: the most it can cost */
  fee: string | null;
  /** the largest size the balance covers at that price */
  max: string | null;
}

export function algoSummary(inputs: AlgoInputs, ctx: OrderFormContext): AlgoSummary {
  const { rules } = ctx;
  const size = dec(inputs.size);
  const price = pricedAt(inputs, ctx);
  const lot = new Decimal(rules.lot);
  const qtyPlaces = decimalsOf(rules.lot);
  let slices: number | null = null;
  let sliceSize: string | null = null;
  if (inputs.kind === 'twap') {
    slices = twapSliceCount(inputs);
    if (slices && size?.gt(0)) sliceSize = size.div(slices).div(lot).floor().times(lot).toFixed(qtyPlaces);
  } else if (inputs.kind === 'iceberg') {
    const visible = dec(inputs.visibleSize);
    if (visible?.gt(0) && size?.gt(0)) {
      slices = size.div(visible).ceil().toNumber();
      sliceSize = Decimal.min(visible, size).toFixed(qtyPlaces);
    }
  }
  const value = size?.gt(0) && price ? size.times(price) : null;
  const free = ctx.account ? (inputs.side === 'Buy' ? ctx.account.quoteFree : ctx.account.baseFree) : null;
  const max = free === null ? null : inputs.side === 'Buy' ? (price?.gt(0) ? new Decimal(free).div(price).div(lot).floor().times(lot) : null) : new Decimal(free).div(lot).floor().times(lot);
  const places = rules.amountDecimals;
  return {
    slices,
    sliceSize,
    value: value ? value.toDecimalPlaces(places, Decimal.ROUND_UP).toFixed() : null,
    fee: value ? value.times(ctx.feeRate).toDecimalPlaces(places, Decimal.ROUND_UP).toFixed() : null,
    max: max ? max.toFixed(qtyPlaces) : null,
  };
}

function kindErrors(inputs: AlgoInputs, ctx: OrderFormContext, size: Decimal): OrderFormError[] {
  const { rules } = ctx;
  const out: OrderFormError[] = [];
  if (inputs.kind === 'twap') {
    const minutes = whole(inputs.durationMin);
    const interval = whole(inputs.intervalSec);
    if (minutes === null || minutes < TWAP_MINUTES.min || minutes > TWAP_MINUTES.max) out.push({ key: 'algoDurationRange', field: 'form', params: { min: String(TWAP_MINUTES.min), max: String(TWAP_MINUTES.max) } });
    if (interval === null || interval < TWAP_INTERVAL_SEC.min || interval > TWAP_INTERVAL_SEC.max) out.push({ key: 'algoIntervalRange', field: 'form', params: { min: String(TWAP_INTERVAL_SEC.min), max: String(TWAP_INTERVAL_SEC.max) } });
    else if (minutes !== null && interval > minutes * 60) out.push({ key: 'algoIntervalOverDuration', field: 'form' });
    const limit = inputs.priceLimit ? dec(inputs.priceLimit) : null;
    if (inputs.priceLimit && (!limit || limit.lt(rules.tick))) out.push({ key: 'orderPriceLowerLimit', field: 'price', params: { min: rules.tick } });
    const slices = twapSliceCount(inputs);
    if (!out.length && slices && size.div(slices).lt(rules.minQty)) out.push({ key: 'algoSliceBelowMin', field: 'quantity', params: { min: rules.minQty, coin: rules.baseCoin } });
  } else if (inputs.kind === 'iceberg') {
    const price = dec(inputs.price);
    const visible = dec(inputs.visibleSize);
    if (!price || price.isZero()) out.push({ key: 'algoPriceMissing', field: 'price' });
    else if (price.lt(rules.tick)) out.push({ key: 'orderPriceLowerLimit', field: 'price', params: { min: rules.tick } });
    if (!visible || visible.isZero()) out.push({ key: 'algoVisibleMissing', field: 'quantity' });
    else if (visible.gt(size)) out.push({ key: 'algoVisibleOverSize', field: 'quantity' });
    else if (visible.times(inputs.randomize ? ICEBERG_RANDOM_FLOOR : 1).lt(rules.minQty)) out.push({ key: 'algoSliceBelowMin', field: 'quantity', params: { min: rules.minQty, coin: rules.baseCoin } });
  } else {
    const percent = dec(inputs.chasePercent);
    if (!percent || percent.gt(CHASE_MAX_PERCENT)) out.push({ key: 'algoChaseRange', field: 'form', params: { max: CHASE_MAX_PERCENT } });
    const cap = inputs.maxChasePrice ? dec(inputs.maxChasePrice) : null;
    if (inputs.maxChasePrice && (!cap || cap.lt(rules.tick))) out.push({ key: 'orderPriceLowerLimit', field: 'price', params: { min: rules.tick } });
  }
  return out;
}

/**
 * Every failed check in order: the side the pair bans; the size present;
 * the kind's own fields (TWAP timing and slices, the iceberg's price and
 * visible part, the chase distance and cap); then the size against the
 * pair's minimum quantity and value; then the balance for all of it.
 */
export function algoErrors(inputs: AlgoInputs, ctx: OrderFormContext): OrderFormError[] {
  const { rules } = ctx;
  const buy = inputs.side === 'Buy';
  if (buy ? rules.isBanBuy : rules.isBanSell) return [{ key: buy ? 'buyBanned' : 'sellBanned', field: 'form', params: { coin: rules.baseCoin } }];
  const size = dec(inputs.size);
  if (!size || size.isZero()) return [{ key: buy ? 'missingBuyingQuantity' : 'missingSellingQuantity', field: 'quantity' }];
  const own = kindErrors(inputs, ctx, size);
  if (own.length) return own;
  if (size.lt(rules.minQty)) return [{ key: 'algoSizeBelowMin', field: 'quantity', params: { min: rules.minQty, coin: rules.baseCoin } }];
  const price = pricedAt(inputs, ctx);
  if (price && size.times(price).lt(rules.minAmount)) return [{ key: 'algoValueBelowMin', field: 'quantity', params: { min: rules.minAmount, coin: rules.quoteCoin } }];
  const account = ctx.account;
  if (account) {
    const free = buy ? account.quoteFree : account.baseFree;
    const need = buy ? (price ? size.times(price) : null) : size;
    if (free !== null && need && need.gt(free)) return [{ key: 'balanceNotEnough', field: 'quantity', params: { coin: buy ? rules.quoteCoin : rules.baseCoin } }];
  }
  return [];
}

/** The create call's body (docs/api/strategy-orders.md); call it only when algoErrors is empty. */
export function algoCreateBody(inputs: AlgoInputs, rules: OrderRules): Record<string, unknown> {
  const common = { strategyType: inputs.kind, symbol: rules.symbolId, category: 'UTA_SPOT', side: inputs.side, size: new Decimal(inputs.size).toFixed() };
  const optional = (key: string, text: string) => (text && new Decimal(text).gt(0) ? { [key]: new Decimal(text).toFixed() } : {});
  switch (inputs.kind) {
    case 'twap':
      return { ...common, durationSec: Number(inputs.durationMin) * 60, intervalSec: Number(inputs.intervalSec), ...optional('priceLimit', inputs.priceLimit) };
    case 'iceberg':
      return { ...common, price: new Decimal(inputs.price).toFixed(), visibleSize: new Decimal(inputs.visibleSize).toFixed(), ...(inputs.randomize ? { randomize: true } : {}) };
    case 'chase':
      // ChasePercentE4: the percentage × 10 000, a whole number.
      return { ...common, chasePercentE4: new Decimal(inputs.chasePercent || '0').times(10_000).toDecimalPlaces(0).toNumber(), ...optional('maxChasePrice', inputs.maxChasePrice) };
  }
}
