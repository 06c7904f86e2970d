import { describe, expect, it } from 'vitest';
import { batchesOverCap, MAX_BATCH_REPORTS, MAX_QUEUED_REPORTS, toBatches, type Report } from './reports';

const reports = (n: number): Report[] => Array.from({ length: n }, (_, i) => ({ type: 'sdkerror', t: i, message: `m${i}` }));

describe('toBatches', () => {
  it('nothing makes no batch', () => {
    expect(toBatches([])).toEqual([]);
  });

  it('collector-sized batches (500), in order, the last one partial', () => {
    expect(MAX_BATCH_REPORTS).toBe(500);
    const all = reports(1201);
    const batches = toBatches(all);
    expect(batches.map((b) => b.length)).toEqual([500, 500, 201]);
    expect(batches.flat()).toEqual(all);
    expect(batches[1]?.[0]).toBe(all[500]);
  });

  it('exactly the size is one batch; a custom size', () => {
    expect(toBatches(reports(500)).map((b) => b.length)).toEqual([500]);
    expect(toBatches(reports(501)).map((b) => b.length)).toEqual([500, 1]);
    expect(toBatches(reports(7), 3).map((b) => b.map((r) => r.t))).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
  });
});

describe('batchesOverCap', () => {
  const batch = (id: string, count: number) => ({ id, count });

  it('under or at the cap nothing goes', () => {
    expect(MAX_QUEUED_REPORTS).toBe(2000);
    expect(batchesOverCap([])).toEqual([]);
    expect(batchesOverCap([batch('a', 500), batch('b', 500), batch('c', 500), batch('d', 500)])).toEqual([]);
  });

  it('over the cap: the newest whole batches that fit stay, every older one goes, oldest first', () => {
    expect(batchesOverCap([batch('a', 500), batch('b', 500), batch('c', 500), batch('d', 500), batch('e', 1)])).toEqual(['a']);
    expect(batchesOverCap([batch('a', 10), batch('b', 6), batch('c', 5)], 10)).toEqual(['a', 'b']);
    // an older batch that would still fit goes too: the queue keeps a contiguous newest run
    expect(batchesOverCap([batch('a', 1), batch('b', 8), batch('c', 5)], 10)).toEqual(['a', 'b']);
  });

  it('a newest batch larger than the cap goes with all the others', () => {
    expect(batchesOverCap([batch('a', 1), batch('b', 11)], 10)).toEqual(['a', 'b']);
  });
});
