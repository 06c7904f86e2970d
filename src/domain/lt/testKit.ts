/** BTC3LUSDT as docs/api/lt.md gives it, for the LT form tests. */
import type { LtLimits, LtTokenState } from './types';

export const LIMITS: LtLimits = {
  minPurchase: '100',
  maxPurchase: '10000',
  dailyPurchaseCap: '200000',
  dailyPurchaseUsed: '0',
  minRedeem: '20',
  maxRedeem: '2000',
  purchaseFeeRate: '0.0005',
  redeemFeeRate: '0.0005',
  tokenStep: '0.0001',
  quoteStep: '0.00000001',
};

export const OPEN: LtTokenState = { st: 1, riskState: 1, riskSwitchStatus: 1, nav: '4.82100000' };
