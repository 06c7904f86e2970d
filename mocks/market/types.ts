/**
 * Canonical recorded-session events (fixtures/README.md). Prices are integer
 * ticks and quantities integer lots of the symbol's header entry; the
 * exchange engine works in these units, the gateway renders strings.
 */
export interface InstrumentSpec {
  symbol: string;
  /** price step, e.g. "0.01" */
  tick: string;
  /** quantity step, e.g. "0.00001" */
  lot: string;
}

export interface SessionHeader {
  format: 'spot-session';
  version: 1;
  venue: string;
  /** where the data comes from: a recording, a converter, or `simulator@<version> seed=<n>` */
  source: string;
  licence: string;
  symbols: InstrumentSpec[];
  /** first and last event time, ms */
  start: number;
  end: number;
  /** a checkpoint (full book) is written at least this often, for seeking */
  checkpointIntervalMs: number;
  /** true when the session's end joins its start (price continuity), so replay may loop it */
  loopable?: boolean;
}

/** [price in ticks, quantity in lots]; quantity 0 removes the level in a delta. */
export type Level = [number, number];

export interface BookSide {
  s: string;
  b: Level[];
  a: Level[];
}

interface Base {
  /** local time, ms */
  t: number;
  /** tie-breaker within the file, strictly increasing */
  seq: number;
}

/** A full book the consumer must replace its own with (start, resync after a gap). */
export interface SnapshotEvent extends Base { ch: 'snapshot'; msg: BookSide }
/** Book changes; quantity 0 removes a level. */
export interface BookEvent extends Base { ch: 'book'; msg: BookSide }
/** A trade; m = true when the buyer is the taker. */
export interface TradeEvent extends Base { ch: 'trade'; msg: { s: string; id: number; p: number; q: number; m: boolean } }
/** The book as it is at t, written periodically so replay can seek; redundant in a straight replay. */
export interface CheckpointEvent extends Base { ch: 'checkpoint'; msg: BookSide }
/** The recording lost data here: consumers drop their book and wait for the next snapshot. */
export interface GapEvent extends Base { ch: 'gap'; msg: { s: string; reason: string } }

export type SessionEvent = SnapshotEvent | BookEvent | TradeEvent | CheckpointEvent | GapEvent;
export type MarketEvent = Exclude<SessionEvent, CheckpointEvent>;
