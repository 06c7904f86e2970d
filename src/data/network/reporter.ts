import { batchesOverCap, toBatches, type Report } from '../../domain/network/reports';
import { openDatabase } from '../database';
import type { ReportBatchRow } from '../db';
import { netFetch } from './netFetch';

export const REPORT_PATH = '/monitor/api/report';

/**
 * The offline queue of quality reports (spec 2 §7): batches wait in IndexedDB
 * until the collector acknowledges them, so nothing is lost offline or on a
 * reload; the collector counts a batch id once, so sending one twice (a
 * beacon, then the queue) is harmless. A mirror in memory lets pagehide send
 * them synchronously.
 */
const mirror = new Map<string, ReportBatchRow>();
let made = 0;
let flushing: Promise<void> | null = null;

export interface ReporterOptions {
  deviceId: () => string;
  online: () => boolean;
}

function batchId(device: string, at: number): string {
  made += 1;
  return `${device}-${at}-${made}`;
}

async function dropOverCap(): Promise<void> {
  const rows = [...mirror.values()].sort((a, b) => a.queuedAt - b.queuedAt);
  const drop = batchesOverCap(rows.map((r) => ({ id: r.id, count: r.count })));
  for (const id of drop) mirror.delete(id);
  if (drop.length > 0) await (await openDatabase()).reportBatches.bulkDelete(drop);
}

/** Reads batches a previous page life left (an unacknowledged upload, a reload offline). */
export async function loadQueue(): Promise<void> {
  try {
    for (const row of await (await openDatabase()).reportBatches.orderBy('queuedAt').toArray()) mirror.set(row.id, row);
  } catch {
    // No IndexedDB: the queue lives in memory only.
  }
}

export async function enqueue(reports: readonly Report[], device: string, at: number): Promise<void> {
  if (reports.length === 0) return;
  const rows = toBatches(reports).map((batch, i): ReportBatchRow => ({ id: batchId(device, at), queuedAt: at + i / 1000, count: batch.length, reports: batch }));
  rows.forEach((row) => mirror.set(row.id, row));
  try {
    await (await openDatabase()).reportBatches.bulkPut(rows);
    await dropOverCap();
  } catch {
    // Kept in memory; sent with the next flush.
  }
}

/** The collector's body (docs/api/network.md), the same for a POST and a beacon. */
const batchBody = (id: string, device: string, reports: readonly unknown[]) => JSON.stringify({ batchId: id, deviceId: device, reports });

async function send(row: ReportBatchRow, device: string): Promise<boolean> {
  try {
    const response = await netFetch({
      path: REPORT_PATH,
      routedPath: REPORT_PATH,
      init: { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: batchBody(row.id, device, row.reports) },
      originOnly: true,
    });
    // A refusal (a malformed batch) is not sent again either: it would be refused forever.
    return response.ok || (response.status >= 400 && response.status < 500);
  } catch {
    return false;
  }
}

/** Sends the queue oldest first; stops at the first batch that does not get through (offline: nothing is tried). */
export function flush(options: ReporterOptions): Promise<void> {
  // Cleared by a .finally on the promise itself: a body that never awaits would otherwise clear it before it is stored.
  flushing ??= (async () => {
    const rows = [...mirror.values()].sort((a, b) => a.queuedAt - b.queuedAt);
    for (const row of rows) {
      if (!options.online()) return;
      if (!(await send(row, options.deviceId()))) return;
      mirror.delete(row.id);
      await (await openDatabase()).reportBatches.delete(row.id).catch(() => undefined);
    }
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

/**
 * On pagehide (remote exchange): the reports not yet queued, as one more
 * batch, and every queued batch go to sendBeacon, which outlives the page.
 * Queued ones stay queued: if a beacon is lost they are sent on the next
 * visit, and the collector counts a batch id once.
 */
export function beaconQueue(device: string, unqueued: readonly Report[] = []): void {
  if (typeof navigator.sendBeacon !== 'function') return;
  const beacon = (id: string, reports: readonly unknown[]) =>
    navigator.sendBeacon(REPORT_PATH, new Blob([batchBody(id, device, reports)], { type: 'text/plain' }));
  for (const row of mirror.values()) beacon(row.id, row.reports);
  toBatches(unqueued).forEach((batch) => beacon(batchId(device, Date.now()), batch));
}

export const queuedBatches = (): number => mirror.size;
