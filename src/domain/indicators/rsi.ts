/**
 * RSI as TradingView's ta.rsi(close, length) (default 14): up = max(change, 0),
 * down = max(−change, 0) of the close against the previous close (none for
 * the first bar); both smoothed with ta.rma (Wilder, alpha 1/length, seeded
 * with the SMA of the first `length` changes), so the first value is at bar
 * `length`. RSI = 100 − 100 / (1 + up/down); when the average loss is 0 the
 * RSI is 100 (also for a flat series), when the average gain is 0 it is 0.
 */
import type { IndicatorOutput, OhlcvBar } from '../chartModel';
import { RSI_COLOR } from './colors';
import { rma } from './smoothing';

export function computeRsi(bars: readonly OhlcvBar[], length: number): IndicatorOutput {
  const ups: (number | null)[] = new Array<number | null>(bars.length).fill(null);
  const downs: (number | null)[] = new Array<number | null>(bars.length).fill(null);
  for (let i = 1; i < bars.length; i += 1) {
    const change = (bars[i] as OhlcvBar).close - (bars[i - 1] as OhlcvBar).close;
    ups[i] = change > 0 ? change : 0;
    downs[i] = change < 0 ? -change : 0;
  }
  const averageUp = rma(ups, length);
  const averageDown = rma(downs, length);
  const values: (number | null)[] = new Array<number | null>(bars.length).fill(null);
  for (let i = 0; i < bars.length; i += 1) {
    const up = averageUp[i];
    const down = averageDown[i];
    if (up === null || up === undefined || down === null || down === undefined) continue;
    values[i] = down === 0 ? 100 : up === 0 ? 0 : 100 - 100 / (1 + up / down);
  }
  return { pane: 'sub', lines: [{ name: `RSI(${length})`, kind: 'line', values, color: RSI_COLOR }] };
}
