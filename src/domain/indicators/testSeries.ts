/**
 * A fixed, hand-written series of 36 hourly bars for the indicator test
 * vectors: a rise, a drop, a flat stretch (bars 24–27), a zero-volume bar
 * (bar 6, the first of a new UTC day) and a UTC day change at bar 6
 * (2024-01-02 00:00). Only tests import it.
 */
import type { OhlcvBar } from '../chartModel';

const HOUR = 3_600_000;
/** 2024-01-01 18:00 UTC */
export const SERIES_START = Date.UTC(2024, 0, 1, 18);

// [open, high, low, close, volume]
const ROWS: readonly (readonly [number, number, number, number, number])[] = [
  [100.0, 101.5, 99.2, 101.0, 12.5],
  [101.0, 102.8, 100.6, 102.4, 15.0],
  [102.4, 103.1, 101.9, 102.0, 9.8],
  [102.0, 104.6, 101.7, 104.2, 22.1],
  [104.2, 105.0, 103.3, 103.6, 18.4],
  [103.6, 104.0, 102.1, 102.5, 11.0],
  [102.5, 102.5, 102.5, 102.5, 0],
  [102.5, 103.9, 102.2, 103.7, 14.2],
  [103.7, 106.2, 103.5, 105.9, 30.5],
  [105.9, 107.4, 105.1, 106.8, 27.3],
  [106.8, 107.0, 104.9, 105.2, 19.9],
  [105.2, 105.8, 103.0, 103.4, 24.6],
  [103.4, 104.1, 101.8, 102.2, 21.0],
  [102.2, 102.9, 100.5, 100.9, 26.7],
  [100.9, 101.6, 99.8, 101.3, 13.3],
  [101.3, 103.0, 101.0, 102.7, 16.8],
  [102.7, 104.4, 102.3, 104.0, 20.2],
  [104.0, 104.9, 103.2, 103.5, 12.9],
  [103.5, 105.7, 103.4, 105.3, 23.4],
  [105.3, 106.1, 104.6, 104.9, 17.6],
  [104.9, 105.2, 102.8, 103.1, 22.8],
  [103.1, 103.8, 101.9, 102.6, 15.5],
  [102.6, 104.3, 102.4, 103.9, 18.1],
  [103.9, 104.5, 103.0, 104.0, 10.7],
  [104.0, 104.0, 104.0, 104.0, 5.0],
  [104.0, 104.0, 104.0, 104.0, 5.0],
  [104.0, 104.0, 104.0, 104.0, 5.0],
  [104.0, 104.0, 104.0, 104.0, 5.0],
  [104.0, 106.5, 103.8, 106.1, 28.9],
  [106.1, 108.0, 105.7, 107.6, 33.2],
  [107.6, 108.3, 106.4, 106.9, 21.4],
  [106.9, 107.2, 104.8, 105.3, 25.0],
  [105.3, 106.6, 104.9, 106.2, 14.8],
  [106.2, 107.9, 105.8, 107.5, 19.3],
  [107.5, 107.8, 106.0, 106.4, 16.1],
  [106.4, 108.9, 106.2, 108.5, 31.7],
];

export const TEST_SERIES: readonly OhlcvBar[] = ROWS.map(([open, high, low, close, volume], i) => ({
  time: SERIES_START + i * HOUR,
  open,
  high,
  low,
  close,
  volume,
}));

/** `count` bars that never move: every price `price`, volume 1. */
export function flatSeries(count: number, price = 100): OhlcvBar[] {
  return Array.from({ length: count }, (_, i) => ({
    time: SERIES_START + i * HOUR,
    open: price,
    high: price,
    low: price,
    close: price,
    volume: 1,
  }));
}

/**
 * How far two indicator series are apart: the largest absolute difference,
 * or Infinity when their lengths or null positions differ. Lets a test
 * compare whole series against a reference in one assertion.
 */
export function seriesDistance(actual: readonly (number | null)[], expected: readonly (number | null)[]): number {
  if (actual.length !== expected.length) return Number.POSITIVE_INFINITY;
  let distance = 0;
  for (let i = 0; i < actual.length; i += 1) {
    const a = actual[i] ?? null;
    const e = expected[i] ?? null;
    if (a === null || e === null) {
      if (a !== e) return Number.POSITIVE_INFINITY;
      continue;
    }
    distance = Math.max(distance, Math.abs(a - e));
  }
  return distance;
}
