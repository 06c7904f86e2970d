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

/** Lines are handed to gzip in chunks of about this many characters: one write per line is ~20× slower. */
const CHUNK_CHARS = 256 * 1024;

/** A streaming gzip line writer with fixed compression settings (same input, same bytes). */
export function createLineWriter(path: string) {
  const gzip = createGzip({ level: 9 });
  const out = createWriteStream(path);
  gzip.pipe(out);
  let pending: string[] = [];
  let size = 0;
  const flush = async () => {
    if (pending.length === 0) return;
    const chunk = pending.join('');
    pending = [];
    size = 0;
    if (!gzip.write(chunk)) await once(gzip, 'drain');
  };
  return {
    async write(line: string): Promise<void> {
      pending.push(line, '\n');
      size += line.length + 1;
      if (size >= CHUNK_CHARS) await flush();
    },
    async close(): Promise<void> {
      await flush();
      gzip.end();
      await once(out, 'finish');
    },
  };
}

/** Gzip of a whole in-memory text, with the same settings as the streaming writer. */
export function gzipText(text: string): Buffer {
  return gzipSync(text, { level: 9 });
}
