/**
 * Compare overlays (spec 1 §2.3): another symbol drawn on the percent price
 * scale. The legend states each compared symbol's change the way that scale
 * draws it: against its first close in view.
 */

export interface ClosePoint {
  /** bar open time, ms */
  time: number;
  close: number;
}

/** Index of the last bar opened at or before `ms` (bars oldest first), -1 when none. */
function lastAtOrBefore(bars: readonly ClosePoint[], ms: number): number {
  let lo = 0;
  let hi = bars.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((bars[mid] as ClosePoint).time <= ms) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/**
 * The change (ratio) of a compared symbol at `atMs` against its first bar
 * opened at or after `fromMs`, the left edge of the view. Null when it has no
 * bar there, or the base close is not a positive number.
 */
export function comparedChange(bars: readonly ClosePoint[], fromMs: number, atMs: number): number | null {
  const baseIndex = lastAtOrBefore(bars, fromMs - 1) + 1;
  const atIndex = lastAtOrBefore(bars, atMs);
  const base = bars[baseIndex];
  const at = bars[atIndex];
  if (!base || !at || atIndex < baseIndex) return null;
  if (!Number.isFinite(base.close) || !Number.isFinite(at.close) || base.close <= 0) return null;
  return (at.close - base.close) / base.close;
}
