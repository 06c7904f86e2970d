/**
 * VWAP as TradingView's "VWAP" with its default anchor "Session" and source
 * hlc3: Σ(hlc3 · volume) / Σ volume, both sums restarting at each session
 * start. A crypto market trades around the clock, so its session is the UTC
 * day: the sums restart on the first bar whose open time falls on a new UTC
 * day (for daily and longer bars every bar starts a session, so VWAP = hlc3).
 * While a session has no volume yet the value is null (no division by
 * zero); a zero-volume bar later in the session carries the value on.
 */
import type { IndicatorOutput, OhlcvBar } from '../chartModel';
import { VWAP_COLOR } from './colors';

const DAY_MS = 86_400_000;

export function computeVwap(bars: readonly OhlcvBar[]): IndicatorOutput {
  const values: (number | null)[] = new Array<number | null>(bars.length).fill(null);
  let session = Number.NaN;
  let sumPriceVolume = 0;
  let sumVolume = 0;
  for (let i = 0; i < bars.length; i += 1) {
    const bar = bars[i] as OhlcvBar;
    const day = Math.floor(bar.time / DAY_MS);
    if (day !== session) {
      session = day;
      sumPriceVolume = 0;
      sumVolume = 0;
    }
    // A negative volume is bad data: it counts as none rather than bending the average.
    const volume = bar.volume > 0 ? bar.volume : 0;
    sumPriceVolume += ((bar.high + bar.low + bar.close) / 3) * volume;
    sumVolume += volume;
    if (sumVolume > 0) values[i] = sumPriceVolume / sumVolume;
  }
  return { pane: 'price', lines: [{ name: 'VWAP', kind: 'line', values, color: VWAP_COLOR }] };
}
