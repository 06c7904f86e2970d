import { describe, expect, it } from 'vitest';
import type { OhlcvBar } from '../chartModel';
import { computeRsi } from './rsi';
import { flatSeries, TEST_SERIES } from './testSeries';

const fromCloses = (closes: number[]): OhlcvBar[] =>
  closes.map((close, i) => ({ time: i, open: close, high: close, low: close, close, volume: 1 }));

describe('RSI (14, Wilder RMA as ta.rsi)', () => {
  const line = computeRsi(TEST_SERIES, 14).lines[0];

  it('is one line in a sub-pane', () => {
    expect(computeRsi(TEST_SERIES, 14).pane).toBe('sub');
    expect(line).toMatchObject({ name: 'RSI(14)', kind: 'line' });
  });

  it('starts at bar `length` (14 changes) and matches the test vectors', () => {
    expect(line?.values[13]).toBeNull();
    expect(line?.values[14]).toBeCloseTo(50.9202454, 6);
    expect(line?.values[15]).toBeCloseTo(55.07559395, 6);
    expect(line?.values[27]).toBeCloseTo(55.88890809, 6);
    expect(line?.values[35]).toBeCloseTo(63.94916402, 6);
  });

  it('follows the published Wilder example (StockCharts RSI, 14)', () => {
    // StockCharts' sheet rounds its averages to 2 decimals, which moves its
    // figures by up to 0.07 from the exact ones; an SMA or EMA smoothing
    // would be off by far more.
    const closes = [
      44.34, 44.09, 44.15, 43.61, 44.33, 44.83, 45.1, 45.42, 45.84, 46.08, 45.89, 46.03, 45.61, 46.28, 46.28, 46.0, 46.03, 46.41, 46.22, 45.64,
      46.21, 46.25, 45.71, 46.45, 45.78, 45.35, 44.03, 44.18, 44.22, 44.57, 43.42, 42.66, 43.13,
    ];
    const published = [70.53, 66.32, 66.55, 69.41, 66.36, 57.97, 62.93, 63.26, 56.06, 62.38, 54.71, 50.42, 39.99, 41.46, 41.87, 45.46, 37.3, 33.08, 37.77];
    const values = computeRsi(fromCloses(closes), 14).lines[0]?.values.slice(14) ?? [];
    expect(values).toHaveLength(published.length);
    values.forEach((value, i) => expect(Math.abs((value as number) - (published[i] as number))).toBeLessThan(0.1));
    // the exact first value: gains 3.34 and losses 1.40 over 14 changes → 100 − 100 / (1 + 3.34 / 1.4)
    expect(values[0]).toBeCloseTo(70.46413502, 6);
  });

  it('is 100 without losses (also flat), 0 without gains, null when too short', () => {
    expect(computeRsi(flatSeries(20), 14).lines[0]?.values[19]).toBe(100);
    expect(computeRsi(fromCloses([1, 2, 3, 4, 5]), 3).lines[0]?.values).toEqual([null, null, null, 100, 100]);
    expect(computeRsi(fromCloses([5, 4, 3, 2, 1]), 3).lines[0]?.values).toEqual([null, null, null, 0, 0]);
    expect(computeRsi(TEST_SERIES.slice(0, 14), 14).lines[0]?.values).toEqual(Array(14).fill(null));
  });
});
