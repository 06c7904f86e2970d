/**
 * Server-line latency of spec 1 §7/§8 as pure rules: what a probe counts as,
 * how a latency is coloured, and which line "Auto" picks.
 */

/** A probe that fails (or takes longer) counts as this many ms. */
export const PROBE_FAILURE_MS = 15_000;
/** Over this, danger. */
export const LATENCY_DANGER_ABOVE_MS = 1_000;
/** From this (inclusive), warn. */
export const LATENCY_WARN_FROM_MS = 500;

export type LatencyLevel = 'success' | 'warn' | 'danger';

/** The latency a probe counts as: null (failed), negative or not finite → failure; never above the failure value. */
export function probeLatency(measuredMs: number | null): number {
  if (measuredMs === null || !Number.isFinite(measuredMs) || measuredMs < 0) return PROBE_FAILURE_MS;
  return Math.min(Math.round(measuredMs), PROBE_FAILURE_MS);
}

export function latencyLevel(ms: number): LatencyLevel {
  if (ms > LATENCY_DANGER_ABOVE_MS) return 'danger';
  if (ms >= LATENCY_WARN_FROM_MS) return 'warn';
  return 'success';
}

/**
 * Auto: the line with the lowest latency; on a tie the one listed first, so
 * the pick does not flicker between equal lines. Lines not measured yet
 * (latency null) are not candidates; null when none is.
 */
export function fastestRoute<T extends { latencyMs: number | null }>(routes: readonly T[]): T | null {
  let best: T | null = null;
  for (const route of routes) {
    if (route.latencyMs === null) continue;
    if (best === null || route.latencyMs < (best.latencyMs as number)) best = route;
  }
  return best;
}
