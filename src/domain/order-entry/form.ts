/**
 * The order form's inputs and their reducer: what a keystroke, a paste, a
 * blur, a tab or a click on the book does to the form. Pure: the rules of the
 * symbol come in with the action, so the reducer never looks anything up.
 */
import { decimalsOf } from '../units';
import { normalizeNumber, parseNumberInput, sanitizeTyping } from './numeric';
import type { LegKind, MarketUnit, NumericField, OrderFormInputs, OrderFormType, OrderRules, Side, SlippageKind, TimeInForce, TrailingBy } from './types';

export function initialOrderForm(side: Side = 'Buy', type: OrderFormType = 'limit'): OrderFormInputs {
  const leg = (): OrderFormInputs['oco']['takeProfit'] => ({ trigger: '', kind: 'limit', price: '' });
  return {
    side,
    type,
    price: '',
    quantity: '',
    amount: '',
    sizeDriver: 'quantity',
    triggerPrice: '',
    planKind: 'limit',
    timeInForce: 'GTC',
    marketUnit: side === 'Buy' ? 'quoteCoin' : 'baseCoin',
    slippageKind: 'none',
    slippage: '',
    oco: { takeProfit: leg(), stopLoss: leg() },
    trailingActivation: '',
    trailingBy: 'percent',
    trailingValue: '',
    tpslOn: false,
    takeProfit: '',
    stopLoss: '',
    percent: null,
    notice: null,
  };
}

export type OrderFormAction =
  | { type: 'side'; side: Side }
  | { type: 'orderType'; orderType: OrderFormType }
  | { type: 'input'; field: NumericField; text: string; rules: OrderRules }
  | { type: 'paste'; field: NumericField; text: string; rules: OrderRules }
  | { type: 'blur'; field: NumericField; rules: OrderRules }
  | { type: 'choose'; patch: ChoicePatch }
  /** the slider: the size it gives is worked out by `sliderAction` */
  | { type: 'percent'; percent: number; quantity: string; amount: string; driver: 'quantity' | 'amount' }
  /** a price row of the book or the tape, or a "Last" / "Best" helper */
  | { type: 'pickPrice'; price: string }
  /** after an order is placed: sizes go, prices and choices stay for the next one */
  | { type: 'placed' }
  | { type: 'reset' };

export interface ChoicePatch {
  timeInForce?: TimeInForce;
  planKind?: LegKind;
  marketUnit?: MarketUnit;
  slippageKind?: SlippageKind;
  trailingBy?: TrailingBy;
  ocoTpKind?: LegKind;
  ocoSlKind?: LegKind;
  tpslOn?: boolean;
}

const PRICE_FIELDS: ReadonlySet<NumericField> = new Set(['price', 'triggerPrice', 'ocoTpTrigger', 'ocoTpPrice', 'ocoSlTrigger', 'ocoSlPrice', 'trailingActivation', 'takeProfit', 'stopLoss']);

/** Decimals a field may hold: prices the tick's, sizes the lot's or the quote value's. */
export function fieldDecimals(field: NumericField, inputs: OrderFormInputs, rules: OrderRules): number {
  if (PRICE_FIELDS.has(field)) return decimalsOf(rules.tick);
  if (field === 'quantity') return decimalsOf(rules.lot);
  if (field === 'amount') return rules.amountDecimals;
  if (field === 'slippage') return inputs.slippageKind === 'ticks' ? 0 : 2;
  if (field === 'trailingValue') return inputs.trailingBy === 'percent' ? 2 : decimalsOf(rules.tick);
  return 8;
}

export function fieldText(inputs: OrderFormInputs, field: NumericField): string {
  switch (field) {
    case 'ocoTpTrigger':
      return inputs.oco.takeProfit.trigger;
    case 'ocoTpPrice':
      return inputs.oco.takeProfit.price;
    case 'ocoSlTrigger':
      return inputs.oco.stopLoss.trigger;
    case 'ocoSlPrice':
      return inputs.oco.stopLoss.price;
    default:
      return inputs[field];
  }
}

function withField(inputs: OrderFormInputs, field: NumericField, text: string): OrderFormInputs {
  const { takeProfit, stopLoss } = inputs.oco;
  switch (field) {
    case 'ocoTpTrigger':
      return { ...inputs, oco: { stopLoss, takeProfit: { ...takeProfit, trigger: text } } };
    case 'ocoTpPrice':
      return { ...inputs, oco: { stopLoss, takeProfit: { ...takeProfit, price: text } } };
    case 'ocoSlTrigger':
      return { ...inputs, oco: { takeProfit, stopLoss: { ...stopLoss, trigger: text } } };
    case 'ocoSlPrice':
      return { ...inputs, oco: { takeProfit, stopLoss: { ...stopLoss, price: text } } };
    case 'quantity':
    case 'amount':
      // Writing a size makes it the one the other is derived from, and lets go of the slider.
      return { ...inputs, [field]: text, sizeDriver: field, percent: null };
    default:
      return { ...inputs, [field]: text };
  }
}

