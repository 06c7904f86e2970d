import { L2Book } from './book';
import type { DraftEvent } from './session/writer';
import type { SessionEvent } from './types';

/**
 * Statistics over canonical session events, the same code for a recording and
 * for a simulated session, so two streams can be compared like for like.
 * Sizes are lots and prices ticks, as in the events.
 */
export type StatsEvent = DraftEvent | SessionEvent;

export interface SampleOptions {
  /** only this symbol's events (default: all; a single-symbol stream needs none) */
  symbol?: string;
  /** book sampling grid, ms (default 100, the cadence of a depth@100ms feed) */
  gridMs?: number;
  /** levels per side summed into the depth figure (default 10) */
  depthLevels?: number;
}

export interface SessionStats {
  trades: number;
  /** first to last event, ms */
  durationMs: number;
  tradesPerMinute: number;
  /** lots per trade, in event order */
  tradeSizes: number[];
  /** ms between consecutive trades (0 for fills sharing a timestamp) */
  interArrivals: number[];
  /** best ask − best bid in ticks, one per grid point */
  spreads: number[];
  /** lots in the `depthLevels` best levels of both sides, one per grid point */
  depths: number[];
  meanSpread: number;
  meanDepth: number;
  meanTradeSize: number;
}

function forSymbol(events: Iterable<StatsEvent>, symbol: string | undefined): StatsEvent[] {
  const out: StatsEvent[] = [];
  for (const e of events) if (symbol === undefined || e.msg.s === symbol) out.push(e);
  return out;
}

export function tradeSizes(events: Iterable<StatsEvent>, symbol?: string): number[] {
  const out: number[] = [];
  for (const e of forSymbol(events, symbol)) if (e.ch === 'trade') out.push(e.msg.q);
  return out;
}

export function interArrivals(events: Iterable<StatsEvent>, symbol?: string): number[] {
  const out: number[] = [];
  let last: number | null = null;
  for (const e of forSymbol(events, symbol)) {
    if (e.ch !== 'trade') continue;
    if (last !== null) out.push(e.t - last);
    last = e.t;
  }
  return out;
}

/** Trades per minute over the stream's span (first to last event of any kind). */
export function tradesPerMinute(events: Iterable<StatsEvent>, symbol?: string): number {
  const list = forSymbol(events, symbol);
  if (list.length < 2) return 0;
  const span = list[list.length - 1]!.t - list[0]!.t;
  const trades = list.reduce((n, e) => n + (e.ch === 'trade' ? 1 : 0), 0);
  return span > 0 ? (trades * 60000) / span : 0;
}

/**
 * Spread and top-of-book depth sampled on a fixed time grid starting at the
 * first snapshot: the point g sees the book after every event stamped ≤ g.
 * A time grid weighs each state by how long it lasted, so a feed that sends
 * more or fewer book messages is sampled the same way. Grid points while the
 * book is out of sync (after a gap, before a snapshot) or one-sided are skipped.
 */
export function sampleBook(events: Iterable<StatsEvent>, options: SampleOptions = {}): { spreads: number[]; depths: number[] } {
  const grid = options.gridMs ?? 100;
  const depthLevels = options.depthLevels ?? 10;
  const spreads: number[] = [];
  const depths: number[] = [];
  const book = new L2Book(options.symbol ?? '');
  let synced = false;
  let next: number | null = null;

  const sample = () => {
    const bid = book.bestBid();
    const ask = book.bestAsk();
    if (!synced || bid === undefined || ask === undefined) return;
    spreads.push(ask - bid);
    const top = book.snapshot(depthLevels);
    let depth = 0;
    for (const [, q] of top.b) depth += q;
    for (const [, q] of top.a) depth += q;
    depths.push(depth);
  };

  let lastT = -Infinity;
  for (const e of forSymbol(events, options.symbol)) {
    lastT = e.t;
    if (next !== null) {
      // Sample every grid point strictly before this event: those see the book as it was.
      while (next < e.t) {
        sample();
        next += grid;
      }
    }
    if (e.ch === 'snapshot') {
      book.replace(e.msg);
      synced = true;
      if (next === null) next = e.t;
    } else if (e.ch === 'book') {
      book.apply(e.msg);
    } else if (e.ch === 'gap') {
      synced = false;
    }
  }
  // Points up to the last event's own time see it too; later ones are past the stream.
  while (next !== null && next <= lastT) {
    sample();
    next += grid;
  }
  return { spreads, depths };
}

export function mean(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

/** The q-quantile (0..1) by the nearest-rank rule on a copy. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((x, y) => x - y);
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i]!;
}

/**
 * Two-sample Kolmogorov–Smirnov statistic: sup |F_a(x) − F_b(x)| over x,
 * exact for the empirical distributions. Both cursors step over a whole run
 * of equal values before the gap is measured, so ties (trade sizes on a lot
 * grid, spreads of 1 tick) are compared at the value, not inside a run.
 */
export function ksStatistic(a: readonly number[], b: readonly number[]): number {
  if (a.length === 0 || b.length === 0) throw new Error('ksStatistic needs two non-empty samples');
  const x = Float64Array.from(a).sort();
  const y = Float64Array.from(b).sort();
  let i = 0;
  let j = 0;
  let d = 0;
  while (i < x.length && j < y.length) {
    const v = Math.min(x[i]!, y[j]!);
    while (i < x.length && x[i] === v) i++;
    while (j < y.length && y[j] === v) j++;
    const gap = Math.abs(i / x.length - j / y.length);
    if (gap > d) d = gap;
  }
  return d;
}

export function sessionStats(events: Iterable<StatsEvent>, options: SampleOptions = {}): SessionStats {
  const list = forSymbol(events, options.symbol);
  const sizes = tradeSizes(list);
  const { spreads, depths } = sampleBook(list, options);
  return {
    trades: sizes.length,
    durationMs: list.length > 1 ? list[list.length - 1]!.t - list[0]!.t : 0,
    tradesPerMinute: tradesPerMinute(list),
    tradeSizes: sizes,
    interArrivals: interArrivals(list),
    spreads,
    depths,
    meanSpread: mean(spreads),
    meanDepth: mean(depths),
    meanTradeSize: mean(sizes),
  };
}

export interface StatsComparison {
  ks: { tradeSize: number; interArrival: number; spread: number };
  /** candidate ÷ reference */
  ratio: { tradesPerMinute: number; depth: number; tradeSize: number };
}

/** How far `candidate` is from `reference`: KS distances of the distributions, ratios of the means. */
export function compareStats(reference: SessionStats, candidate: SessionStats): StatsComparison {
  return {
    ks: {
      tradeSize: ksStatistic(reference.tradeSizes, candidate.tradeSizes),
      interArrival: ksStatistic(reference.interArrivals, candidate.interArrivals),
      spread: ksStatistic(reference.spreads, candidate.spreads),
    },
    ratio: {
      tradesPerMinute: candidate.tradesPerMinute / reference.tradesPerMinute,
      depth: candidate.meanDepth / reference.meanDepth,
      tradeSize: candidate.meanTradeSize / reference.meanTradeSize,
    },
  };
}

/** Compare two event streams with the same sampling applied to both. */
export function compareStreams(
  reference: Iterable<StatsEvent>,
  candidate: Iterable<StatsEvent>,
  options: SampleOptions = {},
): StatsComparison {
  return compareStats(sessionStats(reference, options), sessionStats(candidate, options));
}
