/**
 * The exchange's LT refusals (docs/api/lt.md, codes 176001–176011) in the
 * page's words: the same keys as the page's own check chain, so a check the
 * page could not run (a balance that moved, a rebalance that just began)
 * reads the same as one it ran.
 */
import { REDEMPTION_KEYS, SUBSCRIPTION_KEYS } from './checks';
import type { LtCheckError, LtLimits } from './types';

export type LtAction = 'subscribe' | 'redeem';

/** Demo accounts hear spec 2 §6's "operation unsupported"; others that the product is not for their account. */
export const LT_UNSUPPORTED_DEMO = 'lt_operation_unsupported';
export const LT_NOT_AVAILABLE = 'lt_not_available';

type Limits = Pick<LtLimits, 'minPurchase' | 'maxPurchase' | 'minRedeem' | 'maxRedeem'>;

/** The message for a refusal code, or null for a code this table does not know (the server's text is shown then). */
export function ltRefusal(action: LtAction, code: number | string, limits: Limits | null, isDemo: boolean): LtCheckError | null {
  const n = Number(code);
  if (n === 176011) return { key: isDemo ? LT_UNSUPPORTED_DEMO : LT_NOT_AVAILABLE };
  const value = (v: string | undefined) => (v === undefined ? undefined : { value: v });
  const entry = (key: string, params?: Record<string, string>): LtCheckError => (params ? { key, params } : { key });
  if (action === 'subscribe') {
    switch (n) {
      case 176001: return entry(SUBSCRIPTION_KEYS.inputAmount);
      case 176002: return entry(SUBSCRIPTION_KEYS.notEnough);
      case 176003: return entry(SUBSCRIPTION_KEYS.closed);
      case 176004: return entry(SUBSCRIPTION_KEYS.changePosition);
      case 176005: return entry(SUBSCRIPTION_KEYS.closePosition);
      case 176006: return entry(SUBSCRIPTION_KEYS.invalidValue);
      case 176007: return entry(SUBSCRIPTION_KEYS.wearPosition);
      case 176008: return entry(SUBSCRIPTION_KEYS.maxAmount, value(limits?.maxPurchase));
      case 176009: return entry(SUBSCRIPTION_KEYS.minAmount, value(limits?.minPurchase));
      case 176010: return entry(SUBSCRIPTION_KEYS.largeAmount);
      default: return null;
    }
  }
  switch (n) {
    case 176001: return entry(REDEMPTION_KEYS.inputQuantity);
    case 176002: return entry(REDEMPTION_KEYS.notEnough);
    case 176003: return entry(REDEMPTION_KEYS.closed);
    case 176004: return entry(REDEMPTION_KEYS.changePosition);
    case 176005: return entry(REDEMPTION_KEYS.closePosition);
    case 176006: return entry(REDEMPTION_KEYS.invalidValue);
    // Redemption's 176008/176009 are min then max (the chain's order), the reverse of subscription's.
    case 176008: return entry(REDEMPTION_KEYS.minQuantity, value(limits?.minRedeem));
    case 176009: return entry(REDEMPTION_KEYS.maxQuantity, value(limits?.maxRedeem));
    default: return null;
  }
}
