import { describe, expect, it } from 'vitest';
import { computeMa } from './ma';
import { TEST_SERIES } from './testSeries';

describe('MA (ta.sma of the close)', () => {
  const line = computeMa(TEST_SERIES, 7, '#f7a600').lines[0];

  it('is one price-pane line named after its length', () => {
    const output = computeMa(TEST_SERIES, 7, '#f7a600');
    expect(output.pane).toBe('price');
    expect(output.lines).toHaveLength(1);
    expect(line).toMatchObject({ name: 'MA(7)', kind: 'line', color: '#f7a600' });
  });

  it('matches hand-computed values of the test series', () => {
    const values = line?.values ?? [];
    expect(values.slice(0, 6)).toEqual([null, null, null, null, null, null]);
    // (101 + 102.4 + 102 + 104.2 + 103.6 + 102.5 + 102.5) / 7
    expect(values[6]).toBeCloseTo(102.6, 8);
    expect(values[10]).toBeCloseTo(104.31428571, 8);
    expect(values[20]).toBeCloseTo(103.54285714, 8);
    expect(values[35]).toBeCloseTo(106.91428571, 8);
  });

  it('is all null with fewer bars than the length', () => {
    expect(computeMa(TEST_SERIES.slice(0, 6), 7, '#000').lines[0]?.values).toEqual(Array(6).fill(null));
  });
});
