import type { Level } from '../types';
import type { DraftEvent } from '../session/writer';
import {
  BadLine, IssueLog, UnitConverter, emptyStats, lineImporter, parseJson, splitStamped,
  type FrameConverter, type ImportStats, type Importer, type ImporterOptions,
} from './common';

interface DepthDiff {
  t: number;
  line: number;
  U: number;
  u: number;
  b: Level[];
  a: Level[];
}

/** Diffs kept per symbol while waiting for a snapshot: 100 s of the 100 ms stream. */
const MAX_PENDING = 1000;

interface SymbolState {
  /** null until a REST snapshot arrives */
  lastUpdateId: number | null;
  /** diffs received before the snapshot, applied once it arrives */
  pending: DepthDiff[];
  synced: boolean;
  /** the snapshot folded no buffered diff, so the first live one must straddle lastUpdateId + 1 */
  straddle: boolean;
}

/**
 * Binance spot raw recordings (`<ns> <frame>`): `depth@100ms` diffs with U/u
 * ids, `trade`, `bookTicker` (ignored) and REST snapshot lines
 * (`lastUpdateId`). Applies Binance's sync rules: diffs with u ≤ lastUpdateId
 * are dropped, the first applied one must straddle lastUpdateId + 1, then each
 * U must be the previous u + 1 — otherwise a gap record is written and book
 * updates wait for the next snapshot. Binance's trade `m` (buyer is maker) is
 * flipped to the page's "buyer is taker".
 */
export function createBinanceImporter(options: ImporterOptions): Importer {
  const stats = emptyStats();
  const log = new IssueLog(stats, options.strict ?? false);
  const frames = createBinanceFrames(options, stats);

  function convert(line: string, lineNo: number): DraftEvent[] {
    const parts = splitStamped(line);
    if (!parts) throw new BadLine('expected "<ns timestamp> <frame>"');
    if (!/^\d{10,19}$/.test(parts.stamp)) throw new BadLine(`bad timestamp ${parts.stamp.slice(0, 24)}`);
    // Cut the ns digits as text: Number() of a 19-digit stamp is not exact and can floor 1 ms low.
    const t = Number(parts.stamp.slice(0, -6));
    const frame = parseJson(parts.json) as Record<string, unknown> | null;
    if (typeof frame !== 'object' || frame === null) throw new BadLine('frame is not an object');
    if (!log.inOrder(t, lineNo)) return [];
    return frames.convert(t, frame, lineNo);
  }

  return lineImporter(stats, log, convert);
}

/**
 * Binance frames to events, without line framing (shared with the tardis
 * importer). Besides the combined-stream frames of our recordings it takes
 * what other recorders write: tardis's generated `<symbol>@depthSnapshot`
 * frame and bare `depthUpdate` / `trade` events.
 */
