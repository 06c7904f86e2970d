import { describe, expect, it } from 'vitest';
import type { OhlcvBar } from '../chartModel';
import { computeVwap } from './vwap';
import { SERIES_START, TEST_SERIES } from './testSeries';

describe('VWAP (session = UTC day, source hlc3)', () => {
  const values = computeVwap(TEST_SERIES).lines[0]?.values ?? [];

  it('accumulates hlc3 · volume over volume within the session', () => {
    // first bar: (101.5 + 99.2 + 101) / 3
    expect(values[0]).toBeCloseTo(100.56666667, 8);
    expect(values[5]).toBeCloseTo(102.71193694, 8);
  });

  it('restarts at the first bar of a new UTC day', () => {
    // bar 6 opens 2024-01-02 00:00 UTC with no volume: nothing traded in the session yet
    expect(TEST_SERIES[6]?.time).toBe(Date.UTC(2024, 0, 2));
    expect(values[6]).toBeNull();
    // bar 7 is the first traded bar of the day: its own hlc3
    expect(values[7]).toBeCloseTo((103.9 + 102.2 + 103.7) / 3, 10);
    expect(values[35]).toBeCloseTo(106.85684593, 8);
  });

  it('carries the value over a zero-volume bar inside a session', () => {
    const bars: OhlcvBar[] = [
      { time: SERIES_START, open: 10, high: 12, low: 8, close: 10, volume: 2 },
      { time: SERIES_START + 60_000, open: 50, high: 60, low: 40, close: 50, volume: 0 },
    ];
    expect(computeVwap(bars).lines[0]?.values).toEqual([10, 10]);
  });

  it('is null for a session without volume, and equals hlc3 when every bar is a new day', () => {
    const day = 86_400_000;
    const bars: OhlcvBar[] = [0, 1, 2].map((i) => ({ time: i * day, open: 1, high: 3 + i, low: 1, close: 2, volume: i === 1 ? 0 : 5 }));
    expect(computeVwap(bars).lines[0]?.values).toEqual([2, null, (5 + 1 + 2) / 3]);
    expect(computeVwap([]).lines[0]?.values).toEqual([]);
  });
});
