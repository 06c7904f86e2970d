import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReportBatchRow } from '../db';
import type { Report } from '../../domain/network/reports';

type Reporter = typeof import('./reporter');
type Db = typeof import('../db');

const DEVICE = 'dev-0001-abcd';
const T0 = Date.UTC(2026, 0, 10, 9, 0, 0);
const reports = (n: number, tag = 'r'): Report[] => Array.from({ length: n }, (_, i) => ({ type: 'sdkerror', t: T0 + i, message: `${tag}${i}` }));

/** A fresh reporter module (its in-memory queue starts empty, as in a new page life) over the same IndexedDB. */
async function freshLife(): Promise<{ reporter: Reporter; db: ReturnType<Db['getDatabase']> }> {
  vi.resetModules();
  const { getDatabase } = (await import('../db')) as Db;
  return { reporter: (await import('./reporter')) as Reporter, db: getDatabase() };
}

/** The collector as a fake `fetch`: every POST body is kept; `answer` decides each reply. */
function fakeCollector(answer: (n: number) => 'ok' | 'neterror' | number = () => 'ok') {
  const bodies: { batchId: string; deviceId: string; reports: Report[] }[] = [];
  const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const n = fetch.mock.calls.length;
    const reply = answer(n);
    if (reply === 'neterror') throw new TypeError('Failed to fetch');
    bodies.push(JSON.parse(String(init?.body)));
    return new Response(JSON.stringify({ code: 0, result: { accepted: 1, duplicate: false } }), { status: reply === 'ok' ? 200 : reply });
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, bodies };
}

/** jsdom has no sendBeacon; one on the page's own navigator (a wrapper object breaks Dexie, which reads navigator too). */
function stubBeacon(sendBeacon: (url: string, body: Blob) => boolean) {
  Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true, writable: true });
}

const online = { deviceId: () => DEVICE, online: () => true };
const offline = { deviceId: () => DEVICE, online: () => false };
const messages = (body: { reports: Report[] }) => body.reports.map((r) => (r as Extract<Report, { type: 'sdkerror' }>).message);

let reporter: Reporter;
let db: ReturnType<Db['getDatabase']>;

beforeEach(async () => {
  ({ reporter, db } = await freshLife());
  await db.reportBatches.clear();
});

