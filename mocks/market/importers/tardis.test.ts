// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { DraftEvent } from '../session/writer';
import { StrictStop, type Importer } from './common';
import { createTardisImporter, isoToMs } from './tardis';

const INSTRUMENTS = [
  { symbol: 'BTCUSDT', tick: '0.01', lot: '0.00001' },
  { symbol: 'ETHUSDT', tick: '0.01', lot: '0.0001' },
];
/** 2024-08-08T23:54:14.000Z */
const T = 1_723_161_254_000;
const iso = (ms: number) => `${new Date(T + ms).toISOString().slice(0, -1)}1234Z`;
const at = (ms: number, frame: object) => `${iso(ms)} ${JSON.stringify(frame)}`;

const binanceSnapshot = (id: number) => ({
  stream: 'btcusdt@depthSnapshot', generated: true,
  data: { lastUpdateId: id, bids: [['61000.00', '1.5']], asks: [['61000.01', '0.25']] },
});
const binanceDiff = (U: number, u: number, b: string[][] = []) => ({
  stream: 'btcusdt@depth@100ms', data: { e: 'depthUpdate', E: T, s: 'BTCUSDT', U, u, b, a: [] },
});
const binanceTrade = (id: number) => ({
  stream: 'btcusdt@trade', data: { e: 'trade', E: T, s: 'BTCUSDT', t: id, p: '61000.00', q: '0.01', T, m: true },
});
const bybitBook = (type: 'snapshot' | 'delta', u: number, b: string[][] = []) => ({
  topic: 'orderbook.50.ETHUSDT', type, ts: T, data: { s: 'ETHUSDT', b, a: type === 'snapshot' ? [['2700.01', '2']] : [], u, seq: u },
});
const bybitTrade = (i: string) => ({
  topic: 'publicTrade.ETHUSDT', type: 'snapshot', ts: T, data: [{ T, s: 'ETHUSDT', S: 'Sell', v: '0.5', p: '2700.00', i, seq: 1 }],
});

function feed(importer: Importer, lines: string[]): DraftEvent[] {
  return lines.flatMap((line, i) => importer.push(line, i + 1));
}

