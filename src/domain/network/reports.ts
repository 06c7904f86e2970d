import type { NetPath } from './acceleration';
import type { Outcome } from './outcome';

/** Spec 2 §7: the report types the collector takes. */
export const REPORT_TYPES = ['netstatus', 'linksException', 'http', 'httpException', 'httpQuality', 'detectQuality', 'whitelist', 'connect', 'sdkerror'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

interface Base<T extends ReportType> {
  type: T;
  /** ms time of the event (the end of the window for httpQuality) */
  t: number;
}

export type Report =
  | (Base<'netstatus'> & { online: boolean; visible: boolean })
  /** a request on an alternative host failed and went to the origin instead */
  | (Base<'linksException'> & { path: NetPath; url: string; outcome: Outcome; fallback: NetPath })
  /** a request slower than the bad-experience threshold */
  | (Base<'http'> & { path: NetPath; url: string; method: string; status: number | null; durationMs: number })
  | (Base<'httpException'> & { path: NetPath; url: string; method: string; outcome: Outcome; status: number | null; durationMs: number })
  | (Base<'httpQuality'> & QualityArrays & { path: NetPath })
  | (Base<'detectQuality'> & { ok: boolean; durationMs: number })
  | (Base<'whitelist'> & { errCode: number; resCode: number | null; monitorSwitch: boolean; cached: boolean })
  | (Base<'connect'> & { socket: string; state: string })
  | (Base<'sdkerror'> & { message: string });

/** Spec 2 §3: per-second arrays from second `from` (epoch seconds), plus the window's bad-experience count. */
export interface QualityArrays {
  from: number;
  send: number[];
  receive: number[];
  timeout: number[];
  error: number[];
  cost: number[];
  bad: number;
}

/** The collector takes at most this many reports per batch. */
export const MAX_BATCH_REPORTS = 500;
/** The offline queue keeps at most this many reports; the oldest go first. */
export const MAX_QUEUED_REPORTS = 2000;

/** Splits reports into collector-sized batches, in order. */
export function toBatches(reports: readonly Report[], size = MAX_BATCH_REPORTS): Report[][] {
  const batches: Report[][] = [];
  for (let i = 0; i < reports.length; i += size) batches.push(reports.slice(i, i + size));
  return batches;
}

/**
 * What the offline queue drops when it is over its cap: it keeps the newest
 * whole batches that fit (they say most about the network now) and drops
 * every older one. Returns the dropped ids, oldest first.
 */
export function batchesOverCap(batches: readonly { id: string; count: number }[], cap = MAX_QUEUED_REPORTS): string[] {
  let kept = 0;
  let i = batches.length - 1;
  for (; i >= 0; i--) {
    const count = (batches[i] as { count: number }).count;
    if (kept + count > cap) break;
    kept += count;
  }
  // Everything from the first batch that did not fit back to the oldest goes.
  return batches.slice(0, i + 1).map((b) => b.id);
}
