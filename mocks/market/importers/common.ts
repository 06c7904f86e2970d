import { toUnits } from '../../../src/domain/units';
import type { InstrumentSpec, Level } from '../types';
import type { DraftEvent } from '../session/writer';

/** A problem with one input line; `fatal` ones stop a strict import. */
export interface ImportIssue {
  line: number;
  message: string;
}

export class ImportError extends Error {
  override name = 'ImportError';
  constructor(readonly file: string, readonly line: number, reason: string) {
    super(`${file}:${line}: ${reason}`);
  }
}

export interface ImportStats {
  lines: number;
  trades: number;
  bookUpdates: number;
  snapshots: number;
  gaps: number;
  /** diffs older than the snapshot, dropped as the protocol says */
  stale: number;
  /** frames that carry nothing the session keeps (tickers, acks, pongs) */
  ignored: number;
  /** lines that could not be used: corrupt, unknown shape, out of order */
  skipped: number;
}

export interface ImporterOptions {
  /** tick and lot per symbol (upper case, e.g. BTCUSDT) */
  instruments: InstrumentSpec[];
  /** stop at the first bad line instead of skipping it */
  strict?: boolean;
  /** the symbol of frames that do not name one (a REST snapshot line) */
  defaultSymbol?: string;
}

/** A converter from one venue's raw lines to canonical draft events. */
export interface Importer {
  push(line: string, lineNo: number): DraftEvent[];
  finish(): DraftEvent[];
  readonly stats: ImportStats;
  readonly issues: ImportIssue[];
}

export function emptyStats(): ImportStats {
  return { lines: 0, trades: 0, bookUpdates: 0, snapshots: 0, gaps: 0, stale: 0, ignored: 0, skipped: 0 };
}

/** Raised inside an importer for a line it cannot use; the base decides skip or stop. */
export class BadLine extends Error {}

/** A bad line in a strict import: carries the line and reason apart so the caller can name the file. */
export class StrictStop extends BadLine {
  constructor(readonly line: number, readonly reason: string) {
    super(`line ${line}: ${reason}`);
  }
}

/**
 * The venue part of an importer: one parsed frame, received at local time t
 * (ms), to events. Line framing, timestamps and skip-or-stop stay with the
 * caller, so a tardis recording can mix venues over one shared log.
 */
export interface FrameConverter {
  /** Throws BadLine for a frame it cannot use. */
  convert(t: number, frame: Record<string, unknown>, lineNo: number): DraftEvent[];
  /** The connection dropped: forget every book (updates wait for a snapshot); returns the symbols it had state for. */
  disconnect(): string[];
}

/**
 * Shared skip-or-stop policy and time ordering for importers: a bad line is
 * recorded and skipped, or stops the import when strict; a line whose time
 * goes backwards is treated the same way, so the session stays ordered.
 */
export class IssueLog {
  readonly issues: ImportIssue[] = [];
  private lastT = -Infinity;

  constructor(readonly stats: ImportStats, private readonly strict: boolean) {}

  bad(line: number, message: string): void {
    if (this.strict) throw new StrictStop(line, message);
    this.stats.skipped += 1;
    if (this.issues.length < 1000) this.issues.push({ line, message });
  }

  /** False (after recording) when t is earlier than the previous accepted line. */
  inOrder(t: number, line: number): boolean {
    if (t < this.lastT) {
      this.bad(line, `timestamp ${t} is before the previous line's ${this.lastT}`);
      return false;
    }
    this.lastT = t;
    return true;
  }
}

export class UnitConverter {
  private readonly specs = new Map<string, InstrumentSpec>();

  constructor(instruments: InstrumentSpec[]) {
    for (const i of instruments) this.specs.set(i.symbol.toUpperCase(), i);
  }

  has(symbol: string): boolean {
    return this.specs.has(symbol.toUpperCase());
  }

  price(symbol: string, value: unknown): number {
    return this.convert(symbol, value, 'tick');
  }

  qty(symbol: string, value: unknown): number {
    return this.convert(symbol, value, 'lot');
  }

  levels(symbol: string, raw: unknown): Level[] {
    if (!Array.isArray(raw)) throw new BadLine('levels are not a list');
    return raw.map((l) => {
      if (!Array.isArray(l) || l.length < 2) throw new BadLine('a level is not [price, qty]');
      return [this.price(symbol, l[0]), this.qty(symbol, l[1])] as Level;
    });
  }

  private convert(symbol: string, value: unknown, field: 'tick' | 'lot'): number {
    const spec = this.specs.get(symbol.toUpperCase());
    if (!spec) throw new BadLine(`unknown symbol ${symbol}`);
    const text = typeof value === 'number' ? String(value) : value;
    if (typeof text !== 'string') throw new BadLine(`${field === 'tick' ? 'price' : 'quantity'} is not a number`);
    const units = toUnits(text, spec[field]);
    if (units === null) throw new BadLine(`${text} is not a multiple of the ${field} ${spec[field]}`);
    return units;
  }
}

/** Splits "<timestamp> <json>" lines; returns null when the line has no such shape. */
export function splitStamped(line: string): { stamp: string; json: string } | null {
  const space = line.indexOf(' ');
  if (space <= 0) return null;
  return { stamp: line.slice(0, space), json: line.slice(space + 1) };
}

/**
 * Runs one line's conversion under the skip-or-stop policy: a BadLine is
 * logged and the line yields nothing; a strict stop passes through untouched
 * (logging it again would wrap its message twice).
 */
export function guardLine(log: IssueLog, lineNo: number, run: () => DraftEvent[]): DraftEvent[] {
  try {
    return run();
  } catch (error) {
    if (!(error instanceof BadLine) || error instanceof StrictStop) throw error;
    log.bad(lineNo, error.message);
    return [];
  }
}

/**
 * The Importer around a per-line converter: counts lines, applies the
 * skip-or-stop policy, and hands blank lines to `onBlank` (tardis: a disconnect).
 */
export function lineImporter(
  stats: ImportStats,
  log: IssueLog,
  convert: (line: string, lineNo: number) => DraftEvent[],
  onBlank: () => DraftEvent[] = () => [],
): Importer {
  return {
    stats,
    issues: log.issues,
    push(line, lineNo) {
      stats.lines += 1;
      if (line.trim() === '') return onBlank();
      return guardLine(log, lineNo, () => convert(line, lineNo));
    },
    finish() {
      return [];
    },
  };
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BadLine('not JSON');
  }
}
