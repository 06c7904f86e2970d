/**
 * EMA: the exponential moving average of the close, as TradingView's
 * ta.ema(close, length): alpha = 2 / (length + 1), the first value (at bar
 * `length` − 1) is the SMA of the first `length` closes, then
 * ema = alpha · close + (1 − alpha) · previous ema. Drawn over the candles.
 */
import type { IndicatorOutput, OhlcvBar } from '../chartModel';
import { closesOf, ema } from './smoothing';

export function computeEma(bars: readonly OhlcvBar[], length: number, color: string): IndicatorOutput {
  return {
    pane: 'price',
    lines: [{ name: `EMA(${length})`, kind: 'line', values: ema(closesOf(bars), length), color }],
  };
}