export function createBinanceFrames(options: ImporterOptions, stats: ImportStats): FrameConverter {
  const units = new UnitConverter(options.instruments);
  const states = new Map<string, SymbolState>();

  const state = (symbol: string): SymbolState => {
    let s = states.get(symbol);
    if (!s) states.set(symbol, (s = { lastUpdateId: null, pending: [], synced: false, straddle: false }));
    return s;
  };

  const gap = (t: number, symbol: string, st: SymbolState, reason: string): DraftEvent => {
    st.synced = false;
    st.lastUpdateId = null;
    stats.gaps += 1;
    return { t, ch: 'gap', msg: { s: symbol, reason } };
  };

  function onSnapshot(t: number, symbol: string, frame: Record<string, unknown>): DraftEvent[] {
    const id = frame.lastUpdateId;
    if (typeof id !== 'number') throw new BadLine('snapshot without lastUpdateId');
    const st = state(symbol);
    const book = new Map<string, Map<number, number>>([['b', new Map()], ['a', new Map()]]);
    for (const [p, q] of units.levels(symbol, frame.bids)) book.get('b')!.set(p, q);
    for (const [p, q] of units.levels(symbol, frame.asks)) book.get('a')!.set(p, q);
    let last = id;
    let first = true;
    for (const diff of st.pending) {
      if (diff.u <= id) {
        stats.stale += 1;
        continue;
      }
      if (first ? !(diff.U <= id + 1 && id + 1 <= diff.u) : diff.U !== last + 1) {
        st.pending = [];
        return [gap(t, symbol, st, `buffered diff ${diff.U}-${diff.u} does not follow ${last}`)];
      }
      first = false;
      for (const [p, q] of diff.b) apply(book.get('b')!, p, q);
      for (const [p, q] of diff.a) apply(book.get('a')!, p, q);
      last = diff.u;
    }
    st.pending = [];
    st.lastUpdateId = last;
    // Once a buffered diff is folded in, the first live diff must follow `last`; otherwise it must straddle it.
    st.straddle = first;
    st.synced = true;
    stats.snapshots += 1;
    const sorted = (m: Map<number, number>, desc: boolean): Level[] =>
      [...m.entries()].sort((x, y) => (desc ? y[0] - x[0] : x[0] - y[0]));
    return [{ t, ch: 'snapshot', msg: { s: symbol, b: sorted(book.get('b')!, true), a: sorted(book.get('a')!, false) } }];
  }

  function onDepth(t: number, line: number, data: Record<string, unknown>): DraftEvent[] {
    const symbol = String(data.s ?? '').toUpperCase();
    const { U, u } = data;
    if (typeof U !== 'number' || typeof u !== 'number' || !units.has(symbol)) throw new BadLine('depth update without s, U or u');
    const diff: DepthDiff = { t, line, U, u, b: units.levels(symbol, data.b), a: units.levels(symbol, data.a) };
    const st = state(symbol);
    if (st.lastUpdateId === null) {
      // Bounded, so a recording without a snapshot is not held whole; the oldest diffs are the ones a
      // later snapshot makes stale, and if one was still needed the snapshot check reports the gap.
      if (st.pending.length >= MAX_PENDING) {
        st.pending.shift();
        stats.stale += 1;
      }
      st.pending.push(diff);
      return [];
    }
    if (u <= st.lastUpdateId) {
      stats.stale += 1;
      return [];
    }
    if (st.straddle ? U > st.lastUpdateId + 1 : U !== st.lastUpdateId + 1) {
      return [gap(t, symbol, st, `depth ids jump from ${st.lastUpdateId} to ${U}`)];
    }
    st.straddle = false;
    st.lastUpdateId = u;
    stats.bookUpdates += 1;
    return [{ t, ch: 'book', msg: { s: symbol, b: diff.b, a: diff.a } }];
  }

  function onTrade(t: number, data: Record<string, unknown>): DraftEvent[] {
    const symbol = String(data.s ?? '').toUpperCase();
    if (typeof data.t !== 'number' || typeof data.m !== 'boolean') throw new BadLine('trade without id or m');
    const q = units.qty(symbol, data.q);
    if (q <= 0) throw new BadLine('trade with zero quantity');
    stats.trades += 1;
    return [{ t, ch: 'trade', msg: { s: symbol, id: data.t, p: units.price(symbol, data.p), q, m: !data.m } }];
  }

  /** A REST snapshot names no symbol; some recorders add one, else the caller's default applies. */
  function snapshotSymbol(frame: Record<string, unknown>): string {
    const named = typeof frame.symbol === 'string' ? frame.symbol : undefined;
    const symbol = named ?? options.defaultSymbol ?? options.instruments[0]?.symbol;
    if (!symbol) throw new BadLine('snapshot line names no symbol and no default symbol was given');
    return symbol.toUpperCase();
  }

  return {
    convert(t, frame, lineNo) {
      if ('lastUpdateId' in frame) return onSnapshot(t, snapshotSymbol(frame), frame);
      const stream = typeof frame.stream === 'string' ? frame.stream : '';
      const data = frame.data as Record<string, unknown> | undefined;
      if (!data || typeof data !== 'object') {
        if (frame.e === 'depthUpdate') return onDepth(t, lineNo, frame);
        if (frame.e === 'trade') return onTrade(t, frame);
        throw new BadLine('unknown frame shape');
      }
      if (stream.endsWith('@depthSnapshot')) return onSnapshot(t, stream.slice(0, stream.indexOf('@')).toUpperCase(), data);
      if (stream.includes('@depth')) return onDepth(t, lineNo, data);
      if (stream.endsWith('@trade')) return onTrade(t, data);
      if (stream.includes('@bookTicker') || stream.includes('@aggTrade') || stream.includes('@ticker')) {
        stats.ignored += 1;
        return [];
      }
      throw new BadLine(`unknown stream ${stream.slice(0, 40)}`);
    },
    disconnect() {
      for (const st of states.values()) {
        st.lastUpdateId = null;
        st.pending = [];
        st.synced = false;
      }
      return [...states.keys()];
    },
  };
}

function apply(side: Map<number, number>, price: number, qty: number): void {
  if (qty === 0) side.delete(price);
  else side.set(price, qty);
}
