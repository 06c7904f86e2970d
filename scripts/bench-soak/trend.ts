/**
 * What the soak benchmark concludes from its samples (issue 26 part 4): the
 * growth from the baseline minute to the end, and, for a run shorter than an
 * hour, the same growth projected to minute 60 from the samples' trend.
 * Pure: the run collects, this judges; it reports and never fails a process.
 */

export interface SoakSample {
  /** minutes since the trading page first drew */
  minute: number;
  /** the page's JS heap after a forced GC, bytes */
  pageHeap: number;
  /** the shared worker's (the exchange's) JS heap after a forced GC, bytes; null where it could not be read */
  workerHeap: number | null;
  domNodes: number;
  detachedNodes: number;
  listeners: number;
  /** the origin's storage in use (IndexedDB and caches), bytes */
  storage: number;
  /** rows of the kline cache table (evicted beyond its cap) */
  klineRows: number | null;
}

/** The limits: heap at the end within +10 MB of minute 5; no detached DOM growth. */
export const HEAP_GROWTH_LIMIT = 10 * 1024 * 1024;
export const BASELINE_MINUTE = 5;
export const PROJECTED_MINUTE = 60;

/** The sample the growth is measured from: minute 5, or the middle of a run too short to have it. */
export function baselineOf(samples: readonly SoakSample[]): SoakSample | null {
  if (samples.length < 2) return null;
  const last = samples.at(-1)!;
  const target = Math.min(BASELINE_MINUTE, last.minute / 2);
  return samples.reduce((best, s) => (Math.abs(s.minute - target) < Math.abs(best.minute - target) ? s : best));
}

/** Least-squares slope (per minute) of `value` over the samples from the baseline on; 0 for fewer than two. */
export function slopePerMinute(samples: readonly SoakSample[], value: (s: SoakSample) => number): number {
  if (samples.length < 2) return 0;
  const xs = samples.map((s) => s.minute);
  const ys = samples.map(value);
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  const sxx = xs.reduce((a, x) => a + (x - mx) ** 2, 0);
  if (sxx === 0) return 0;
  return xs.reduce((a, x, i) => a + (x - mx) * (ys[i]! - my), 0) / sxx;
}

export interface Growth {
  from: number;
  to: number;
  /** to − from, measured */
  grew: number;
  /** the growth from the baseline to minute 60 on the trend of the samples after the baseline (the measured growth for an hour's run) */
  projected: number;
}

export function growthOf(samples: readonly SoakSample[], value: (s: SoakSample) => number | null): Growth | null {
  const base = baselineOf(samples);
  if (!base) return null;
  const after = samples.filter((s) => s.minute >= base.minute && value(s) !== null);
  if (after.length < 2 || value(base) === null) return null;
  const from = value(base)!;
  const to = value(after.at(-1)!)!;
  const lastMinute = after.at(-1)!.minute;
  const slope = slopePerMinute(after, (s) => value(s)!);
  const projected = lastMinute >= PROJECTED_MINUTE ? to - from : slope * (PROJECTED_MINUTE - base.minute);
  return { from, to, grew: to - from, projected };
}

/** PASS when neither the measured nor the projected growth passes the limit. */
export function verdict(growth: Growth | null, limit: number): 'PASS' | 'MISS' | 'n/a' {
  if (!growth) return 'n/a';
  return growth.grew <= limit && growth.projected <= limit ? 'PASS' : 'MISS';
}
