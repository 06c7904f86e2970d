/**
 * Trailing-edge throttle decision with time as a parameter: run now, or wait
 * `delay` ms. The caller owns the timer, so the rule stays testable.
 */
export function throttleDelay(lastRunAt: number | null, now: number, intervalMs: number): number {
  if (lastRunAt === null) return 0;
  return Math.max(0, intervalMs - (now - lastRunAt));
}
