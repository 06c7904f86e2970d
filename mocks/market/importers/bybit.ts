import type { Level } from '../types';
import type { DraftEvent } from '../session/writer';
import {
  BadLine, IssueLog, UnitConverter, emptyStats, lineImporter, parseJson, splitStamped,
  type FrameConverter, type ImportStats, type Importer, type ImporterOptions,
} from './common';

interface BookState {
  /** last applied update id; null until a snapshot (again after a gap) */
  u: number | null;
}

/** How far a bare frame's ts may lag the previous frame's and still count as in order. */
const BARE_SKEW_MS = 1000;

/** Topics that carry nothing a session keeps. */
const IGNORED_TOPICS = ['tickers.', 'kline.', 'liquidation.', 'allLiquidation.', 'kline_lt.', 'tickers_lt.', 'lt.'];

/**
 * Bybit v5 public-stream recordings: lines `<ms|µs|ns timestamp> <frame>` or
 * bare frames (then the frame's `ts` is the time). `orderbook.<depth>.<S>`
 * snapshots replace the book; deltas apply (size "0" deletes) while each `u`
 * is the previous `u + 1`. `u = 1` means Bybit restarted the book service, so
 * that message overwrites the book whatever its type. Any other jump writes a
 * gap record, and deltas are dropped (counted as stale) until a snapshot.
 * `publicTrade` side `S` is the taker's, so `m` (buyer is taker) is S = Buy.
 */
export function createBybitImporter(options: ImporterOptions): Importer {
  const stats = emptyStats();
  const log = new IssueLog(stats, options.strict ?? false);
  const frames = createBybitFrames(options, stats);
  let latest = -Infinity;

  function convert(line: string, lineNo: number): DraftEvent[] {
    const bare = line.trimStart().startsWith('{');
    const parts = bare ? null : splitStamped(line);
    if (!bare && !parts) throw new BadLine('expected "<timestamp> <frame>" or a bare frame');
    if (parts && !/^\d{10,19}$/.test(parts.stamp)) throw new BadLine(`bad timestamp ${parts.stamp.slice(0, 24)}`);
    const frame = parseJson(parts ? parts.json : line) as Record<string, unknown> | null;
    if (typeof frame !== 'object' || frame === null || Array.isArray(frame)) throw new BadLine('frame is not an object');
    if (isControl(frame)) {
      stats.ignored += 1;
      return [];
    }
    const stamped = parts ? stampToMs(parts.stamp) : frame.ts;
    if (typeof stamped !== 'number' || !Number.isSafeInteger(stamped)) throw new BadLine('bare frame without a ms ts');
    let t = stamped;
    // A bare frame's ts comes from its topic's own service, so across topics it can step back a few ms
    // while the receive order is right: keep that order and hold the time. A larger step back is disorder.
    if (!parts && t < latest && latest - t <= BARE_SKEW_MS) t = latest;
    if (!log.inOrder(t, lineNo)) return [];
    latest = t;
    return frames.convert(t, frame, lineNo);
  }

  return lineImporter(stats, log, convert);
}

/** Subscribe/ping acks and pongs: `{"success":true,"op":"subscribe"}`, `{"op":"pong"}`; they have no topic. */
export function isControl(frame: Record<string, unknown>): boolean {
  return typeof frame.op === 'string' && frame.topic === undefined;
}

/**
 * A local receive time in s, ms, µs or ns (told apart by digit count) to ms.
 * Finer digits are cut as text: Number() of a 19-digit stamp is not exact.
 */
export function stampToMs(stamp: string): number {
  const digits = stamp.length;
  if (digits <= 10) return Number(stamp) * 1000;
  if (digits <= 13) return Number(stamp);
  return Number(stamp.slice(0, 13 - digits));
}

