import type { SessionEvent, SessionHeader } from '../types';
import { SessionFormatError, parseEvent, parseHeader } from './format';

export interface ReadOptions {
  /** File name for messages. */
  file?: string;
  /** Skip bad lines (counted in `skipped`) instead of stopping at the first one. */
  skipBad?: boolean;
}

export interface SessionStream {
  header: SessionHeader;
  events: AsyncGenerator<SessionEvent, ReadSummary>;
}

export interface ReadSummary {
  events: number;
  skipped: number;
  problems: SessionFormatError[];
}

/**
 * Streams a session from its lines: header first, then events one at a time,
 * so a 100 MB session is never held whole. Events must go forward in time;
 * a line that does not parse (or goes back in time) stops the read with its
 * line number, or is skipped and counted with `skipBad`.
 */
export async function openSession(lines: AsyncIterable<string>, options: ReadOptions = {}): Promise<SessionStream> {
  const iterator = lines[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) throw new SessionFormatError(1, 'empty session', options.file);
  let header: SessionHeader;
  try {
    header = parseHeader(first.value, 1);
  } catch (error) {
    throw withFile(error, options.file);
  }
  return { header, events: eventsOf(iterator, options) };
}

async function* eventsOf(iterator: AsyncIterator<string>, options: ReadOptions): AsyncGenerator<SessionEvent, ReadSummary> {
  const summary: ReadSummary = { events: 0, skipped: 0, problems: [] };
  let lineNo = 1;
  let lastT = -Infinity;
  let lastSeq = -Infinity;
  for (;;) {
    let next: IteratorResult<string>;
    try {
      next = await iterator.next();
    } catch (error) {
      // A truncated gzip or a dropped download ends the stream here: say where.
      throw new SessionFormatError(lineNo + 1, `stream broke: ${(error as Error).message}`, options.file);
    }
    if (next.done) return summary;
    lineNo += 1;
    if (next.value.trim() === '') continue;
    try {
      const event = parseEvent(next.value, lineNo);
      if (event.t < lastT || (event.t === lastT && event.seq <= lastSeq)) {
        throw new SessionFormatError(lineNo, `out of order: t=${event.t} seq=${event.seq} after t=${lastT} seq=${lastSeq}`);
      }
      lastT = event.t;
      lastSeq = event.seq;
      summary.events += 1;
      yield event;
    } catch (error) {
      const problem = withFile(error, options.file);
      if (!options.skipBad) throw problem;
      summary.skipped += 1;
      if (summary.problems.length < 20) summary.problems.push(problem);
    }
  }
}

function withFile(error: unknown, file: string | undefined): SessionFormatError {
  if (error instanceof SessionFormatError) return file && !error.file ? new SessionFormatError(error.line, error.message.replace(/^\d+: /, ''), file) : error;
  return new SessionFormatError(0, (error as Error).message, file);
}

/** Reads a whole (small) session into memory, e.g. a shipped fixture. */
export async function readAllEvents(stream: SessionStream): Promise<SessionEvent[]> {
  const out: SessionEvent[] = [];
  for await (const event of stream.events) out.push(event);
  return out;
}

/** Splits decoded text chunks into lines (browser streams give chunks, not lines). */
export async function* linesOf(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  let rest = '';
  for await (const chunk of chunks) {
    rest += chunk;
    let nl = rest.indexOf('\n');
    while (nl >= 0) {
      yield rest.slice(0, nl);
      rest = rest.slice(nl + 1);
      nl = rest.indexOf('\n');
    }
  }
  if (rest !== '') yield rest;
}