/**
 * Blur: a price goes to the tick (spec 2 §5 rounds up), a quantity down to
 * the lot, and nothing passes the symbol's maximum. A value under the
 * minimum is left as written: raising a trader's size unasked would place a
 * bigger order than they meant, so the check says so instead.
 */
function settled(field: NumericField, text: string, inputs: OrderFormInputs, rules: OrderRules): string {
  const value = text.endsWith('.') ? text.slice(0, -1) : text;
  if (value === '' || Number.isNaN(Number(value))) return value;
  if (PRICE_FIELDS.has(field)) return normalizeNumber(value, { step: rules.tick, round: 'up' });
  if (field === 'quantity') return normalizeNumber(value, { step: rules.lot, max: rules.maxQty, round: 'down' });
  if (field === 'amount') return normalizeNumber(value, { step: stepOf(rules.amountDecimals), max: rules.maxAmount, round: 'down' });
  if (field === 'trailingValue' && inputs.trailingBy === 'value') return normalizeNumber(value, { step: rules.tick, round: 'up' });
  return value;
}

const stepOf = (decimals: number) => (decimals <= 0 ? '1' : `0.${'0'.repeat(decimals - 1)}1`);

export function reduceOrderForm(inputs: OrderFormInputs, action: OrderFormAction): OrderFormInputs {
  switch (action.type) {
    case 'side':
      if (action.side === inputs.side) return inputs;
      // A market buy is sized by value and a sell by quantity unless the trader says otherwise.
      return { ...inputs, side: action.side, marketUnit: action.side === 'Buy' ? 'quoteCoin' : 'baseCoin', percent: null, notice: null };
    case 'orderType':
      return { ...inputs, type: action.orderType, percent: null, notice: null };
    case 'input': {
      const clean = sanitizeTyping(action.text, fieldDecimals(action.field, inputs, action.rules));
      if (clean === null) return { ...inputs, notice: { field: action.field, key: 'invalidNumber' } };
      return { ...withField(inputs, action.field, clean), notice: null };
    }
    case 'paste': {
      const parsed = parseNumberInput(action.text);
      if (parsed.kind === 'invalid') {
        return { ...inputs, notice: { field: action.field, key: parsed.reason === 'negative' ? 'negativeNumber' : 'invalidNumber' } };
      }
      const value = parsed.kind === 'empty' ? '' : settled(action.field, parsed.value, inputs, action.rules);
      return { ...withField(inputs, action.field, value), notice: null };
    }
    case 'blur': {
      const text = fieldText(inputs, action.field);
      const value = settled(action.field, text, inputs, action.rules);
      return value === text ? inputs : withField(inputs, action.field, value);
    }
    case 'choose': {
      const p = action.patch;
      const { takeProfit, stopLoss } = inputs.oco;
      return {
        ...inputs,
        timeInForce: p.timeInForce ?? inputs.timeInForce,
        planKind: p.planKind ?? inputs.planKind,
        marketUnit: p.marketUnit ?? inputs.marketUnit,
        slippageKind: p.slippageKind ?? inputs.slippageKind,
        slippage: p.slippageKind && p.slippageKind !== inputs.slippageKind ? '' : inputs.slippage,
        trailingBy: p.trailingBy ?? inputs.trailingBy,
        tpslOn: p.tpslOn ?? inputs.tpslOn,
        trailingValue: p.trailingBy && p.trailingBy !== inputs.trailingBy ? '' : inputs.trailingValue,
        oco: {
          takeProfit: p.ocoTpKind ? { ...takeProfit, kind: p.ocoTpKind } : takeProfit,
          stopLoss: p.ocoSlKind ? { ...stopLoss, kind: p.ocoSlKind } : stopLoss,
        },
      };
    }
    case 'percent':
      return { ...inputs, percent: action.percent, quantity: action.quantity, amount: action.amount, sizeDriver: action.driver, notice: null };
    case 'pickPrice':
      // A market order has no price to fill: picking one means the trader wants a limit order there.
      if (inputs.type === 'market') return { ...inputs, type: 'limit', price: action.price, notice: null };
      // Orders without a limit price take the pick where their first price goes.
      if (inputs.type === 'trailing') return { ...inputs, trailingActivation: action.price, notice: null };
      if (inputs.type === 'oco') return { ...withField(inputs, 'ocoTpTrigger', action.price), notice: null };
      if ((inputs.type === 'conditional' || inputs.type === 'tpsl') && inputs.planKind === 'market') return { ...inputs, triggerPrice: action.price, notice: null };
      return { ...inputs, price: action.price, notice: null };
    case 'placed':
      return { ...inputs, quantity: '', amount: '', percent: null, notice: null };
    case 'reset':
      return initialOrderForm(inputs.side, inputs.type);
  }
}
