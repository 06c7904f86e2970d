/**
 * MA: the simple moving average of the close over `length` bars, as
 * TradingView's "Moving Average" (ta.sma(close, length)). Null until the
 * window holds `length` bars. Drawn over the candles.
 */
import type { IndicatorOutput, OhlcvBar } from '../chartModel';
import { closesOf, sma } from './smoothing';

export function computeMa(bars: readonly OhlcvBar[], length: number, color: string): IndicatorOutput {
  return {
    pane: 'price',
    lines: [{ name: `MA(${length})`, kind: 'line', values: sma(closesOf(bars), length), color }],
  };
}
