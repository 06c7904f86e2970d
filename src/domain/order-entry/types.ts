import type { LeverageSettings } from './leverage';
/**
 * The order form's vocabulary (spec 2 §1, §3, §5; REFERENCE.md "Order
 * types"). Inputs are the texts as typed: a form never holds a number the
 * user did not write, and every derived figure comes from the summary.
 */
export type Side = 'Buy' | 'Sell';

/** The form's kinds: the three tabs plus the menu's others. */
export type OrderFormType = 'limit' | 'market' | 'conditional' | 'stopLimit' | 'tpsl' | 'oco' | 'trailing';

export const TAB_TYPES = ['limit', 'market', 'conditional'] as const satisfies readonly OrderFormType[];
export const MENU_TYPES = ['stopLimit', 'tpsl', 'oco', 'trailing'] as const satisfies readonly OrderFormType[];

export type TimeInForce = 'GTC' | 'IOC' | 'FOK' | 'PostOnly';
export const TIME_IN_FORCE: readonly TimeInForce[] = ['GTC', 'IOC', 'FOK', 'PostOnly'];

/** A market order's size: the base coin's quantity, or the quote coin's value. */
export type MarketUnit = 'baseCoin' | 'quoteCoin';
/** What a plan order places when it fires. */
export type LegKind = 'limit' | 'market';
export type SlippageKind = 'none' | 'ticks' | 'percent';
export type TrailingBy = 'value' | 'percent';

export interface OcoLegInputs {
  trigger: string;
  kind: LegKind;
  price: string;
}

/** Every text field the form has; a field the type does not use is ignored by the summary and the checks. */
export type NumericField =
  | 'price'
  | 'quantity'
  | 'amount'
  | 'triggerPrice'
  | 'slippage'
  | 'ocoTpTrigger'
  | 'ocoTpPrice'
  | 'ocoSlTrigger'
  | 'ocoSlPrice'
  | 'trailingActivation'
  | 'trailingValue'
  | 'takeProfit'
  | 'stopLoss';

export interface OrderFormInputs {
  side: Side;
  type: OrderFormType;
  price: string;
  quantity: string;
  amount: string;
  /** the size field the user wrote last: the other one is derived from it and the price */
  sizeDriver: 'quantity' | 'amount';
  triggerPrice: string;
  /** conditional and TP/SL: what fires (stop-limit is always limit) */
  planKind: LegKind;
  timeInForce: TimeInForce;
  marketUnit: MarketUnit;
  slippageKind: SlippageKind;
  slippage: string;
  oco: { takeProfit: OcoLegInputs; stopLoss: OcoLegInputs };
  trailingActivation: string;
  trailingBy: TrailingBy;
  trailingValue: string;
  /** a limit order's attached take-profit / stop-loss trigger prices (placed by the exchange once it fills) */
  tpslOn: boolean;
  takeProfit: string;
  stopLoss: string;
  /** the slider's position while it drives the size; null once a size is typed */
  percent: number | null;
  /** the last paste or keystroke that could not be read, shown beside its field */
  notice: { field: NumericField; key: 'invalidNumber' | 'negativeNumber' } | null;
}

/** What order entry needs of the symbol (spec 2 §3 symbol fields). */
export interface OrderRules {
  symbolId: string;
  baseCoin: string;
  quoteCoin: string;
  /** price tick, e.g. "0.01" (minPricePrecision) */
  tick: string;
  /** quantity step, e.g. "0.000001" */
  lot: string;
  /** decimals of a quote value */
  amountDecimals: number;
  minQty: string;
  maxQty: string;
  minAmount: string;
  maxAmount: string;
  isBanBuy: boolean;
  isBanSell: boolean;
  mark: readonly string[];
}

/** The signed-in account's figures (spec 2 §3 account info, wallet). Null figures are not known yet. */
export interface OrderAccount {
  isUnified: boolean;
  isDemo: boolean;
  baseFree: string | null;
  quoteFree: string | null;
  maxBuyAmt: string | null;
  maxSellQty: string | null;
  /** innovation- or adventure-zone buys left today (quote), null on other pairs */
  innovationRemain: string | null;
  /** a unified account's spot-margin settings (null for classic accounts, or not known yet) */
  leverage: LeverageSettings | null;
}

export interface OrderFormContext {
  rules: OrderRules;
  lastPrice: string | null;
  bestBid: string | null;
  bestAsk: string | null;
  /** null for a visitor */
  account: OrderAccount | null;
  /** taker fee rate, e.g. "0.001" */
  feeRate: string;
}

/** One failed check: an i18n key of the `trade` namespace, the field it belongs to, and its values. */
export interface OrderFormError {
  key: string;
  field: NumericField | 'form';
  params?: Record<string, string>;
}
