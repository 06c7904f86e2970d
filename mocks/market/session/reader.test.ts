// @vitest-environment node
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { SessionHeader } from '../types';
import { SessionFormatError, serializeHeader } from './format';
import { openSessionFile } from './node-io';
import { openSession, readAllEvents } from './reader';
import { sessionToText } from './writer';

const header: SessionHeader = {
  format: 'spot-session', version: 1, venue: 'test', source: 'reader.test', licence: 'generated',
  symbols: [{ symbol: 'X', tick: '0.1', lot: '1' }], start: 0, end: 130_000, checkpointIntervalMs: 60_000,
};

async function* linesOf(text: string) {
  yield* text.split('\n');
}

describe('session writer and reader', () => {
  it('round-trips events and inserts checkpoints of the book for seeking', async () => {
    const text = await sessionToText(header, [
      { t: 0, ch: 'snapshot', msg: { s: 'X', b: [[10, 1]], a: [[12, 1]] } },
      { t: 70_000, ch: 'book', msg: { s: 'X', b: [[11, 2]], a: [] } },
      { t: 130_000, ch: 'trade', msg: { s: 'X', id: 1, p: 12, q: 1, m: true } },
    ]);
    const events = await readAllEvents(await openSession(linesOf(text)));
    expect(events.map((e) => [e.t, e.ch])).toEqual([
      [0, 'snapshot'], [60_000, 'checkpoint'], [70_000, 'book'], [120_000, 'checkpoint'], [130_000, 'trade'],
    ]);
    expect(events[3]!.msg).toEqual({ s: 'X', b: [[11, 2], [10, 1]], a: [[12, 1]] });
    expect(events.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
  });

  it('writes the same bytes for the same events', async () => {
    const events = [{ t: 0, ch: 'snapshot' as const, msg: { s: 'X', b: [[10, 1]] as [number, number][], a: [] } }];
    expect(await sessionToText(header, events)).toBe(await sessionToText(header, events));
  });
});

describe('reading bad sessions', () => {
  const good = '{"t":1,"seq":1,"ch":"trade","msg":{"s":"X","id":1,"p":10,"q":1,"m":true}}';
  const cases: Array<[string, string, RegExp]> = [
    ['a corrupt line', '{"t":2,"seq":2,"ch":"tra', /3: not JSON/],
    ['an unknown channel', '{"t":2,"seq":2,"ch":"ticker","msg":{"s":"X"}}', /unknown channel ticker/],
    ['levels that are not integers', '{"t":2,"seq":2,"ch":"book","msg":{"s":"X","b":[["1.5",1]],"a":[]}}', /integer pairs/],
    ['a timestamp that goes back', '{"t":0,"seq":2,"ch":"trade","msg":{"s":"X","id":2,"p":10,"q":1,"m":true}}', /out of order/],
  ];
  for (const [name, line, message] of cases) {
    it(`stops at ${name} with its line number`, async () => {
      const stream = await openSession(linesOf([serializeHeader(header), good, line].join('\n')), { file: 's.jsonl.gz' });
      await expect(readAllEvents(stream)).rejects.toThrow(message);
      await expect(readAllEvents(await openSession(linesOf([serializeHeader(header), good, line].join('\n'))))).rejects.toBeInstanceOf(SessionFormatError);
    });
    it(`skips ${name} and counts it when asked to`, async () => {
      const stream = await openSession(linesOf([serializeHeader(header), good, line, good.replace('"t":1,"seq":1', '"t":5,"seq":9')].join('\n')), { skipBad: true });
      const events = [];
      let result = await stream.events.next();
      while (!result.done) {
        events.push(result.value);
        result = await stream.events.next();
      }
      expect(events).toHaveLength(2);
      expect(result.value).toMatchObject({ events: 2, skipped: 1 });
    });
  }

  it('refuses a file that is not a session', async () => {
    await expect(openSession(linesOf('{"hello":1}'))).rejects.toThrow(/not a spot-session file/);
    await expect(openSession(linesOf(''))).rejects.toThrow(/header is not JSON|empty/);
  });

  it('reports a truncated gzip with the file and line instead of crashing', async () => {
    const text = await sessionToText(header, Array.from({ length: 5000 }, (_, i) => ({
      t: i, ch: 'trade' as const, msg: { s: 'X', id: i + 1, p: 10 + (i % 7), q: 1 + (i % 3), m: i % 2 === 0 },
    })));
    const bytes = gzipSync(text);
    const path = join(mkdtempSync(join(tmpdir(), 'session-')), 'cut.jsonl.gz');
    writeFileSync(path, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const stream = await openSessionFile(path);
    const error = await readAllEvents(stream).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(SessionFormatError);
    expect(String(error)).toContain('cut.jsonl.gz');
    expect(String(error)).toMatch(/stream broke/);
  });
});
