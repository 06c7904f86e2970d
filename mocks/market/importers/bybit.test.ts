// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { DraftEvent } from '../session/writer';
import { createBybitImporter, stampToMs } from './bybit';
import { StrictStop, type Importer } from './common';

const X = [{ symbol: 'XUSDT', tick: '0.01', lot: '0.001' }];
/** Local times of the synthetic lines: T + n ms. */
const T = 1_723_161_254_000;

const book = (type: 'snapshot' | 'delta', u: number, b: string[][] = [], a: string[][] = []) =>
  JSON.stringify({ topic: 'orderbook.50.XUSDT', type, ts: T, data: { s: 'XUSDT', b, a, u, seq: u * 10 }, cts: T });
const trades = (...list: { i: string; S: 'Buy' | 'Sell'; v?: string }[]) =>
  JSON.stringify({
    topic: 'publicTrade.XUSDT', type: 'snapshot', ts: T,
    data: list.map(({ i, S, v }) => ({ T, s: 'XUSDT', S, v: v ?? '0.5', p: '10.05', L: 'PlusTick', i, BT: false, seq: 1 })),
  });
const at = (ms: number, frame: string) => `${T + ms} ${frame}`;

function feed(importer: Importer, lines: string[]): DraftEvent[] {
  return lines.flatMap((line, i) => importer.push(line, i + 1));
}

