/**
 * BOLL: Bollinger Bands as TradingView's "Bollinger Bands" (default 20, 2):
 * middle = ta.sma(close, length), upper/lower = middle ± k · ta.stdev(close,
 * length), where ta.stdev is the POPULATION standard deviation (divides by
 * length). Null until the window is full. A flat window has width 0.
 */
import type { IndicatorOutput, OhlcvBar } from '../chartModel';
import { BOLL_COLORS } from './colors';
import { closesOf, smaAndStdev } from './smoothing';

export function computeBoll(bars: readonly OhlcvBar[], length: number, k: number): IndicatorOutput {
  const { mean, stdev } = smaAndStdev(closesOf(bars), length);
  const upper: (number | null)[] = new Array<number | null>(bars.length).fill(null);
  const lower: (number | null)[] = new Array<number | null>(bars.length).fill(null);
  for (let i = 0; i < bars.length; i += 1) {
    const middle = mean[i];
    const deviation = stdev[i];
    if (middle === null || middle === undefined || deviation === null || deviation === undefined) continue;
    upper[i] = middle + k * deviation;
    lower[i] = middle - k * deviation;
  }
  return {
    pane: 'price',
    lines: [
      { name: 'MID', kind: 'line', values: mean, color: BOLL_COLORS.middle },
      { name: 'UPPER', kind: 'line', values: upper, color: BOLL_COLORS.upper },
      { name: 'LOWER', kind: 'line', values: lower, color: BOLL_COLORS.lower },
    ],
  };
}
