import { describe, expect, it } from 'vitest';
import { niceTicks } from './depthAxis';

describe('niceTicks', () => {
  it('round steps of 1, 2 or 5 times a power of ten inside the range', () => {
    expect(niceTicks(61_700, 61_950, 5)).toEqual({ values: [61_700, 61_750, 61_800, 61_850, 61_900, 61_950], decimals: 0 });
    expect(niceTicks(0, 1, 5)).toEqual({ values: [0, 0.2, 0.4, 0.6, 0.8, 1], decimals: 1 });
    expect(niceTicks(0.1, 0.35, 5)).toEqual({ values: [0.1, 0.15, 0.2, 0.25, 0.3, 0.35], decimals: 2 });
  });

  it('nothing for an empty, reversed or unusable range', () => {
    expect(niceTicks(5, 5, 4).values).toEqual([]);
    expect(niceTicks(5, 1, 4).values).toEqual([]);
    expect(niceTicks(Number.NaN, 1, 4).values).toEqual([]);
    expect(niceTicks(0, 1, 0).values).toEqual([]);
  });
});
