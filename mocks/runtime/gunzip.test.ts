// @vitest-environment node
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { sessionBytesToText, sessionTextStream } from './gunzip';

function bytesIn(data: Uint8Array, sizes: number[]): ReadableStream<Uint8Array> {
  let at = 0;
  let turn = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= data.length) return controller.close();
      const size = sizes[turn++ % sizes.length]!;
      controller.enqueue(data.slice(at, at + size));
      at += size;
    },
  });
}

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
    expect(await readAll(await sessionTextStream(bytesIn(gzipped, [1, 1, 300, 5000])))).toBe(text);
  });

  it('passes plain JSON Lines through (a server already inflated them), multibyte characters cut anywhere', async () => {
    expect(await readAll(await sessionTextStream(bytesIn(plain, [1, 3, 777])))).toBe(text);
  });

  it('gives an empty text for an empty body, as the whole-file reader does', async () => {
    expect(await readAll(await sessionTextStream(bytesIn(new Uint8Array(0), [1])))).toBe(await sessionBytesToText(new Uint8Array(0)));
  });

  it('fails the read of a truncated gzip instead of ending quietly', async () => {
    await expect(readAll(await sessionTextStream(bytesIn(gzipped.slice(0, gzipped.length >> 1), [4096])))).rejects.toThrow(TypeError);
  });
});