afterEach(() => {
  delete (navigator as { sendBeacon?: unknown }).sendBeacon;
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe('reporter: the offline queue of quality reports', () => {
  it('enqueue writes collector-sized batches to IndexedDB, in order, with unique ids', async () => {
    await reporter.enqueue(reports(1201), DEVICE, T0);
    const rows = await db.reportBatches.orderBy('queuedAt').toArray();
    expect(rows.map((r) => r.count)).toEqual([500, 500, 201]);
    expect(rows.map((r) => r.reports.length)).toEqual([500, 500, 201]);
    expect(new Set(rows.map((r) => r.id)).size).toBe(3);
    for (const row of rows) expect(row.id.startsWith(`${DEVICE}-${T0}-`)).toBe(true);
    expect((rows[1]?.reports[0] as Report | undefined)?.t).toBe(T0 + 500);
    expect(reporter.queuedBatches()).toBe(3);
  });

  it('nothing to report queues nothing', async () => {
    await reporter.enqueue([], DEVICE, T0);
    expect(await db.reportBatches.count()).toBe(0);
    expect(reporter.queuedBatches()).toBe(0);
  });

  it('flush sends the batches oldest first to the origin, then deletes them', async () => {
    const { fetch, bodies } = fakeCollector();
    await reporter.enqueue(reports(2, 'second'), DEVICE, T0 + 5000);
    await reporter.enqueue(reports(1, 'first'), DEVICE, T0);
    await reporter.flush(online);
    expect(bodies.map(messages)).toEqual([['first0'], ['second0', 'second1']]);
    expect(bodies.every((b) => b.deviceId === DEVICE)).toBe(true);
    const ids = bodies.map((b) => b.batchId);
    expect(new Set(ids).size).toBe(2);
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual(['/monitor/api/report', '/monitor/api/report']);
    expect(fetch.mock.calls[0]?.[1]).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(await db.reportBatches.count()).toBe(0);
    expect(reporter.queuedBatches()).toBe(0);
  });

  it('stops at the first batch that gets no answer and keeps it and the rest', async () => {
    const { fetch, bodies } = fakeCollector((n) => (n === 2 ? 'neterror' : 'ok'));
    for (let i = 0; i < 4; i++) await reporter.enqueue(reports(1, `b${i}-`), DEVICE, T0 + i * 1000);
    await reporter.flush(online);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(bodies.map(messages)).toEqual([['b0-0']]);
    const left = await db.reportBatches.orderBy('queuedAt').toArray();
    expect(left.map((r) => (r.reports[0] as Extract<Report, { type: 'sdkerror' }>).message)).toEqual(['b1-0', 'b2-0', 'b3-0']);
    expect(reporter.queuedBatches()).toBe(3);
  });

  it('a server error keeps the batch; a refusal (4xx) drops it (it would be refused forever)', async () => {
    fakeCollector((n) => (n === 1 ? 400 : 503));
    await reporter.enqueue(reports(1, 'refused'), DEVICE, T0);
    await reporter.enqueue(reports(1, 'kept'), DEVICE, T0 + 1);
    await reporter.flush(online);
    const left = await db.reportBatches.toArray();
    expect(left.map((r) => (r.reports[0] as Extract<Report, { type: 'sdkerror' }>).message)).toEqual(['kept0']);
  });

  it('offline: nothing is sent, everything is kept', async () => {
    const { fetch } = fakeCollector();
    await reporter.enqueue(reports(3), DEVICE, T0);
    await reporter.flush(offline);
    expect(fetch).not.toHaveBeenCalled();
    expect(await db.reportBatches.count()).toBe(1);
    expect(reporter.queuedBatches()).toBe(1);
  });

  // BUG (reporter.ts:73-87): when the flush body finishes without awaiting anything (offline, or an empty
  // queue), its `finally { flushing = null }` runs before `flushing ??=` stores the promise, so `flushing`
  // stays set to a settled promise and every later flush() returns it without sending anything.
  it('after an offline flush, the next flush online sends the queue', async () => {
    const { bodies } = fakeCollector();
    await reporter.enqueue(reports(1), DEVICE, T0);
    await reporter.flush(offline);
    await reporter.flush(online);
    expect(bodies).toHaveLength(1);
    expect(await db.reportBatches.count()).toBe(0);
  });

  it('after a flush of an empty queue, a later flush sends what was queued since', async () => {
    const { bodies } = fakeCollector();
    await reporter.flush(online);
    await reporter.enqueue(reports(1), DEVICE, T0);
    await reporter.flush(online);
    expect(bodies).toHaveLength(1);
  });

  it('two flushes at once send each batch once', async () => {
    const { bodies } = fakeCollector();
    await reporter.enqueue(reports(1, 'a'), DEVICE, T0);
    await reporter.enqueue(reports(1, 'b'), DEVICE, T0 + 1);
    await Promise.all([reporter.flush(online), reporter.flush(online)]);
    expect(bodies.map(messages)).toEqual([['a0'], ['b0']]);
  });

  it('loadQueue restores the batches a previous page life left, and flush sends them oldest first', async () => {
    const rows: ReportBatchRow[] = [
      { id: 'old-dev-2', queuedAt: T0 + 2, count: 1, reports: [{ type: 'sdkerror', t: 2, message: 'two' }] },
      { id: 'old-dev-1', queuedAt: T0 + 1, count: 1, reports: [{ type: 'sdkerror', t: 1, message: 'one' }] },
    ];
    await db.reportBatches.bulkPut(rows);
    ({ reporter, db } = await freshLife());
    expect(reporter.queuedBatches()).toBe(0);
    await reporter.loadQueue();
    expect(reporter.queuedBatches()).toBe(2);
    const { bodies } = fakeCollector();
    await reporter.flush(online);
    expect(bodies.map((b) => [b.batchId, ...messages(b)])).toEqual([
      ['old-dev-1', 'one'],
      ['old-dev-2', 'two'],
    ]);
    expect(await db.reportBatches.count()).toBe(0);
  });

  it('batches queued in one life and not sent are sent in the next', async () => {
    fakeCollector(() => 'neterror');
    await reporter.enqueue(reports(2), DEVICE, T0);
    await reporter.flush(online);
    ({ reporter, db } = await freshLife());
    await reporter.loadQueue();
    const { bodies } = fakeCollector();
    await reporter.flush(online);
    expect(bodies.map(messages)).toEqual([['r0', 'r1']]);
  });

  it('over the cap (2000 reports) the oldest batches are dropped', async () => {
    for (let i = 0; i < 4; i++) await reporter.enqueue(reports(500, `b${i}-`), DEVICE, T0 + i * 1000);
    expect(await db.reportBatches.count()).toBe(4);
    await reporter.enqueue(reports(1, 'newest'), DEVICE, T0 + 10_000);
    const left = await db.reportBatches.orderBy('queuedAt').toArray();
    expect(left.map((r) => (r.reports[0] as Extract<Report, { type: 'sdkerror' }>).message)).toEqual(['b1-0', 'b2-0', 'b3-0', 'newest0']);
    expect(reporter.queuedBatches()).toBe(4);
    const { bodies } = fakeCollector();
    await reporter.flush(online);
    expect(bodies.map((b) => messages(b)[0])).toEqual(['b1-0', 'b2-0', 'b3-0', 'newest0']);
  });

  it('pagehide also beacons the reports not yet queued, as one more batch, and keeps the queue for the next visit', async () => {
    const sendBeacon = vi.fn((_url: string, _body: Blob) => true);
    stubBeacon(sendBeacon);
    await reporter.enqueue(reports(1, 'q'), DEVICE, T0);
    reporter.beaconQueue(DEVICE, reports(2, 'u'));
    expect(sendBeacon).toHaveBeenCalledTimes(2);
    const [, lastBlob] = sendBeacon.mock.calls[1] ?? [];
    const last = JSON.parse(await (lastBlob as Blob).text());
    expect(last.reports.map((r: { message: string }) => r.message)).toEqual(['u0', 'u1']);
    expect(reporter.queuedBatches()).toBe(1);
  });

  it('remote exchange: pagehide hands every queued batch to sendBeacon as text/plain', async () => {
    vi.stubEnv('VITE_BACKEND', 'remote');
    ({ reporter, db } = await freshLife());
    const sendBeacon = vi.fn((_url: string, _body: Blob) => true);
    stubBeacon(sendBeacon);
    await reporter.enqueue(reports(1, 'a'), DEVICE, T0);
    await reporter.enqueue(reports(1, 'b'), DEVICE, T0 + 1);
    reporter.beaconQueue(DEVICE);
    expect(sendBeacon).toHaveBeenCalledTimes(2);
    const [url, blob] = sendBeacon.mock.calls[0] ?? [];
    expect(url).toBe('/monitor/api/report');
    expect(blob?.type).toBe('text/plain');
    const body = JSON.parse(await (blob as Blob).text());
    expect(body).toMatchObject({ deviceId: DEVICE, reports: [{ message: 'a0' }] });
    expect(typeof body.batchId).toBe('string');
  });
});
