import { describe, expect, it } from 'vitest';
import { averagePrice, avgSideCode, avgWindowDays } from './averageLines';

describe('average lines', () => {
  it('averages a hand-computed fixture: 0.002 BTC for 123.6 and 0.003 BTC for 186.9 → 310.5 / 0.005 = 62,100', () => {
    // Totals as the exchange sums them: 123.6 + 186.9 = 310.5 quote for 0.002 + 0.003 = 0.005 base.
    expect(averagePrice('310.5', '0.005', 2)).toBe('62100');
    expect(averagePrice('100', '3', 2)).toBe('33.33');
    expect(averagePrice('200', '3', 2)).toBe('66.67');
  });

  it('has no line without trades or with totals that do not read', () => {
    expect(averagePrice('0', '0', 2)).toBeNull();
    expect(averagePrice('10', '0', 2)).toBeNull();
    expect(averagePrice('abc', '1', 2)).toBeNull();
    expect(averagePrice('-5', '1', 2)).toBeNull();
  });

  it('asks at most 90 days, with the side code the call expects', () => {
    expect(avgWindowDays(30)).toBe(30);
    expect(avgWindowDays(90)).toBe(90);
    expect(avgWindowDays(365)).toBe(90);
    expect(avgWindowDays(1095)).toBe(90);
    expect([avgSideCode('Buy'), avgSideCode('Sell')]).toEqual([1, 2]);
  });
});
