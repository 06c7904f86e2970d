/**
 * What the LT reads answer (docs/api/lt.md): symbol info and live info.
 * Decimals as strings; the NAV with 8 decimals, rates and leverage with 4.
 */
import { formatAmount, type Amount } from '../exchange/amount';
import type { LtStatusCode } from './navBars';
import type { LtSpec } from './registry';
import { leverageOf, navOf, priceOf, statusAt, type RiskState, type TokenState } from './tokenState';
import { navText } from './ltOrders';

/** The spec's limits and steps as they are, plus the leverage band and the user's day. */
export type LtSymbolInfoView = Pick<
  LtSpec,
  | 'symbolId' | 'token' | 'quote' | 'underlying' | 'direction' | 'minPurchase' | 'maxPurchase' | 'dailyPurchaseCap' | 'minRedeem' | 'maxRedeem'
  | 'purchaseFeeRate' | 'redeemFeeRate' | 'managementFeeRate' | 'tokenStep' | 'quoteStep'
> & {
  targetLeverage: string;
  upperLeverage: string;
  lowerLeverage: string;
  dailyPurchaseUsed: string;
};

export interface LtInfoView {
  symbolId: string;
  time: number;
  nav: string;
  st: LtStatusCode;
  riskState: RiskState;
  riskSwitchStatus: 0 | 1;
  diffNvRate: string;
  underlyingPrice: string;
  realLeverage: string;
  basket: { units: string; cash: string };
  lastRebalanceTime: number | null;
  nextResetTime: number;
  rebalances: number;
}

export function symbolInfoView(spec: LtSpec, usedToday: Amount): LtSymbolInfoView {
  return {
    symbolId: spec.symbolId, token: spec.token, quote: spec.quote, underlying: spec.underlying, direction: spec.direction,
    targetLeverage: String(spec.band.target), upperLeverage: String(spec.band.upper), lowerLeverage: String(spec.band.lower),
    minPurchase: spec.minPurchase, maxPurchase: spec.maxPurchase, dailyPurchaseCap: spec.dailyPurchaseCap,
    minRedeem: spec.minRedeem, maxRedeem: spec.maxRedeem,
    purchaseFeeRate: spec.purchaseFeeRate, redeemFeeRate: spec.redeemFeeRate, managementFeeRate: spec.managementFeeRate,
    tokenStep: spec.tokenStep, quoteStep: spec.quoteStep, dailyPurchaseUsed: formatAmount(usedToday),
  };
}

/** `-0.0000` is no sign to show. */
const fixed = (value: number, decimals: number) => {
  const text = value.toFixed(decimals);
  return /^-0\.?0*$/.test(text) ? text.slice(1) : text;
};

const decimalsOf = (step: string) => step.split('.')[1]?.length ?? 0;

/** diffNvRate: the pair's last price over the NAV, less 1; "0" before the pair traded or at NAV 0. */
export function diffNvRate(pairPrice: number | null, nav: number): string {
  return pairPrice === null || !(nav > 0) ? '0' : fixed(pairPrice / nav - 1, 4);
}

export function infoView(spec: LtSpec, token: TokenState, now: number, pairPrice: number | null, underlyingTick: string): LtInfoView {
  const nav = navOf(token, spec);
  return {
    symbolId: spec.symbolId,
    time: now,
    nav: navText(nav),
    st: statusAt(token, now),
    riskState: token.riskState,
    riskSwitchStatus: token.riskSwitch,
    diffNvRate: diffNvRate(pairPrice, Number(navText(nav))),
    underlyingPrice: fixed(priceOf(token, spec), decimalsOf(underlyingTick)),
    realLeverage: fixed(leverageOf(token, spec), 4),
    basket: { units: fixed(token.basket.units, 8), cash: fixed(token.basket.cash, 8) },
    lastRebalanceTime: token.lastRebalanceTime,
    nextResetTime: token.nextReset,
    rebalances: token.rebalances,
  };
}
