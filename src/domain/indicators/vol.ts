/**
 * VOL as exchange charts show it: a volume histogram plus two simple moving
 * averages of the volume (default 5 and 10). Each volume bar takes the up
 * colour when its candle closed at or above its open (close ≥ open), else the
 * down colour — `volumeUp` gives that per bar, since the line's values are
 * all positive and cannot carry the direction. Own pane below the candles.
 */
import type { IndicatorOutput, OhlcvBar } from '../chartModel';
import { VOL_COLORS } from './colors';
import { sma } from './smoothing';

export function computeVol(bars: readonly OhlcvBar[], fastLength: number, slowLength: number): IndicatorOutput {
  const volumes: (number | null)[] = new Array<number | null>(bars.length);
  for (let i = 0; i < bars.length; i += 1) volumes[i] = (bars[i] as OhlcvBar).volume;
  return {
    pane: 'sub',
    lines: [
      { name: 'VOL', kind: 'histogram', values: volumes, color: VOL_COLORS.volume },
      { name: `MA(${fastLength})`, kind: 'line', values: sma(volumes, fastLength), color: VOL_COLORS.maFast },
      { name: `MA(${slowLength})`, kind: 'line', values: sma(volumes, slowLength), color: VOL_COLORS.maSlow },
    ],
  };
}

/** Whether a bar's volume is drawn in the up colour: its close is at or above its open. */
export function volumeUp(bar: OhlcvBar): boolean {
  return bar.close >= bar.open;
}
