/**
 * MACD as TradingView's ta.macd(close, fast, slow, signal) (default 12, 26, 9):
 * DIF = ta.ema(close, fast) − ta.ema(close, slow); DEA = ta.ema(DIF, signal);
 * histogram = DIF − DEA (TradingView's, not the ×2 some exchanges draw).
 * Every EMA is seeded with the SMA of its first `length` values, so DIF
 * starts at bar max(fast, slow) − 1 and DEA `signal` − 1 bars later, seeded
 * with the SMA of the first `signal` DIF values. The histogram is coloured
 * by sign (≥ 0 up).
 */
import type { IndicatorOutput, OhlcvBar } from '../chartModel';
import { MACD_COLORS } from './colors';
import { closesOf, ema } from './smoothing';

export function computeMacd(bars: readonly OhlcvBar[], fast: number, slow: number, signal: number): IndicatorOutput {
  const closes = closesOf(bars);
  const fastEma = ema(closes, fast);
  const slowEma = ema(closes, slow);
  const dif: (number | null)[] = new Array<number | null>(bars.length).fill(null);
  for (let i = 0; i < bars.length; i += 1) {
    const a = fastEma[i];
    const b = slowEma[i];
    if (a !== null && a !== undefined && b !== null && b !== undefined) dif[i] = a - b;
  }
  const dea = ema(dif, signal);
  const histogram: (number | null)[] = new Array<number | null>(bars.length).fill(null);
  for (let i = 0; i < bars.length; i += 1) {
    const d = dif[i];
    const s = dea[i];
    if (d !== null && d !== undefined && s !== null && s !== undefined) histogram[i] = d - s;
  }
  return {
    pane: 'sub',
    lines: [
      { name: 'DIF', kind: 'line', values: dif, color: MACD_COLORS.dif },
      { name: 'DEA', kind: 'line', values: dea, color: MACD_COLORS.dea },
      { name: 'MACD', kind: 'histogram', values: histogram, color: MACD_COLORS.histogram },
    ],
  };
}
