// @vitest-environment node
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeWithSharedData, sharedDataFile } from '../../../tests/support/sharedData';
import { gzipText, openSessionFile } from '../session/node-io';
import { readAllEvents } from '../session/reader';
import { ImportError } from './common';
import { importFiles } from './driver';
import { inferInstruments } from './infer';

const dir = mkdtempSync(join(tmpdir(), 'import-driver-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Local times of the synthetic lines: T + n ms. */
const T = 1_723_161_254_000;
const ns = (ms: number) => `${T + ms}000000`;
const depth = (ms: number, U: number, u: number, b: string[][]) =>
  `${ns(ms)} ${JSON.stringify({ stream: 'xusdt@depth@100ms', data: { e: 'depthUpdate', s: 'XUSDT', U, u, b, a: [] } })}`;
const trade = (ms: number, id: number, q = '0.125') =>
  `${ns(ms)} ${JSON.stringify({ stream: 'xusdt@trade', data: { e: 'trade', s: 'XUSDT', t: id, p: '10.55', q, T: T + ms, m: false } })}`;
const snapshot = (ms: number, id: number) =>
  `${ns(ms)} ${JSON.stringify({ lastUpdateId: id, bids: [['10.40', '2']], asks: [['10.60', '3.5']] })}`;

/** A small two-file recording (one gzipped, one plain) with one unusable line. */
function writeRecording(): [string, string] {
  const first = join(dir, 'x-day1.raw.gz');
  const second = join(dir, 'x-day2.raw');
  writeFileSync(first, gzipText([depth(0, 1, 3, [['10.30', '1']]), snapshot(10, 2), trade(20, 1)].join('\n') + '\n'));
  writeFileSync(second, [trade(1500, 2, '0.2'), 'garbage', depth(2600, 4, 4, [['10.30', '0']]), trade(2700, 3)].join('\n') + '\n');
  return [first, second];
}

describe('importFiles', () => {
  it('writes a session that reads back: header from the data, events in order, checkpoints', async () => {
    const inputs = writeRecording();
    const output = join(dir, 'x.jsonl.gz');
    const report = await importFiles({ format: 'binance', inputs, output, checkpointIntervalMs: 1000, licence: 'test' });
    expect(report.issues).toEqual([{ file: inputs[1], line: 2, message: 'expected "<ns timestamp> <frame>"' }]);
    expect(report.stats).toMatchObject({ lines: 7, trades: 3, snapshots: 1, bookUpdates: 1, skipped: 1, gaps: 0 });
    expect(existsSync(`${output}.partial`)).toBe(false);

    const session = await openSessionFile(output);
    expect(session.header).toEqual({
      format: 'spot-session', version: 1, venue: 'binance-spot', licence: 'test',
      source: 'binance raw recording: x-day1.raw.gz, x-day2.raw',
      symbols: [{ symbol: 'XUSDT', tick: '0.01', lot: '0.001' }],
      start: T + 10, end: T + 2700, checkpointIntervalMs: 1000,
    });
    expect(report.header).toEqual(session.header);
    const events = await readAllEvents(session);
    expect(events.map((e) => [e.ch, e.t - T])).toEqual([
      ['snapshot', 10], ['trade', 20], ['checkpoint', 1010], ['trade', 1500], ['checkpoint', 2010], ['book', 2600], ['trade', 2700],
    ]);
    expect(events[0]!.msg).toEqual({ s: 'XUSDT', b: [[1040, 2000], [1030, 1000]], a: [[1060, 3500]] });
    expect(events[2]!.msg).toEqual(events[0]!.msg);
    expect(events.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('names the file and line of the first bad line when strict, and writes nothing', async () => {
    const inputs = writeRecording();
    const output = join(dir, 'strict.jsonl.gz');
    const error = await importFiles({ format: 'binance', inputs, output, strict: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportError);
    expect(error).toMatchObject({ file: inputs[1], line: 2, message: `${inputs[1]}:2: expected "<ns timestamp> <frame>"` });
    expect(existsSync(output)).toBe(false);
  });

  it('reports a truncated gzip as an ImportError naming the file and the last line read', async () => {
    const lines = Array.from({ length: 4000 }, (_, i) => trade(i, i + 1, `0.${String(i % 997).padStart(3, '0')}1`));
    const whole = gzipText(lines.join('\n'));
    const cut = join(dir, 'cut.raw.gz');
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    const error = await importFiles({ format: 'binance', inputs: [cut], output: join(dir, 'cut.jsonl.gz') }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportError);
    const { file, line, message } = error as ImportError;
    expect(file).toBe(cut);
    expect(line).toBeGreaterThan(0);
    expect(line).toBeLessThan(4000);
    expect(message).toContain(`${cut}:${line}: the file breaks off after line ${line}`);
    expect(existsSync(join(dir, 'cut.jsonl.gz.partial'))).toBe(false);
  });

  it('reports a missing input file by name', async () => {
    const missing = join(dir, 'nope.raw.gz');
    await expect(importFiles({ format: 'bybit', inputs: [missing], output: join(dir, 'n.jsonl.gz') })).rejects.toThrow(
      `${missing}:0: cannot read the file (ENOENT)`,
    );
  });

  it('refuses an output folder that does not exist before reading anything', async () => {
    const output = join(dir, 'no-such-folder', 'x.jsonl.gz');
    await expect(importFiles({ format: 'binance', inputs: writeRecording(), output })).rejects.toThrow(`${output}:0: cannot write there (ENOENT)`);
  });

  it('imports Bybit with given instruments', async () => {
    const input = join(dir, 'bybit.raw');
    const frame = (u: number, type: string) =>
      JSON.stringify({ topic: 'orderbook.50.XUSDT', type, ts: T + u, data: { s: 'XUSDT', b: [['10.40', '2']], a: [['10.60', '1']], u, seq: u } });
    writeFileSync(input, [frame(5, 'snapshot'), frame(6, 'delta'), '{"success":true,"op":"subscribe"}', frame(9, 'delta')].join('\n'));
    const output = join(dir, 'bybit.jsonl.gz');
    const report = await importFiles({ format: 'bybit', inputs: [input], output, instruments: [{ symbol: 'XUSDT', tick: '0.1', lot: '1' }] });
    expect(report.gaps).toEqual([{ file: input, line: 4, t: T + 9, symbol: 'XUSDT', message: 'orderbook u jumps from 6 to 9' }]);
    const events = await readAllEvents(await openSessionFile(output));
    expect(events.map((e) => e.ch)).toEqual(['snapshot', 'book', 'gap']);
    expect(events[0]!.msg).toEqual({ s: 'XUSDT', b: [[104, 2]], a: [[106, 1]] });
  });

  it('infers per symbol across venues; a nameless snapshot widens every symbol', async () => {
    async function* lines() {
      yield `2024-08-08T23:54:14.000Z ${JSON.stringify({ topic: 'publicTrade.ETHUSDT', data: [{ s: 'ETHUSDT', p: '2700.5', v: '0.0012', S: 'Buy', i: '1' }] })}`;
      yield `2024-08-08T23:54:14.001Z ${JSON.stringify({ stream: 'btcusdt@depth@100ms', data: { e: 'depthUpdate', s: 'BTCUSDT', b: [['61000.10000000', '0.00000000']], a: [] } })}`;
      yield `2024-08-08T23:54:14.002Z ${JSON.stringify({ lastUpdateId: 1, bids: [['1.000', '0.000100']], asks: [] })}`;
      yield '';
      yield 'garbage';
    }
    expect(await inferInstruments(lines(), 'tardis')).toEqual([
      { symbol: 'ETHUSDT', tick: '0.1', lot: '0.0001' },
      { symbol: 'BTCUSDT', tick: '0.1', lot: '0.0001' },
    ]);
    expect(await inferInstruments(lines(), 'bybit')).toEqual([{ symbol: 'ETHUSDT', tick: '0.1', lot: '0.0001' }]);
  });
});

describeWithSharedData('importFiles on the real BTCUSDT recording', () => {
  it('imports 0808 + 0809 as one session, infers tick 0.01, and reads back', { timeout: 120_000 }, async () => {
    const inputs = ['20240808', '20240809'].map((d) => sharedDataFile(`binance-spot-btcusdt-${d}.raw.gz`));
    const output = join(dir, 'btcusdt.jsonl.gz');
    const report = await importFiles({ format: 'binance', inputs, output, licence: 'MIT (nkaz001/hftbacktest)' });
    expect(report.header.symbols).toEqual([{ symbol: 'BTCUSDT', tick: '0.01', lot: '0.000001' }]);
    expect(report.issues).toEqual([]);
    expect(report.gaps).toEqual([]);
    expect(report.stats).toMatchObject({ lines: 99_574, trades: 19_904, bookUpdates: 6492, snapshots: 1, gaps: 0, stale: 2, skipped: 0 });

    const session = await openSessionFile(output);
    const counts: Record<string, number> = {};
    let last = -Infinity;
    for await (const e of session.events) {
      counts[e.ch] = (counts[e.ch] ?? 0) + 1;
      last = e.t;
    }
    expect(counts).toEqual({ snapshot: 1, book: 6492, trade: 19_904, checkpoint: 10 });
    expect(session.header.start).toBe(1_723_161_254_087);
    expect(last).toBe(session.header.end);
    expect(readFileSync(output).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  });
});
