/**
 * The quality collector behind `POST /monitor/api/report` (docs/api/network.md).
 * The page sends the same batch twice when a pagehide beacon and its offline
 * queue both deliver it: the batch id makes the second one count for nothing.
 */
export const REPORT_TYPES = [
  'netstatus', 'linksException', 'http', 'httpException', 'httpQuality', 'detectQuality', 'whitelist', 'connect', 'sdkerror',
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export interface QualityReport {
  type: ReportType;
  /** when the page made the report, ms */
  t: number;
  [field: string]: unknown;
}

export const MAX_BATCH_REPORTS = 500;
/** A long e2e run must not grow the exchange without bound: the oldest reports go first. */
export const MAX_KEPT_REPORTS = 5000;
/** Batch ids remembered for the duplicate check; a batch older than this many later ones could count twice. */
const MAX_KEPT_BATCH_IDS = 10_000;
const MAX_ID_LENGTH = 128;

export type CollectResult =
  | { ok: true; accepted: number; duplicate: boolean }
  | { ok: false; code: 10001 | 10002; message: string };

export interface Collector {
  /** takes one parsed body (anything: it is checked here) */
  receive(body: unknown): CollectResult;
  /** batches counted (duplicates and refusals not) */
  batches(): number;
  /** the kept reports, oldest first */
  reports(): QualityReport[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= MAX_ID_LENGTH;

/** Why a report is refused, or null when it is one of the nine types with a time. */
function reportProblem(report: unknown, index: number): string | null {
  if (!isObject(report)) return `reports[${index}] must be an object`;
  if (typeof report.type !== 'string' || !(REPORT_TYPES as readonly string[]).includes(report.type)) {
    return `reports[${index}].type must be one of ${REPORT_TYPES.join(', ')}`;
  }
  if (typeof report.t !== 'number' || !Number.isFinite(report.t)) return `reports[${index}].t must be a time in ms`;
  return null;
}

export function createCollector(maxKept = MAX_KEPT_REPORTS): Collector {
  const kept: QualityReport[] = [];
  const seen = new Set<string>();
  let batches = 0;
  return {
    receive(body) {
      if (!isObject(body)) return { ok: false, code: 10001, message: 'body must be a JSON object' };
      if (!isId(body.batchId)) return { ok: false, code: 10001, message: `batchId must be a string of 1..${MAX_ID_LENGTH} characters` };
      if (!isId(body.deviceId)) return { ok: false, code: 10001, message: `deviceId must be a string of 1..${MAX_ID_LENGTH} characters` };
      const { reports } = body;
      if (!Array.isArray(reports)) return { ok: false, code: 10001, message: 'reports must be a list' };
      if (reports.length > MAX_BATCH_REPORTS) return { ok: false, code: 10002, message: `at most ${MAX_BATCH_REPORTS} reports per batch` };
      // The whole batch or nothing: a half-taken batch would make the page's retry a duplicate of a part.
      for (let i = 0; i < reports.length; i += 1) {
        const problem = reportProblem(reports[i], i);
        if (problem) return { ok: false, code: 10002, message: problem };
      }
      if (seen.has(body.batchId)) return { ok: true, accepted: 0, duplicate: true };
      seen.add(body.batchId);
      if (seen.size > MAX_KEPT_BATCH_IDS) seen.delete(seen.values().next().value as string);
      batches += 1;
      kept.push(...(reports as QualityReport[]));
      if (kept.length > maxKept) kept.splice(0, kept.length - maxKept);
      return { ok: true, accepted: reports.length, duplicate: false };
    },
    batches: () => batches,
    reports: () => kept.slice(),
  };
}
