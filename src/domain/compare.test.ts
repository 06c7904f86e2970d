import { describe, expect, it } from 'vitest';
import type { OhlcvBar } from './chartModel';
import { alignToTimes, toPercentSeries } from './compare';

const bars = (entries: [number, number][]): OhlcvBar[] =>
  entries.map(([time, close]) => ({ time, open: close, high: close, low: close, close, volume: 1 }));

describe('toPercentSeries', () => {
  it('is the change in percent from the first bar at or after the base time', () => {
    const series = toPercentSeries(bars([[1, 80], [2, 100], [3, 110], [4, 95]]), 2);
    expect(series.map((p) => p.time)).toEqual([2, 3, 4]);
    expect(series[0]?.value).toBe(0);
    expect(series[1]?.value).toBeCloseTo(10, 12);
    expect(series[2]?.value).toBeCloseTo(-5, 12);
  });

  it('bases a series that starts later on its own first bar', () => {
    const series = toPercentSeries(bars([[5, 200], [6, 250]]), 2);
    expect(series).toEqual([
      { time: 5, value: 0 },
      { time: 6, value: 25 },
    ]);
  });

  it('bases between bars on the next bar', () => {
    expect(toPercentSeries(bars([[10, 50], [20, 40]]), 15)).toEqual([{ time: 20, value: 0 }]);
  });

  it('gives nothing for a zero base close or no bar after the base time', () => {
    expect(toPercentSeries(bars([[1, 0], [2, 10]]), 0)).toEqual([]);
    expect(toPercentSeries(bars([[1, 10]]), 5)).toEqual([]);
    expect(toPercentSeries([], 0)).toEqual([]);
  });
});

describe('alignToTimes', () => {
  it('puts the values on the main times, carrying the last value over gaps', () => {
    const points = [
      { time: 20, value: 1 },
      { time: 25, value: 9 },
      { time: 30, value: 2 },
      { time: 50, value: 4 },
    ];
    expect(alignToTimes([10, 20, 30, 40, 50, 60], points)).toEqual([
      { time: 20, value: 1 },
      { time: 30, value: 2 },
      { time: 40, value: 2 },
      { time: 50, value: 4 },
      { time: 60, value: 4 },
    ]);
  });

  it('gives nothing without points or times', () => {
    expect(alignToTimes([1, 2], [])).toEqual([]);
    expect(alignToTimes([], [{ time: 1, value: 1 }])).toEqual([]);
  });
});
