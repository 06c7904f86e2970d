/**
 * What the leveraged-token rules read (spec 2 §3, docs/api/lt.md), as plain
 * shapes: the data layer's parsed answers fit them structurally, so the
 * domain never imports the data layer.
 */

/** The token's status as the page's kline info gives it: 1 both, 2 subscribe only, 3 redeem only, 4 neither, 5 position change. */
export type LtStatusCode = 1 | 2 | 3 | 4 | 5;

/** The live part of a token the checks read (info nav, st, riskState, riskSwitchStatus). */
export interface LtTokenState {
  st: number;
  riskState: number;
  riskSwitchStatus: number;
  /** NAV per token, a decimal string */
  nav: string;
}

/** Per-order and per-day limits, fee rates and steps of GetLtSymbolInfo. */
export interface LtLimits {
  /** quote, per order */
  minPurchase: string;
  maxPurchase: string;
  /** quote, per user per UTC day */
  dailyPurchaseCap: string;
  /** the user's subscriptions today, quote */
  dailyPurchaseUsed: string;
  /** tokens, per order */
  minRedeem: string;
  maxRedeem: string;
  purchaseFeeRate: string;
  redeemFeeRate: string;
  tokenStep: string;
  quoteStep: string;
}

/** One failed check: its message key (lt namespace, the spec's names) and the values it names. */
export interface LtCheckError {
  key: string;
  params?: Record<string, string>;
}
