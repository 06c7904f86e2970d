import { describe, expect, it } from 'vitest';
import {
  afterManagementFee,
  BAND_3X,
  navAt,
  needsRebalance,
  nextUtcMidnight,
  realLeverage,
  resetBasket,
  type LtBasket,
  type LtDirection,
} from './nav';

/**
 * Hand-computed fixtures for the basket maths. Everything starts at NAV 1 and
 * an underlying at 100, so a 3x long holds 0.03 units and −2 cash
 * (NAV = 0.03 P − 2) and a 3x short −0.03 units and 4 cash (NAV = 4 − 0.03 P).
 */
const FEE = 0.00005;
const reset = (nav: number, price: number, direction: LtDirection): LtBasket =>
  resetBasket(nav, price, direction, BAND_3X.target);

/** One day's move, then the daily reset (fee, re-size) at the day's close. */
function dayThenReset(basket: LtBasket, close: number, direction: LtDirection): { nav: number; basket: LtBasket } {
  const nav = afterManagementFee(navAt(basket, close), FEE);
  return { nav, basket: reset(nav, close, direction) };
}

describe('resetBasket', () => {
  it('sizes a long and a short to 3x at the given NAV', () => {
    const long = reset(1, 100, 'long');
    expect(long.units).toBeCloseTo(0.03, 15);
    expect(long.cash).toBeCloseTo(-2, 15);
    const short = reset(1, 100, 'short');
    expect(short.units).toBeCloseTo(-0.03, 15);
    expect(short.cash).toBeCloseTo(4, 15);
    expect(realLeverage(long, 100)).toBeCloseTo(3, 12);
    expect(realLeverage(short, 100)).toBeCloseTo(3, 12);
  });

  it('gives an empty basket for a worthless NAV or a bad price', () => {
    expect(reset(0, 100, 'long')).toEqual({ units: 0, cash: 0 });
    expect(reset(-1, 100, 'short')).toEqual({ units: 0, cash: 0 });
    expect(reset(1, 0, 'long')).toEqual({ units: 0, cash: 0 });
  });
});

describe('a +10 % day then a −10 % day with the daily reset between', () => {
  it('3x long: 1 → 1.3 → fee → reset → ×0.7 = 0.9099545', () => {
    // Day 1: 100 → 110. NAV = 0.03 × 110 − 2 = 1.3.
    const day1 = reset(1, 100, 'long');
    expect(navAt(day1, 110)).toBeCloseTo(1.3, 12);
    // 00:00 UTC: fee 1.3 × (1 − 0.00005) = 1.299935; re-size at 110:
    // units = 3 × 1.299935 / 110, cash = 1.299935 − 3 × 1.299935 = −2.59987.
    const { nav, basket } = dayThenReset(day1, 110, 'long');
    expect(nav).toBeCloseTo(1.299935, 12);
    expect(basket.cash).toBeCloseTo(-2.59987, 12);
    expect(realLeverage(basket, 110)).toBeCloseTo(3, 12);
    // Day 2: 110 → 99 (−10 %): NAV = 1.299935 × (1 − 3 × 0.1) = 0.9099545.
    expect(navAt(basket, 99)).toBeCloseTo(0.9099545, 12);
    // Without the reset the same two days would end at 0.03 × 99 − 2 = 0.97:
    // the reset locks in the larger exposure before the fall (volatility decay).
    expect(navAt(day1, 99)).toBeCloseTo(0.97, 12);
  });

  it('3x short: 1 → 0.7 → fee → reset → ×1.3 = 0.9099545', () => {
    // Day 1: 100 → 110. NAV = 4 − 0.03 × 110 = 0.7.
    const day1 = reset(1, 100, 'short');
    expect(navAt(day1, 110)).toBeCloseTo(0.7, 12);
    // Fee: 0.7 × 0.99995 = 0.699965; re-size short at 110.
    const { nav, basket } = dayThenReset(day1, 110, 'short');
    expect(nav).toBeCloseTo(0.699965, 12);
    expect(basket.units).toBeLessThan(0);
    // Day 2: 110 → 99: NAV = 0.699965 × (1 + 3 × 0.1) = 0.9099545 — the same as
    // the long's, since both are the fee times (1 + 0.3)(1 − 0.3) = 0.91.
    expect(navAt(basket, 99)).toBeCloseTo(0.9099545, 12);
  });
});

