import type { LoadedSession } from '../replay/timeline';
import type { SessionEvent, SessionHeader } from '../types';
import { SessionFormatError, parseEvent, parseHeader } from './format';

/** Lines parsed between two yields: about 10–20 ms of work on a 2-core machine. */
const LINES_PER_SLICE = 4000;

/**
 * The rules every in-memory read of a session applies, one line at a time:
 * the header first, then events going forward in (t, seq); a bad line stops
 * the read with the file and line number. Shared by the whole-text and the
 * streaming readers so both accept exactly the same files.
 */
class SessionLines {
  private header: SessionHeader | null = null;
  private readonly events: SessionEvent[] = [];
  private lineNo = 0;
  private lastT = -Infinity;
  private lastSeq = -Infinity;

  constructor(private readonly file: string) {}

  /** Takes the next line; true when it was a slice's last and the caller should yield. */
  push(line: string): boolean {
    this.lineNo += 1;
    const lineNo = this.lineNo;
    if (this.header === null) {
      this.header = withFile(() => parseHeader(line, lineNo), this.file);
      return false;
    }
    if (line.trim() === '') return false;
    const event = withFile(() => parseEvent(line, lineNo), this.file);
    if (event.t < this.lastT || (event.t === this.lastT && event.seq <= this.lastSeq)) {
      throw new SessionFormatError(lineNo, `out of order: t=${event.t} seq=${event.seq}`, this.file);
    }
    this.lastT = event.t;
    this.lastSeq = event.seq;
    this.events.push(event);
    return lineNo % LINES_PER_SLICE === 0;
  }

  finish(): LoadedSession {
    if (this.header === null) throw new SessionFormatError(1, 'header is not JSON', this.file);
    return { header: this.header, events: this.events };
  }
}

/**
 * Parses a whole decompressed session text with the same validation as the
 * streaming reader, but without an await per line (about 3× faster), yielding
 * to the caller every few thousand lines so a page that parses it stays
 * responsive. Used for uploaded sessions, which arrive whole.
 */
export async function parseSessionText(text: string, file: string, yieldNow: () => Promise<void>): Promise<LoadedSession> {
  const lines = new SessionLines(file);
  let from = 0;
  for (;;) {
    const end = text.indexOf('\n', from);
    if (lines.push(text.slice(from, end < 0 ? text.length : end))) await yieldNow();
    if (end < 0) break;
    from = end + 1;
  }
  return lines.finish();
}

/**
 * Parses a session as its text arrives: each chunk's whole lines are parsed
 * while the next chunk is still on the wire, so a download and its decoding
 * overlap instead of following each other. Same rules and yields as
 * `parseSessionText`; a stream that breaks names the line it stopped at.
 */
export async function parseSessionStream(text: ReadableStream<string>, file: string, yieldNow: () => Promise<void>): Promise<LoadedSession> {
  const lines = new SessionLines(file);
  const reader = text.getReader();
  let rest = '';
  let lineNo = 0;
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<string>;
      try {
        chunk = await reader.read();
      } catch (error) {
        throw new SessionFormatError(lineNo + 1, `stream broke: ${(error as Error).message}`, file);
      }
      if (chunk.done) break;
      const buffer = rest + chunk.value;
      let from = 0;
      for (let end = buffer.indexOf('\n'); end >= 0; end = buffer.indexOf('\n', from)) {
        lineNo += 1;
        const slice = lines.push(buffer.slice(from, end));
        from = end + 1;
        if (slice) await yieldNow();
      }
      rest = buffer.slice(from);
    }
    if (rest !== '' || lineNo === 0) lines.push(rest);
    return lines.finish();
  } finally {
    reader.releaseLock();
  }
}

/** Runs a line parser and names the file in what it throws (the line is already there). */
function withFile<T>(parse: () => T, file: string): T {
  try {
    return parse();
  } catch (error) {
    throw error instanceof SessionFormatError ? new SessionFormatError(error.line, error.message.replace(/^\d+: /, ''), file) : error;
  }
}
