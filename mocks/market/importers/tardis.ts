import type { DraftEvent } from '../session/writer';
import { createBinanceFrames } from './binance';
import { createBybitFrames, isControl } from './bybit';
import {
  BadLine, IssueLog, emptyStats, lineImporter, parseJson, splitStamped, type Importer, type ImporterOptions,
} from './common';

const ISO = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * An ISO 8601 UTC-or-offset time to ms. Tardis writes 7 fractional digits
 * (100 ns); the part below a ms is cut, the same way the ns stamps of the
 * other importers are.
 */
export function isoToMs(text: string): number | null {
  const m = ISO.exec(text);
  if (!m) return null;
  const zone = m[3]!.length === 5 ? `${m[3]!.slice(0, 3)}:${m[3]!.slice(3)}` : m[3]!;
  const whole = Date.parse(`${m[1]!}${zone}`);
  if (Number.isNaN(whole)) return null;
  return whole + Number((m[2] ?? '').padEnd(3, '0').slice(0, 3));
}

/**
 * tardis-machine style recordings: `<ISO time> <raw exchange frame>` per
 * line, frames from Binance (combined streams, generated `@depthSnapshot`,
 * REST snapshots with `lastUpdateId`) or Bybit v5, told apart per frame and
 * converted by those importers' frame logic over one shared log. An empty
 * line is tardis's mark of a disconnect: every symbol seen so far gets a gap
 * record at the last line's time, and its book waits for a fresh snapshot (a
 * run of empty lines is one disconnect).
 */
export function createTardisImporter(options: ImporterOptions): Importer {
  const stats = emptyStats();
  const log = new IssueLog(stats, options.strict ?? false);
  const binance = createBinanceFrames(options, stats);
  const bybit = createBybitFrames(options, stats);
  const seen = new Set<string>();
  let lastT: number | null = null;
  let connected = true;

  function disconnect(): DraftEvent[] {
    if (!connected || lastT === null) return [];
    connected = false;
    const t = lastT;
    for (const s of [...binance.disconnect(), ...bybit.disconnect()]) seen.add(s);
    const symbols = [...seen].sort();
    stats.gaps += symbols.length;
    return symbols.map((s): DraftEvent => ({ t, ch: 'gap', msg: { s, reason: 'recorder disconnected (empty line)' } }));
  }

  function convert(line: string, lineNo: number): DraftEvent[] {
    const parts = splitStamped(line);
    if (!parts) throw new BadLine('expected "<ISO time> <frame>"');
    const t = isoToMs(parts.stamp);
    if (t === null) throw new BadLine(`bad ISO timestamp ${parts.stamp.slice(0, 40)}`);
    const frame = parseJson(parts.json) as Record<string, unknown> | null;
    if (typeof frame !== 'object' || frame === null || Array.isArray(frame)) throw new BadLine('frame is not an object');
    if (!log.inOrder(t, lineNo)) return [];
    lastT = t;
    const venue = isBinance(frame) ? binance : typeof frame.topic === 'string' || isControl(frame) ? bybit : null;
    if (!venue) throw new BadLine('neither a Binance nor a Bybit frame');
    const events = venue.convert(t, frame, lineNo);
    for (const e of events) seen.add(e.msg.s);
    return events;
  }

  return lineImporter(stats, log, (line, lineNo) => {
    connected = true;
    return convert(line, lineNo);
  }, disconnect);
}

function isBinance(frame: Record<string, unknown>): boolean {
  return typeof frame.stream === 'string' || 'lastUpdateId' in frame || typeof frame.e === 'string';
}
