/**
 * What the page says about a leveraged token in words and figures: whether
 * a listed pair is one, its status (kline st) as a message key, the
 * rebalancing band, and the pair's premium over the NAV.
 */
import { Decimal } from 'decimal.js';

/** Instruments whose mark includes "leveraged" are leveraged tokens (fixtures/instruments.json). */
export function isLeveragedToken(symbol: { mark: readonly string[] } | null | undefined): boolean {
  return symbol?.mark.includes('leveraged') ?? false;
}

/** st → lt namespace key: 1 both, 2 subscribe only, 3 redeem only, 4 neither, 5 rebalancing; anything else unknown. */
export function statusKey(st: number): string {
  return st >= 1 && st <= 5 && Number.isInteger(st) ? `status_${st}` : 'status_unknown';
}

export interface StatusAbilities {
  subscribe: boolean;
  redeem: boolean;
}

/** Which side of the form st allows (spec 2 §5: subscription closed at 3/4, redemption at 2/4, both during a rebalance). */
export function statusAbilities(st: number): StatusAbilities {
  return { subscribe: st === 1 || st === 2, redeem: st === 1 || st === 3 };
}

/**
 * diffNvRate (pair last price ÷ NAV − 1) as a signed percent with 2
 * decimals ("0.0012" → "+0.12%"); null when it does not read.
 */
export function premiumPercent(diffNvRate: string): string | null {
  let d: Decimal;
  try {
    d = new Decimal(diffNvRate);
  } catch {
    return null;
  }
  if (!d.isFinite()) return null;
  const pct = d.times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const text = pct.abs().toFixed(2);
  if (pct.isZero()) return `${text}%`;
  return `${pct.isNegative() ? '-' : '+'}${text}%`;
}

/** The direction's rebalancing words' key and its band (spec: ≥ upper or ≤ lower for a long; the mirror for a short). */
export function rebalanceBand(info: { direction: 'long' | 'short'; upperLeverage: string; lowerLeverage: string; targetLeverage: string }) {
  return {
    key: info.direction === 'long' ? 'rebalanceLong' : 'rebalanceShort',
    target: new Decimal(info.targetLeverage).toFixed(),
    upper: new Decimal(info.upperLeverage).toFixed(),
    lower: new Decimal(info.lowerLeverage).toFixed(),
  };
}