describe('leverage and the 4x / 2x band', () => {
  it('follows exposure / NAV', () => {
    const long = reset(1, 100, 'long');
    // At 110: exposure 3.3, NAV 1.3 → 2.538…
    expect(realLeverage(long, 110)).toBeCloseTo(3.3 / 1.3, 12);
    // At 90: exposure 2.7, NAV 0.7 → 3.857…
    expect(realLeverage(long, 90)).toBeCloseTo(2.7 / 0.7, 12);
    const short = reset(1, 100, 'short');
    // At 110: exposure 3.3, NAV 0.7 → 4.714… (past the upper edge).
    expect(realLeverage(short, 110)).toBeCloseTo(3.3 / 0.7, 12);
    expect(needsRebalance(short, 110, BAND_3X)).toBe(true);
  });

  it('has the long edges at P = 800/9 (4x) and P = 400/3 (2x)', () => {
    // 0.03 P / (0.03 P − 2) = 4  ⇔  P = 8 / 0.09 = 88.888…
    // 0.03 P / (0.03 P − 2) = 2  ⇔  P = 4 / 0.03 = 133.333…
    const long = reset(1, 100, 'long');
    expect(needsRebalance(long, 88.89, BAND_3X)).toBe(false);
    expect(needsRebalance(long, 88.88, BAND_3X)).toBe(true);
    expect(needsRebalance(long, 133.33, BAND_3X)).toBe(false);
    expect(needsRebalance(long, 133.34, BAND_3X)).toBe(true);
    expect(needsRebalance(long, 100, BAND_3X)).toBe(false);
  });

  it('has the short edges at P = 320/3 (4x) and P = 800/9 (2x)', () => {
    // 0.03 P / (4 − 0.03 P) = 4  ⇔  P = 16 / 0.15 = 106.666…
    // 0.03 P / (4 − 0.03 P) = 2  ⇔  P = 8 / 0.09 = 88.888…
    const short = reset(1, 100, 'short');
    expect(needsRebalance(short, 106.66, BAND_3X)).toBe(false);
    expect(needsRebalance(short, 106.67, BAND_3X)).toBe(true);
    expect(needsRebalance(short, 88.89, BAND_3X)).toBe(false);
    expect(needsRebalance(short, 88.88, BAND_3X)).toBe(true);
  });

  it('a long path across 4x: 100 → 88 (rebalance) → 96.8', () => {
    const start = reset(1, 100, 'long');
    // At 88: NAV 0.03 × 88 − 2 = 0.64, exposure 2.64, leverage 4.125 ≥ 4.
    expect(navAt(start, 88)).toBeCloseTo(0.64, 12);
    expect(realLeverage(start, 88)).toBeCloseTo(4.125, 12);
    expect(needsRebalance(start, 88, BAND_3X)).toBe(true);
    // Rebalance at 88: units 3 × 0.64 / 88 = 0.021818…, cash 0.64 − 1.92 = −1.28.
    const after = reset(navAt(start, 88), 88, 'long');
    expect(after.units).toBeCloseTo(1.92 / 88, 15);
    expect(after.cash).toBeCloseTo(-1.28, 12);
    // Then +10 % to 96.8: NAV 0.64 × 1.3 = 0.832 (the un-rebalanced basket
    // would have had 0.03 × 96.8 − 2 = 0.904: de-levering gave up the bounce).
    expect(navAt(after, 96.8)).toBeCloseTo(0.832, 12);
    expect(navAt(start, 96.8)).toBeCloseTo(0.904, 12);
  });
});

describe('a worthless token', () => {
  it('reaches 0 and stays there', () => {
    const long = reset(1, 100, 'long');
    // 0.03 P − 2 ≤ 0 for P ≤ 66.67: clamped to 0, no leverage, no rebalance.
    expect(navAt(long, 60)).toBe(0);
    expect(realLeverage(long, 60)).toBe(0);
    expect(needsRebalance(long, 60, BAND_3X)).toBe(false);
    // Resetting a zero NAV gives the empty basket, worth 0 at any price;
    // the fee on 0 is 0.
    const dead = reset(navAt(long, 60), 60, 'long');
    expect(navAt(dead, 1_000)).toBe(0);
    expect(afterManagementFee(0, FEE)).toBe(0);
    // A short dies at 4 / 0.03 = 133.33… and above.
    const short = reset(1, 100, 'short');
    expect(navAt(short, 134)).toBe(0);
    expect(needsRebalance(short, 134, BAND_3X)).toBe(false);
  });
});

describe('nextUtcMidnight', () => {
  it('is the first 00:00 UTC strictly after t', () => {
    const midnight = Date.UTC(2024, 7, 9);
    expect(nextUtcMidnight(midnight - 1)).toBe(midnight);
    expect(nextUtcMidnight(midnight)).toBe(midnight + 86_400_000);
    expect(nextUtcMidnight(Date.UTC(2024, 7, 8, 23, 54, 13))).toBe(midnight);
  });
});
