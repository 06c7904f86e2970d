import { describe, expect, it } from 'vitest';
import { comparedChange } from './chartCompare';

const bars = [
  { time: 1_000, close: 100 },
  { time: 2_000, close: 110 },
  { time: 3_000, close: 90 },
  { time: 4_000, close: 120 },
];

describe('comparedChange', () => {
  it('measures against the first close in view', () => {
    expect(comparedChange(bars, 2_000, 4_000)).toBeCloseTo(120 / 110 - 1);
    expect(comparedChange(bars, 1_500, 3_000)).toBeCloseTo(90 / 110 - 1);
    expect(comparedChange(bars, 0, 4_000)).toBeCloseTo(0.2);
  });

  it('takes the last bar at or before the time asked (symbols may miss bars)', () => {
    expect(comparedChange(bars, 1_000, 3_500)).toBeCloseTo(-0.1);
    expect(comparedChange(bars, 1_000, 99_000)).toBeCloseTo(0.2);
  });

  it('is zero at the base bar itself', () => {
    expect(comparedChange(bars, 2_000, 2_000)).toBe(0);
  });

  it('is null without bars in view, before the base, or with a bad base', () => {
    expect(comparedChange([], 0, 1_000)).toBeNull();
    expect(comparedChange(bars, 5_000, 6_000)).toBeNull();
    expect(comparedChange(bars, 3_000, 2_000)).toBeNull();
    expect(comparedChange([{ time: 1_000, close: 0 }, { time: 2_000, close: 5 }], 0, 2_000)).toBeNull();
    expect(comparedChange([{ time: 1_000, close: Number.NaN }, { time: 2_000, close: 5 }], 0, 2_000)).toBeNull();
  });
});
