// @vitest-environment node
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { openSessionFile } from './node-io';
import { readAllEvents } from './reader';
import { parseSessionStream, parseSessionText } from './text-reader';
import { chunkedStream } from '../../support/chunkedStream';

const root = resolve(import.meta.dirname, '..', '..', '..');
const noYield = () => Promise.resolve();

describe('parseSessionText', () => {
  it('reads a shipped session exactly as the streaming reader does', async () => {
    const path = resolve(root, 'fixtures/sessions/ETHBTC.jsonl.gz');
    const streamed = await openSessionFile(path);
    const expected = await readAllEvents(streamed);
    const parsed = await parseSessionText(gunzipSync(readFileSync(path)).toString(), 'ETHBTC', noYield);
    expect(parsed.header).toEqual(streamed.header);
    expect(parsed.events).toEqual(expected);
  });

  it('yields to the page while it parses', async () => {
    const text = gunzipSync(readFileSync(resolve(root, 'fixtures/sessions/ETHBTC.jsonl.gz'))).toString();
    let yields = 0;
    await parseSessionText(text, 'ETHBTC', async () => void (yields += 1));
    expect(yields).toBeGreaterThan(0);
  });

  it('names the file and line of a bad event', async () => {
    const header = '{"format":"spot-session","version":1,"venue":"x","source":"x","licence":"x","symbols":[{"symbol":"A","tick":"1","lot":"1"}],"start":0,"end":10,"checkpointIntervalMs":1000}';
    await expect(parseSessionText(`${header}\n{"t":1,"seq":1,"ch":"trade","msg":{"s":"A"}}`, 'upload.jsonl', noYield)).rejects.toThrow(/upload\.jsonl:2/);
    await expect(parseSessionText(`${header}\n{"t":5,"seq":2,"ch":"gap","msg":{"s":"A","reason":"r"}}\n{"t":4,"seq":3,"ch":"gap","msg":{"s":"A","reason":"r"}}`, 'f', noYield)).rejects.toThrow(/f:3: out of order/);
    await expect(parseSessionText('not a header', 'f', noYield)).rejects.toThrow(/f:1: header/);
  });
});

describe('parseSessionStream', () => {
  const text = gunzipSync(readFileSync(resolve(root, 'fixtures/sessions/ETHBTC.jsonl.gz'))).toString();

  it('reads a session arriving in pieces that cut lines anywhere exactly as the whole text', async () => {
    const whole = await parseSessionText(text, 'ETHBTC', noYield);
    const streamed = await parseSessionStream(chunkedStream(text, [1, 7, 4096, 333, 65536]), 'ETHBTC', noYield);
    expect(streamed.header).toEqual(whole.header);
    expect(streamed.events).toEqual(whole.events);
  });

  it('yields to the page while it parses', async () => {
    let yields = 0;
    await parseSessionStream(chunkedStream(text, [65536]), 'ETHBTC', async () => void (yields += 1));
    expect(yields).toBeGreaterThan(0);
  });

  it('names the file and line of a bad event, and of where a broken download stopped', async () => {
    const [header, first] = text.split('\n');
    await expect(parseSessionStream(chunkedStream(`${header}\n${first}\n{"t":1,"seq":1}\n`, [10]), 'x.jsonl', noYield)).rejects.toThrow(/x\.jsonl:3/);
    await expect(parseSessionStream(chunkedStream('', [1]), 'empty', noYield)).rejects.toThrow(/empty:1: header/);
    let sent = false;
    const broken = new ReadableStream<string>({
      pull(controller) {
        if (sent) return controller.error(new Error('connection reset'));
        sent = true;
        controller.enqueue(`${header}\n${first}\n`);
      },
    });
    await expect(parseSessionStream(broken, 'cut', noYield)).rejects.toThrow(/cut:3: stream broke: connection reset/);
  });
});
