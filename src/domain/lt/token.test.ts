import { describe, expect, it } from 'vitest';
import { isLeveragedToken, premiumPercent, rebalanceBand, statusAbilities, statusKey } from './token';

describe('leveraged-token words and figures', () => {
  it('knows a leveraged token by its mark', () => {
    expect(isLeveragedToken({ mark: ['leveraged'] })).toBe(true);
    expect(isLeveragedToken({ mark: ['innovation'] })).toBe(false);
    expect(isLeveragedToken(undefined)).toBe(false);
  });

  it('names each status, and which side it leaves open', () => {
    expect([1, 2, 3, 4, 5, 9, 1.5].map(statusKey)).toEqual(['status_1', 'status_2', 'status_3', 'status_4', 'status_5', 'status_unknown', 'status_unknown']);
    expect([1, 2, 3, 4, 5].map(statusAbilities)).toEqual([
      { subscribe: true, redeem: true },
      { subscribe: true, redeem: false },
      { subscribe: false, redeem: true },
      { subscribe: false, redeem: false },
      { subscribe: false, redeem: false },
    ]);
  });

  it('writes the premium as a signed percent with 2 decimals', () => {
    expect(premiumPercent('0.0012')).toBe('+0.12%');
    expect(premiumPercent('-0.00456')).toBe('-0.46%');
    expect(premiumPercent('0')).toBe('0.00%');
    expect(premiumPercent('-0.00001')).toBe('0.00%');
    expect(premiumPercent('x')).toBeNull();
  });

  it('gives the rebalancing band of a long and of a short', () => {
    expect(rebalanceBand({ direction: 'long', targetLeverage: '3', upperLeverage: '4.0', lowerLeverage: '2' })).toEqual({ key: 'rebalanceLong', target: '3', upper: '4', lower: '2' });
    expect(rebalanceBand({ direction: 'short', targetLeverage: '3', upperLeverage: '4', lowerLeverage: '2' }).key).toBe('rebalanceShort');
  });
});