describe('Bybit v5 importer', () => {
  it('replaces the book on a snapshot and applies deltas, size "0" deleting', () => {
    const importer = createBybitImporter({ instruments: X });
    const events = feed(importer, [
      at(1, book('snapshot', 10, [['9.99', '1'], ['10.00', '2']], [['10.01', '3']])),
      at(2, book('delta', 11, [['10.00', '0']], [['10.02', '1.5']])),
    ]);
    expect(events).toEqual([
      { t: T + 1, ch: 'snapshot', msg: { s: 'XUSDT', b: [[1000, 2000], [999, 1000]], a: [[1001, 3000]] } },
      { t: T + 2, ch: 'book', msg: { s: 'XUSDT', b: [[1000, 0]], a: [[1002, 1500]] } },
    ]);
    expect(importer.stats).toMatchObject({ snapshots: 1, bookUpdates: 1, gaps: 0 });
  });

  it('treats u = 1 as a service restart: that message overwrites the book, even as a delta', () => {
    const importer = createBybitImporter({ instruments: X });
    const events = feed(importer, [
      at(1, book('snapshot', 500, [['10.00', '2']], [['10.01', '3']])),
      at(2, book('delta', 1, [['9.00', '1'], ['8.00', '0']], [['11.00', '4']])),
      at(3, book('delta', 2, [['9.00', '2']])),
    ]);
    expect(events.map((e) => e.ch)).toEqual(['snapshot', 'snapshot', 'book']);
    expect(events[1]!.msg).toEqual({ s: 'XUSDT', b: [[900, 1000]], a: [[1100, 4000]] });
    expect(importer.stats.gaps).toBe(0);
  });

  it('writes a gap on any other jump of u and drops deltas until the next snapshot', () => {
    const importer = createBybitImporter({ instruments: X });
    const events = feed(importer, [
      at(0, book('delta', 7)),
      at(1, book('snapshot', 10, [['10.00', '2']], [['10.01', '3']])),
      at(2, book('delta', 13)),
      at(3, book('delta', 14)),
      at(4, book('snapshot', 20, [['10.00', '1']], [['10.01', '1']])),
      at(5, book('delta', 21)),
    ]);
    expect(events.map((e) => e.ch)).toEqual(['snapshot', 'gap', 'snapshot', 'book']);
    expect(events[1]).toEqual({ t: T + 2, ch: 'gap', msg: { s: 'XUSDT', reason: 'orderbook u jumps from 10 to 13' } });
    expect(importer.stats).toMatchObject({ gaps: 1, stale: 2, snapshots: 2, bookUpdates: 1 });
  });

  it('maps trades: m = taker side Buy; numeric ids kept, others numbered per symbol above the last', () => {
    const importer = createBybitImporter({ instruments: X });
    const events = feed(importer, [
      at(1, trades({ i: '100', S: 'Buy' }, { i: '101', S: 'Sell', v: '0.25' })),
      at(2, trades({ i: 'c5e1a3b2-1d5e-5a8e-9b4f-6d2f8e0c1a7b', S: 'Sell' })),
      // Spot ids have 19 digits, beyond 2^53: no longer exact as a number.
      at(3, trades({ i: '2290000000061666327', S: 'Buy' }, { i: '102', S: 'Buy' })),
    ]);
    expect(events[0]).toEqual({ t: T + 1, ch: 'trade', msg: { s: 'XUSDT', id: 100, p: 1005, q: 500, m: true } });
    expect(events.map((e) => (e.ch === 'trade' ? [e.msg.id, e.msg.m] : null))).toEqual([
      [100, true], [101, false], [102, false], [103, true], [104, true],
    ]);
    expect(importer.stats.trades).toBe(5);
  });

  it('numbers the same input the same way every time', () => {
    const lines = [at(1, trades({ i: 'a', S: 'Buy' }, { i: 'b', S: 'Sell' })), at(2, trades({ i: 'c', S: 'Buy' }))];
    const ids = () => feed(createBybitImporter({ instruments: X }), lines).map((e) => (e.ch === 'trade' ? e.msg.id : -1));
    expect(ids()).toEqual([1, 2, 3]);
    expect(ids()).toEqual(ids());
  });

  it('reads bare frames by their ts and ms or ns stamps; ignores acks, pongs and tickers', () => {
    const importer = createBybitImporter({ instruments: X });
    const events = feed(importer, [
      '{"success":true,"ret_msg":"","conn_id":"abc","req_id":"","op":"subscribe"}',
      `${T} {"success":true,"ret_msg":"pong","conn_id":"abc","op":"ping"}`,
      book('snapshot', 1, [['10.00', '1']], [['10.01', '1']]),
      `${T + 5}123456 ${trades({ i: '1', S: 'Sell' })}`,
      at(6, JSON.stringify({ topic: 'tickers.XUSDT', type: 'snapshot', ts: T, data: {} })),
    ]);
    expect(events.map((e) => [e.ch, e.t - T])).toEqual([['snapshot', 0], ['trade', 5]]);
    expect(importer.stats).toMatchObject({ ignored: 3, skipped: 0, lines: 5 });
  });

  it('holds time on bare frames whose ts steps back a little across topics, skips a big step back', () => {
    const importer = createBybitImporter({ instruments: X });
    const bare = (ts: number, i: string) => trades({ i, S: 'Buy' }).replace(`"ts":${T}`, `"ts":${T + ts}`);
    const events = feed(importer, [bare(100, '1'), bare(97, '2'), bare(120, '3'), bare(-5000, '4')]);
    expect(events.map((e) => e.t - T)).toEqual([100, 100, 120]);
    expect(importer.issues).toEqual([{ line: 4, message: `timestamp ${T - 5000} is before the previous line's ${T + 120}` }]);
  });

  it('skips bad lines with their numbers, a bad trade rejecting its whole frame', () => {
    const importer = createBybitImporter({ instruments: X });
    const events = feed(importer, [
      at(5, trades({ i: '1', S: 'Buy' })),
      at(6, '{"topic":'),
      at(7, trades({ i: '2', S: 'Buy' }, { i: '3', S: 'Buy', v: '0.0005' })),
      at(4, trades({ i: '4', S: 'Buy' })),
      at(8, book('delta', 3).replace('XUSDT', 'YUSDT').replace('"s":"XUSDT"', '"s":"YUSDT"')),
      at(9, JSON.stringify({ topic: 'mystery.XUSDT', data: {} })),
      at(10, trades({ i: '5', S: 'Buy' })),
    ]);
    expect(events.map((e) => (e.ch === 'trade' ? e.msg.id : -1))).toEqual([1, 5]);
    expect(importer.issues).toEqual([
      { line: 2, message: 'not JSON' },
      { line: 3, message: '0.0005 is not a multiple of the lot 0.001' },
      { line: 4, message: `timestamp ${T + 4} is before the previous line's ${T + 7}` },
      { line: 5, message: 'unknown symbol YUSDT' },
      { line: 6, message: 'unknown topic mystery.XUSDT' },
    ]);
    expect(importer.stats).toMatchObject({ skipped: 5, trades: 2 });
  });

  it('stops at the first bad line when strict', () => {
    const importer = createBybitImporter({ instruments: X, strict: true });
    expect(() => feed(importer, [at(1, trades({ i: '1', S: 'Buy' })), at(2, 'nope')])).toThrow(StrictStop);
    const again = createBybitImporter({ instruments: X, strict: true });
    expect(() => feed(again, [at(1, trades({ i: '1', S: 'Buy' })), at(2, 'nope')])).toThrow(/^line 2: not JSON$/);
  });

  it('converts stamps exactly, whatever their unit', () => {
    expect(stampToMs('1723161254')).toBe(1_723_161_254_000);
    expect(stampToMs('1723161254010')).toBe(1_723_161_254_010);
    expect(stampToMs('1723161254010999')).toBe(1_723_161_254_010);
    expect(stampToMs('1723161254010000000')).toBe(1_723_161_254_010);
  });
});
