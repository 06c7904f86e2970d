/**
 * What the chart shows (issue 30 part 3): the bars a logical range covers.
 * Screen readers get it as the chart's description, so a pan or a pinch
 * (touch, mouse or keys) changes something they can read.
 */
export interface ChartView {
  /** open time (ms) of the first bar in view */
  from: number;
  /** open time (ms) of the last bar in view */
  to: number;
  /** whole bars in view */
  bars: number;
}

/**
 * `range` is the library's logical range (bar indexes, fractional, may run past
 * either end); `timeAt(i)` is bar i's open time. Called on every frame of a pan,
 * so it reads two bars and copies none.
 */
export function viewOfRange(count: number, timeAt: (index: number) => number, range: { from: number; to: number } | null): ChartView | null {
  if (!range || count <= 0 || !Number.isFinite(range.from) || !Number.isFinite(range.to)) return null;
  const first = Math.max(0, Math.ceil(range.from));
  const last = Math.min(count - 1, Math.floor(range.to));
  if (last < first) return null;
  return { from: timeAt(first), to: timeAt(last), bars: last - first + 1 };
}