/** Bybit frames to events, without line framing (shared with the tardis importer). */
export function createBybitFrames(options: ImporterOptions, stats: ImportStats): FrameConverter {
  const units = new UnitConverter(options.instruments);
  const books = new Map<string, BookState>();
  const trades = new Map<string, TradeIds>();

  const book = (symbol: string): BookState => {
    let b = books.get(symbol);
    if (!b) books.set(symbol, (b = { u: null }));
    return b;
  };

  function onBook(t: number, topic: string, frame: Record<string, unknown>): DraftEvent[] {
    const data = frame.data as Record<string, unknown> | undefined;
    if (!data || typeof data !== 'object') throw new BadLine('orderbook frame without data');
    const symbol = (typeof data.s === 'string' ? data.s : topic.slice(topic.lastIndexOf('.') + 1)).toUpperCase();
    if (!units.has(symbol)) throw new BadLine(`unknown symbol ${symbol}`);
    const { u } = data;
    if (typeof u !== 'number' || !Number.isSafeInteger(u)) throw new BadLine('orderbook frame without update id u');
    if (frame.type !== 'snapshot' && frame.type !== 'delta') throw new BadLine(`orderbook type ${String(frame.type)}`);
    const b = units.levels(symbol, data.b);
    const a = units.levels(symbol, data.a);
    const st = book(symbol);
    if (frame.type === 'snapshot' || u === 1) {
      st.u = u;
      stats.snapshots += 1;
      return [{ t, ch: 'snapshot', msg: { s: symbol, b: bookSide(b, true), a: bookSide(a, false) } }];
    }
    if (st.u === null) {
      stats.stale += 1;
      return [];
    }
    if (u !== st.u + 1) {
      const reason = `orderbook u jumps from ${st.u} to ${u}`;
      st.u = null;
      stats.gaps += 1;
      return [{ t, ch: 'gap', msg: { s: symbol, reason } }];
    }
    st.u = u;
    stats.bookUpdates += 1;
    return [{ t, ch: 'book', msg: { s: symbol, b, a } }];
  }

  const idsOf = (symbol: string): TradeIds => {
    let ids = trades.get(symbol);
    if (!ids) trades.set(symbol, (ids = new TradeIds()));
    return ids;
  };

  function onTrades(t: number, frame: Record<string, unknown>): DraftEvent[] {
    if (!Array.isArray(frame.data)) throw new BadLine('publicTrade frame without a data list');
    // Check every entry before numbering any: a bad entry rejects the whole line, not half of it.
    const parsed = (frame.data as unknown[]).map((raw) => {
      const d = raw as Record<string, unknown> | null;
      if (typeof d !== 'object' || d === null) throw new BadLine('trade is not an object');
      const symbol = String(d.s ?? '').toUpperCase();
      if (d.S !== 'Buy' && d.S !== 'Sell') throw new BadLine(`trade side ${String(d.S)}`);
      if (typeof d.i !== 'string' && typeof d.i !== 'number') throw new BadLine('trade without id i');
      const q = units.qty(symbol, d.v);
      if (q <= 0) throw new BadLine('trade with zero quantity');
      return { symbol, id: String(d.i), p: units.price(symbol, d.p), q, m: d.S === 'Buy' };
    });
    stats.trades += parsed.length;
    return parsed.map(({ symbol, id, p, q, m }): DraftEvent => ({ t, ch: 'trade', msg: { s: symbol, id: idsOf(symbol).map(id), p, q, m } }));
  }

  return {
    convert(t, frame) {
      const topic = typeof frame.topic === 'string' ? frame.topic : '';
      if (topic.startsWith('orderbook.')) return onBook(t, topic, frame);
      if (topic.startsWith('publicTrade.')) return onTrades(t, frame);
      if (isControl(frame) || IGNORED_TOPICS.some((p) => topic.startsWith(p))) {
        stats.ignored += 1;
        return [];
      }
      throw new BadLine(topic ? `unknown topic ${topic.slice(0, 40)}` : 'unknown frame shape');
    },
    disconnect() {
      for (const st of books.values()) st.u = null;
      return [...books.keys()];
    },
  };
}

/** Snapshot levels best-first, without the zero sizes a restart delta may carry. */
function bookSide(levels: Level[], desc: boolean): Level[] {
  return levels.filter(([, q]) => q > 0).sort((x, y) => (desc ? y[0] - x[0] : x[0] - y[0]));
}

/**
 * Bybit trade ids are strings: spot ids are 19-digit numbers (beyond 2^53),
 * derivatives ids are UUIDs. The session needs safe integers, so all-digit
 * ids that fit and keep increasing are kept as they are (they still match
 * the exchange's ids); once a symbol meets any other id it switches for good
 * to a counter that starts above the largest id handed out, so ids stay
 * unique and increasing and the same input always maps to the same numbers.
 */
class TradeIds {
  private last = 0;
  private counting = false;

  map(raw: string): number {
    if (!this.counting && /^\d{1,16}$/.test(raw)) {
      const n = Number(raw);
      if (Number.isSafeInteger(n) && n > this.last) {
        this.last = n;
        return n;
      }
    }
    this.counting = true;
    this.last += 1;
    return this.last;
  }
}
