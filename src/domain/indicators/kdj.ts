/**
 * KDJ (stochastic with J) in the convention of Asian exchange charts
 * (default 9, 3, 3): RSV = 100 · (close − lowest low) / (highest high −
 * lowest low) over the last `length` bars; K = ((m1 − 1) · K₋₁ + RSV) / m1
 * and D = ((m2 − 1) · D₋₁ + K) / m2 (with 3, 3: K = ⅔K₋₁ + ⅓RSV), both
 * starting from 50 before the first full window; J = 3K − 2D. Null until the
 * first full window (bar `length` − 1). When the window's high equals its
 * low the RSV is undefined: K keeps its previous value (RSV = K₋₁), so a
 * flat market holds K, D and J where they were (50 from the start).
 * The highest/lowest use monotonic deques: O(n) for any length.
 */
import type { IndicatorOutput, OhlcvBar } from '../chartModel';
import { KDJ_COLORS } from './colors';

const START = 50;

export function computeKdj(bars: readonly OhlcvBar[], length: number, kSmoothing: number, dSmoothing: number): IndicatorOutput {
  const n = bars.length;
  const kValues: (number | null)[] = new Array<number | null>(n).fill(null);
  const dValues: (number | null)[] = new Array<number | null>(n).fill(null);
  const jValues: (number | null)[] = new Array<number | null>(n).fill(null);
  // Indices of candidate highs (decreasing) and lows (increasing) of the window.
  const highs = new Int32Array(n);
  const lows = new Int32Array(n);
  let highHead = 0;
  let highTail = 0;
  let lowHead = 0;
  let lowTail = 0;
  let k = START;
  let d = START;
  for (let i = 0; i < n; i += 1) {
    const bar = bars[i] as OhlcvBar;
    while (highTail > highHead && (bars[highs[highTail - 1] as number] as OhlcvBar).high <= bar.high) highTail -= 1;
    highs[highTail++] = i;
    while (lowTail > lowHead && (bars[lows[lowTail - 1] as number] as OhlcvBar).low >= bar.low) lowTail -= 1;
    lows[lowTail++] = i;
    const windowStart = i - length + 1;
    if ((highs[highHead] as number) < windowStart) highHead += 1;
    if ((lows[lowHead] as number) < windowStart) lowHead += 1;
    if (windowStart < 0) continue;
    const highest = (bars[highs[highHead] as number] as OhlcvBar).high;
    const lowest = (bars[lows[lowHead] as number] as OhlcvBar).low;
    const rsv = highest > lowest ? (100 * (bar.close - lowest)) / (highest - lowest) : k;
    k = ((kSmoothing - 1) * k + rsv) / kSmoothing;
    d = ((dSmoothing - 1) * d + k) / dSmoothing;
    kValues[i] = k;
    dValues[i] = d;
    jValues[i] = 3 * k - 2 * d;
  }
  return {
    pane: 'sub',
    lines: [
      { name: 'K', kind: 'line', values: kValues, color: KDJ_COLORS.k },
      { name: 'D', kind: 'line', values: dValues, color: KDJ_COLORS.d },
      { name: 'J', kind: 'line', values: jValues, color: KDJ_COLORS.j },
    ],
  };
}