describe('tardis-machine importer', () => {
  it('parses ISO times to ms, cutting finer digits', () => {
    expect(isoToMs('2024-08-08T23:54:14.0001234Z')).toBe(T);
    expect(isoToMs('2024-08-08T23:54:14.5Z')).toBe(T + 500);
    expect(isoToMs('2024-08-08T23:54:14Z')).toBe(T);
    expect(isoToMs('2024-08-09T01:54:14.250+02:00')).toBe(T + 250);
    expect(isoToMs('2024-08-09T01:54:14.250+0200')).toBe(T + 250);
    expect(isoToMs('1723161254000')).toBeNull();
    expect(isoToMs('2024-13-45T99:00:00Z')).toBeNull();
  });

  it('detects the venue per frame and converts Binance and Bybit frames in one stream', () => {
    const importer = createTardisImporter({ instruments: INSTRUMENTS });
    const events = feed(importer, [
      at(0, binanceDiff(95, 101, [['60999.00', '1']])),
      at(1, bybitBook('snapshot', 40, [['2700.00', '1']])),
      at(2, binanceSnapshot(100)),
      at(3, binanceTrade(7)),
      at(4, bybitTrade('9001')),
      at(5, binanceDiff(102, 103)),
      at(6, bybitBook('delta', 41, [['2700.00', '0']])),
      at(7, { success: true, op: 'subscribe' }),
    ]);
    expect(events.map((e) => [e.ch, e.msg.s, e.t - T])).toEqual([
      ['snapshot', 'ETHUSDT', 1],
      ['snapshot', 'BTCUSDT', 2],
      ['trade', 'BTCUSDT', 3],
      ['trade', 'ETHUSDT', 4],
      ['book', 'BTCUSDT', 5],
      ['book', 'ETHUSDT', 6],
    ]);
    // The buffered diff straddling 100 + 1 is folded into the generated snapshot.
    expect(events[1]!.msg).toEqual({ s: 'BTCUSDT', b: [[6_100_000, 150_000], [6_099_900, 100_000]], a: [[6_100_001, 25_000]] });
    expect(events[2]!.msg).toMatchObject({ id: 7, m: false });
    expect(events[3]!.msg).toMatchObject({ id: 9001, m: false, q: 5000 });
    expect(importer.stats).toMatchObject({ snapshots: 2, bookUpdates: 2, trades: 2, ignored: 1, skipped: 0 });
  });

  it('takes a bare REST snapshot (lastUpdateId) for the default symbol', () => {
    const importer = createTardisImporter({ instruments: INSTRUMENTS, defaultSymbol: 'BTCUSDT' });
    const events = feed(importer, [at(0, { lastUpdateId: 5, bids: [['61000.00', '1']], asks: [] }), at(1, binanceDiff(6, 6))]);
    expect(events.map((e) => [e.ch, e.msg.s])).toEqual([['snapshot', 'BTCUSDT'], ['book', 'BTCUSDT']]);
  });

  it('turns an empty line into a gap for every symbol seen, then waits for fresh snapshots', () => {
    const importer = createTardisImporter({ instruments: INSTRUMENTS });
    const events = feed(importer, [
      at(0, binanceSnapshot(100)),
      at(1, bybitBook('snapshot', 40)),
      at(2, binanceDiff(101, 101)),
      '',
      '',
      at(10, binanceDiff(102, 102)),
      at(11, bybitBook('delta', 41)),
      at(12, bybitTrade('1')),
      at(13, bybitBook('snapshot', 90)),
      at(14, binanceSnapshot(101)),
      at(15, binanceDiff(103, 103)),
      at(16, bybitBook('delta', 91)),
    ]);
    expect(events.map((e) => [e.ch, e.msg.s, e.t - T])).toEqual([
      ['snapshot', 'BTCUSDT', 0],
      ['snapshot', 'ETHUSDT', 1],
      ['book', 'BTCUSDT', 2],
      ['gap', 'BTCUSDT', 2],
      ['gap', 'ETHUSDT', 2],
      ['trade', 'ETHUSDT', 12],
      ['snapshot', 'ETHUSDT', 13],
      ['snapshot', 'BTCUSDT', 14],
      ['book', 'BTCUSDT', 15],
      ['book', 'ETHUSDT', 16],
    ]);
    expect(events[3]!.msg).toEqual({ s: 'BTCUSDT', reason: 'recorder disconnected (empty line)' });
    expect(importer.stats).toMatchObject({ gaps: 2, stale: 1 });
  });

  it('gives no gap for an empty line before any data, and a trade-only symbol still gets one', () => {
    const importer = createTardisImporter({ instruments: INSTRUMENTS });
    const events = feed(importer, ['', at(0, bybitTrade('1')), '', at(1, bybitTrade('2'))]);
    expect(events.map((e) => [e.ch, e.msg.s])).toEqual([['trade', 'ETHUSDT'], ['gap', 'ETHUSDT'], ['trade', 'ETHUSDT']]);
  });

  it('skips lines with a bad time, an unknown frame or time going back; strict stops', () => {
    const importer = createTardisImporter({ instruments: INSTRUMENTS });
    feed(importer, [
      at(5, binanceTrade(1)),
      `1723161254000 ${JSON.stringify(binanceTrade(2))}`,
      at(6, { hello: 'world' }),
      at(4, binanceTrade(3)),
    ]);
    expect(importer.issues).toEqual([
      { line: 2, message: 'bad ISO timestamp 1723161254000' },
      { line: 3, message: 'neither a Binance nor a Bybit frame' },
      { line: 4, message: `timestamp ${T + 4} is before the previous line's ${T + 6}` },
    ]);
    const strict = createTardisImporter({ instruments: INSTRUMENTS, strict: true });
    expect(() => feed(strict, [at(5, binanceTrade(1)), at(6, { hello: 'world' })])).toThrow(StrictStop);
  });
});
