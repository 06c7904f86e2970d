/**
 * The daily buy quota of innovation- and adventure-zone pairs (spec 1 §1,
 * §5 "for innovation or adventure symbols a buy is capped by the remaining
 * quota"; spec 2 §3 step 6 innovateTradeFail).
 */
export type QuotaZone = 'innovation' | 'adventure';

/** The zone whose quota caps a buy of the pair; innovation first when a pair carries both marks. */
export function quotaZone(mark: readonly string[]): QuotaZone | null {
  if (mark.includes('innovation')) return 'innovation';
  if (mark.includes('adventure')) return 'adventure';
  return null;
}

/** The message of a buy above the quota left, named after the pair's zone. */
export function quotaMessageKey(mark: readonly string[]): 'innovateTradeFail' | 'adventureTradeFail' {
  return quotaZone(mark) === 'adventure' ? 'adventureTradeFail' : 'innovateTradeFail';
}
