// @vitest-environment node
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { sessionBytesToText, sessionTextStream } from './gunzip';
import { chunkedStream } from '../support/chunkedStream';

async function readAll(stream: ReadableStream<string>): Promise<string> {
  let out = '';
  for (const reader = stream.getReader(); ; ) {
    const next = await reader.read();
    if (next.done) return out;
    out += next.value;
  }
}

const text = `${'{"t":1,"seq":1,"ch":"gap","msg":{"s":"A","reason":"ü"}}\n'.repeat(2000)}`;
const plain = new TextEncoder().encode(text);
const gzipped = new Uint8Array(gzipSync(plain));

describe('sessionTextStream', () => {
  it('inflates a gzip download as it arrives, even when the magic is split over two chunks', async () => {
    expect(await readAll(await sessionTextStream(chunkedStream(gzipped, [1, 1, 300, 5000])))).toBe(text);
  });

  it('passes plain JSON Lines through (a server already inflated them), multibyte characters cut anywhere', async () => {
    expect(await readAll(await sessionTextStream(chunkedStream(plain, [1, 3, 777])))).toBe(text);
  });

  it('gives an empty text for an empty body, as the whole-file reader does', async () => {
    expect(await readAll(await sessionTextStream(chunkedStream(new Uint8Array(0), [1])))).toBe(await sessionBytesToText(new Uint8Array(0)));
  });

  it('fails the read of a truncated gzip instead of ending quietly', async () => {
    await expect(readAll(await sessionTextStream(chunkedStream(gzipped.slice(0, gzipped.length >> 1), [4096])))).rejects.toThrow(TypeError);
  });
});
