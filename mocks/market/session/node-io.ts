import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { createGunzip, createGzip, gzipSync } from 'node:zlib';
import { openSession, type ReadOptions, type SessionStream } from './reader';

/** Lines of a text file, gunzipped when it ends in .gz; streams, never loads the whole file. */
export function fileLines(path: string): AsyncIterable<string> {
  const raw = createReadStream(path);
  const input = path.endsWith('.gz') ? raw.pipe(createGunzip()) : raw;
  // readline swallows stream errors; re-raise them so a truncated gzip is reported, not ignored.
  raw.on('error', (e) => input.destroy(e));
  return createInterface({ input, crlfDelay: Infinity });
}

export function openSessionFile(path: string, options: Omit<ReadOptions, 'file'> = {}): Promise<SessionStream> {
  return openSession(fileLines(path), { ...options, file: path });
}

/** A streaming gzip line writer with fixed compression settings (same input, same bytes). */
export function createLineWriter(path: string) {
  const gzip = createGzip({ level: 9 });
  const out = createWriteStream(path);
  gzip.pipe(out);
  return {
    async write(line: string): Promise<void> {
      if (!gzip.write(`${line}\n`)) await once(gzip, 'drain');
    },
    async close(): Promise<void> {
      gzip.end();
      await once(out, 'finish');
    },
  };
}

/** Gzip of a whole in-memory text, with the same settings as the streaming writer. */
export function gzipText(text: string): Buffer {
  return gzipSync(text, { level: 9 });
}
