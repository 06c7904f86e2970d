import { describe, expect, it } from 'vitest';
import type { OhlcvBar } from '../chartModel';
import { computeKdj } from './kdj';
import { flatSeries, seriesDistance, TEST_SERIES } from './testSeries';

/** Naive KDJ: scans every window in full. */
function naiveKdj(bars: readonly OhlcvBar[], n: number, m1: number, m2: number): (number | null)[][] {
  let k = 50;
  let d = 50;
  const out: (number | null)[][] = [[], [], []];
  bars.forEach((bar, i) => {
    if (i < n - 1) {
      for (const line of out) line.push(null);
      return;
    }
    const window = bars.slice(i - n + 1, i + 1);
    const high = Math.max(...window.map((b) => b.high));
    const low = Math.min(...window.map((b) => b.low));
    const rsv = high > low ? ((bar.close - low) / (high - low)) * 100 : k;
    k = ((m1 - 1) * k + rsv) / m1;
    d = ((m2 - 1) * d + k) / m2;
    out[0]?.push(k);
    out[1]?.push(d);
    out[2]?.push(3 * k - 2 * d);
  });
  return out;
}

describe('KDJ (9, 3, 3: RSV, K and D from 50, J = 3K − 2D)', () => {
  const output = computeKdj(TEST_SERIES, 9, 3, 3);
  const [k, d, j] = output.lines;

  it('has K, D and J in a sub-pane', () => {
    expect(output.pane).toBe('sub');
    expect(output.lines.map((line) => line.name)).toEqual(['K', 'D', 'J']);
  });

  it('matches hand-computed values', () => {
    expect(k?.values[7]).toBeNull();
    // window 0–8: high 106.2, low 99.2, close 105.9 → RSV 95.7142857; K = ⅔·50 + ⅓·RSV
    expect(k?.values[8]).toBeCloseTo(65.23809524, 7);
    expect(d?.values[8]).toBeCloseTo(55.07936508, 7);
    expect(j?.values[8]).toBeCloseTo(85.55555556, 7);
    expect(k?.values[9]).toBeCloseTo(73.88422035, 7);
    expect(j?.values[9]).toBeCloseTo(98.95736072, 7);
    expect(d?.values[27]).toBeCloseTo(53.33000822, 7);
    expect(k?.values[35]).toBeCloseTo(73.74207827, 7);
    expect(d?.values[35]).toBeCloseTo(68.0438725, 7);
    expect(j?.values[35]).toBeCloseTo(85.13848981, 7);
  });

  it('equals a full-window scan for other lengths', () => {
    for (const [n, m1, m2] of [
      [1, 1, 1],
      [5, 2, 4],
      [14, 3, 3],
    ] as const) {
      const want = naiveKdj(TEST_SERIES, n, m1, m2);
      computeKdj(TEST_SERIES, n, m1, m2).lines.forEach((line, l) => {
        expect(seriesDistance(line.values, want[l] ?? []), `${line.name} of ${n}, ${m1}, ${m2}`).toBeLessThan(1e-9);
      });
    }
  });

  it('holds at 50 on a flat series and is null when too short', () => {
    const flat = computeKdj(flatSeries(12), 9, 3, 3).lines;
    for (const line of flat) expect(line.values.slice(8)).toEqual([50, 50, 50, 50]);
    for (const line of computeKdj(TEST_SERIES.slice(0, 8), 9, 3, 3).lines) expect(line.values).toEqual(Array(8).fill(null));
  });
});
