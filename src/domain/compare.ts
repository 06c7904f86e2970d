/**
 * Compare (spec 1 §2.3): another symbol overlaid on the pro chart in percent.
 * Each compared series is shown as its change from a base bar:
 * value = (close / base close − 1) × 100, where the base bar is the first bar
 * at or after `baseTime` — the first bar time of the main series shown — so
 * both lines start at 0 %. A compared series that starts later is based on
 * its own first bar. Bars before the base are left out (they would widen the
 * time axis beyond the main series); a base close that is zero or not finite
 * gives no series at all.
 */
import type { OhlcvBar } from './chartModel';

export interface PercentPoint {
  time: number;
  value: number;
}

export function toPercentSeries(bars: readonly OhlcvBar[], baseTime: number): PercentPoint[] {
  const start = bars.findIndex((bar) => bar.time >= baseTime);
  if (start < 0) return [];
  const base = (bars[start] as OhlcvBar).close;
  if (!Number.isFinite(base) || base === 0) return [];
  const out: PercentPoint[] = [];
  for (let i = start; i < bars.length; i += 1) {
    const bar = bars[i] as OhlcvBar;
    if (Number.isFinite(bar.close)) out.push({ time: bar.time, value: (bar.close / base - 1) * 100 });
  }
  return out;
}

/**
 * A compared series put on the main series' bar times (both ascending), so
 * the overlay adds no time slots of its own: each main time from the compared
 * series' first point on takes the last compared value at or before it (a
 * missing bar carries the previous value); compared points between main
 * times are dropped. O(n + m).
 */
export function alignToTimes(mainTimes: readonly number[], points: readonly PercentPoint[]): PercentPoint[] {
  const out: PercentPoint[] = [];
  let j = 0;
  let current: PercentPoint | null = null;
  for (const time of mainTimes) {
    while (j < points.length && (points[j] as PercentPoint).time <= time) {
      current = points[j] as PercentPoint;
      j += 1;
    }
    if (current !== null) out.push({ time, value: current.value });
  }
  return out;
}
