import { describe, expect, it } from 'vitest';
import { computeEma } from './ema';
import { flatSeries, TEST_SERIES } from './testSeries';

describe('EMA (ta.ema of the close, SMA seed)', () => {
  const values = computeEma(TEST_SERIES, 7, '#ff9800').lines[0]?.values ?? [];

  it('starts at bar length − 1 with the SMA of the first closes', () => {
    expect(values.slice(0, 6)).toEqual(Array(6).fill(null));
    expect(values[6]).toBeCloseTo(102.6, 8);
  });

  it('then smooths with alpha 2/(length + 1)', () => {
    // 0.25 · 103.7 + 0.75 · 102.6
    expect(values[7]).toBeCloseTo(102.875, 8);
    expect(values[20]).toBeCloseTo(103.75158307, 8);
    expect(values[35]).toBeCloseTo(106.79420646, 8);
  });

  it('names the line and draws on the price pane', () => {
    const output = computeEma(TEST_SERIES, 25, '#123456');
    expect(output.pane).toBe('price');
    expect(output.lines[0]).toMatchObject({ name: 'EMA(25)', kind: 'line', color: '#123456' });
  });

  it('stays on a flat price and is all null when too short', () => {
    expect(computeEma(flatSeries(10, 42), 3, "#000").lines[0]?.values.slice(2)).toEqual(Array(8).fill(42));
    expect(computeEma(flatSeries(2), 3, '#000').lines[0]?.values).toEqual([null, null]);
  });
});
