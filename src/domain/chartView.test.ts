import { describe, expect, it } from 'vitest';
import { viewOfRange } from './chartView';

const times = [0, 60_000, 120_000, 180_000, 240_000];
const at = (i: number) => times[i]!;

describe('viewOfRange', () => {
  it('names the whole bars a logical range covers', () => {
    expect(viewOfRange(times.length, at, { from: 0.4, to: 3.6 })).toEqual({ from: 60_000, to: 180_000, bars: 3 });
  });

  it('clamps a range that runs past either end (the right offset, an empty left margin)', () => {
    expect(viewOfRange(times.length, at, { from: -10, to: 12 })).toEqual({ from: 0, to: 240_000, bars: 5 });
  });

  it('has no view without bars, without a range, or when the range lies past the data', () => {
    expect(viewOfRange(0, at, { from: 0, to: 3 })).toBeNull();
    expect(viewOfRange(times.length, at, null)).toBeNull();
    expect(viewOfRange(times.length, at, { from: 6, to: 9 })).toBeNull();
    expect(viewOfRange(times.length, at, { from: Number.NaN, to: 2 })).toBeNull();
  });
});
