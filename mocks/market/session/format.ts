import type { Level, SessionEvent, SessionHeader } from '../types';

/** A line of a session file that cannot be read: says which line and why. */
export class SessionFormatError extends Error {
  override name = 'SessionFormatError';
  constructor(readonly line: number, reason: string, readonly file = '') {
    super(`${file ? `${file}:` : ''}${line}: ${reason}`);
  }
}

const CHANNELS = new Set(['snapshot', 'book', 'trade', 'checkpoint', 'gap']);

function isInt(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v);
}

function isLevels(v: unknown): v is Level[] {
  return Array.isArray(v) && v.every((l) => Array.isArray(l) && l.length === 2 && isInt(l[0]) && isInt(l[1]) && l[1] >= 0);
}

export function parseHeader(line: string, lineNo = 1): SessionHeader {
  let h: unknown;
  try {
    h = JSON.parse(line);
  } catch {
    throw new SessionFormatError(lineNo, 'header is not JSON');
  }
  const o = h as Partial<SessionHeader>;
  if (o?.format !== 'spot-session') throw new SessionFormatError(lineNo, 'not a spot-session file (format)');
  if (o.version !== 1) throw new SessionFormatError(lineNo, `unsupported version ${String(o.version)}`);
  if (!Array.isArray(o.symbols) || o.symbols.length === 0 || !o.symbols.every((s) => typeof s?.symbol === 'string' && typeof s.tick === 'string' && typeof s.lot === 'string')) {
    throw new SessionFormatError(lineNo, 'header.symbols must list {symbol, tick, lot}');
  }
  if (!isInt(o.start) || !isInt(o.end) || o.end < o.start) throw new SessionFormatError(lineNo, 'header start/end are not ms times');
  if (!isInt(o.checkpointIntervalMs) || o.checkpointIntervalMs <= 0) throw new SessionFormatError(lineNo, 'header.checkpointIntervalMs must be > 0');
  return h as SessionHeader;
}

/** One event line, shape-checked: a reader must never hand on something the engine cannot use. */
export function parseEvent(line: string, lineNo: number): SessionEvent {
  let e: unknown;
  try {
    e = JSON.parse(line);
  } catch {
    throw new SessionFormatError(lineNo, 'not JSON');
  }
  const o = e as { t?: unknown; seq?: unknown; ch?: unknown; msg?: Record<string, unknown> };
  if (!isInt(o?.t) || !isInt(o.seq)) throw new SessionFormatError(lineNo, 't and seq must be integers');
  if (typeof o.ch !== 'string' || !CHANNELS.has(o.ch)) throw new SessionFormatError(lineNo, `unknown channel ${String(o.ch)}`);
  const msg = o.msg;
  if (typeof msg !== 'object' || msg === null || typeof msg.s !== 'string') throw new SessionFormatError(lineNo, 'msg.s (symbol) missing');
  switch (o.ch) {
    case 'snapshot':
    case 'book':
    case 'checkpoint':
      if (!isLevels(msg.b) || !isLevels(msg.a)) throw new SessionFormatError(lineNo, 'book levels must be [ticks, lots] integer pairs');
      break;
    case 'trade':
      if (!isInt(msg.id) || !isInt(msg.p) || !isInt(msg.q) || msg.q <= 0 || typeof msg.m !== 'boolean') {
        throw new SessionFormatError(lineNo, 'trade needs integer id, p, q > 0 and boolean m');
      }
      break;
    case 'gap':
      if (typeof msg.reason !== 'string') throw new SessionFormatError(lineNo, 'gap needs a reason');
      break;
  }
  return e as SessionEvent;
}

export function serializeHeader(header: SessionHeader): string {
  return JSON.stringify(header);
}

/** Fixed key order, so the same events always give the same bytes. */
export function serializeEvent(e: SessionEvent): string {
  return `{"t":${e.t},"seq":${e.seq},"ch":"${e.ch}","msg":${JSON.stringify(e.msg)}}`;
}
