import { describe, expect, it } from 'vitest';
import { ema, rma, sma, smaAndStdev } from './smoothing';
import { seriesDistance } from './testSeries';

/** Naive references straight from the definitions, O(n·k). */
function naiveSma(xs: number[], n: number): (number | null)[] {
  return xs.map((_, i) => {
    if (i < n - 1) return null;
    let sum = 0;
    for (let j = i - n + 1; j <= i; j += 1) sum += xs[j] as number;
    return sum / n;
  });
}

function naiveSeeded(xs: number[], n: number, alpha: number): (number | null)[] {
  const seed = naiveSma(xs, n);
  let previous = 0;
  return xs.map((x, i) => {
    if (i < n - 1) return null;
    previous = i === n - 1 ? (seed[i] as number) : alpha * x + (1 - alpha) * previous;
    return previous;
  });
}

function naiveStdev(xs: number[], n: number): (number | null)[] {
  const means = naiveSma(xs, n);
  return xs.map((_, i) => {
    const mean = means[i];
    if (mean === null || mean === undefined) return null;
    let sum = 0;
    for (let j = i - n + 1; j <= i; j += 1) sum += ((xs[j] as number) - mean) ** 2;
    return Math.sqrt(sum / n);
  });
}

// A wiggly series around a large price, where rounding would show.
const XS = Array.from({ length: 300 }, (_, i) => 60_000 + 37 * Math.sin(i / 3) + (i % 7) * 1.25);

describe('sma / ema / rma / stdev against naive references', () => {
  it('sma matches the window mean at every bar', () => {
    for (const n of [1, 2, 5, 20, 99]) expect(seriesDistance(sma(XS, n), naiveSma(XS, n)), `n=${n}`).toBeLessThan(1e-8);
  });

  it('ema is seeded with the SMA of the first length values, then alpha 2/(n+1)', () => {
    for (const n of [1, 3, 12, 26]) expect(seriesDistance(ema(XS, n), naiveSeeded(XS, n, 2 / (n + 1))), `n=${n}`).toBeLessThan(1e-8);
    expect(ema([1, 2, 3, 4], 3)).toEqual([null, null, 2, 3]);
  });

  it('rma is Wilder smoothing (alpha 1/n) seeded with the SMA', () => {
    for (const n of [1, 14]) expect(seriesDistance(rma(XS, n), naiveSeeded(XS, n, 1 / n)), `n=${n}`).toBeLessThan(1e-8);
    // seed (1+2+3)/3 = 2, then (2·2 + 5)/3 = 3
    expect(rma([1, 2, 3, 5], 3)).toEqual([null, null, 2, 3]);
  });

  it('stdev is the population standard deviation, exact for a large price level', () => {
    for (const n of [2, 20, 50]) {
      const { mean, stdev } = smaAndStdev(XS, n);
      expect(seriesDistance(mean, naiveSma(XS, n)), `n=${n}`).toBeLessThan(1e-8);
      expect(seriesDistance(stdev, naiveStdev(XS, n)), `n=${n}`).toBeLessThan(1e-6);
    }
    // population: values 2, 4, 4, 4, 5, 5, 7, 9 have mean 5 and σ = 2 (sample σ would be 2.138…)
    expect(smaAndStdev([2, 4, 4, 4, 5, 5, 7, 9], 8).stdev[7]).toBe(2);
  });

  it('gives only nulls while fewer values than the length exist', () => {
    expect(sma([1, 2], 3)).toEqual([null, null]);
    expect(ema([1, 2], 3)).toEqual([null, null]);
    expect(rma([], 3)).toEqual([]);
    expect(smaAndStdev([1, 2], 3)).toEqual({ mean: [null, null], stdev: [null, null] });
  });

  it('starts after leading nulls and restarts after a null', () => {
    expect(sma([null, 1, 2, 3], 2)).toEqual([null, null, 1.5, 2.5]);
    expect(ema([null, null, 2, 4, 6], 2)).toEqual([null, null, null, 3, 5]);
    expect(sma([1, 2, null, 3, 4], 2)).toEqual([null, 1.5, null, null, 3.5]);
  });

  it('are compared by a distance that sees a moved value or a moved null', () => {
    expect(seriesDistance([null, 1, 2], [null, 1, 2.5])).toBe(0.5);
    expect(seriesDistance([null, 1], [1, 1])).toBe(Number.POSITIVE_INFINITY);
    expect(seriesDistance([1], [1, 2])).toBe(Number.POSITIVE_INFINITY);
  });
});
