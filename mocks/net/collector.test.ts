import { describe, expect, it } from 'vitest';
import { createCollector, MAX_BATCH_REPORTS, REPORT_TYPES } from './collector';

const report = (type: string, t = 1_764_150_000_000) => ({ type, t, extra: { ms: 12 } });
const batch = (batchId: string, reports: unknown[]) => ({ batchId, deviceId: 'd1', reports });

describe('quality collector', () => {
  it('keeps every report of the nine types in order and counts a batch once', () => {
    const collector = createCollector();
    expect(collector.receive(batch('d1-1', REPORT_TYPES.map((type) => report(type))))).toEqual({ ok: true, accepted: 9, duplicate: false });
    expect(collector.receive(batch('d1-1', REPORT_TYPES.map((type) => report(type))))).toEqual({ ok: true, accepted: 0, duplicate: true });
    expect(collector.receive(batch('d1-2', [report('http', 5)]))).toEqual({ ok: true, accepted: 1, duplicate: false });
    expect(collector.batches()).toBe(2);
    expect(collector.reports().map((r) => r.type)).toEqual([...REPORT_TYPES, 'http']);
    expect(collector.reports()[0]).toEqual(report('netstatus'));
  });

  it('refuses a batch over 500 reports, or with one bad report, whole (10002)', () => {
    const collector = createCollector();
    const many = Array.from({ length: MAX_BATCH_REPORTS + 1 }, () => report('http'));
    expect(collector.receive(batch('big', many))).toMatchObject({ ok: false, code: 10002 });
    expect(collector.receive(batch('full', many.slice(1)))).toMatchObject({ ok: true, accepted: 500 });
    for (const bad of [report('other'), { t: 1 }, { type: 'http' }, report('http', Number.POSITIVE_INFINITY), { type: 'http', t: '1' }, null, ['http', 1], 'http']) {
      expect(collector.receive(batch('bad', [report('http'), bad])), JSON.stringify(bad)).toMatchObject({ ok: false, code: 10002 });
    }
    // the refused id was not remembered: the corrected batch counts
    expect(collector.receive(batch('bad', [report('http')]))).toMatchObject({ ok: true, duplicate: false });
    expect(collector.reports()).toHaveLength(501);
  });

  it('refuses bodies that are not a batch (10001)', () => {
    const collector = createCollector();
    for (const body of [null, [], 'x', { deviceId: 'd', reports: [] }, { batchId: '', deviceId: 'd', reports: [] }, { batchId: 'b', reports: [] },
      { batchId: 'b'.repeat(129), deviceId: 'd', reports: [] }, { batchId: 'b', deviceId: 'd', reports: {} }, { batchId: 7, deviceId: 'd', reports: [] }]) {
      expect(collector.receive(body), JSON.stringify(body)).toMatchObject({ ok: false, code: 10001 });
    }
    expect(collector.batches()).toBe(0);
  });

  it('drops the oldest reports past its cap', () => {
    const collector = createCollector(3);
    collector.receive(batch('a', [report('http', 1), report('http', 2)]));
    collector.receive(batch('b', [report('http', 3), report('http', 4)]));
    expect(collector.reports().map((r) => r.t)).toEqual([2, 3, 4]);
    expect(collector.batches()).toBe(2);
  });
});
