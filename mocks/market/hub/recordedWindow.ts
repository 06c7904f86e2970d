import { Timeline, type LoadedSession } from '../replay/timeline';
import type { InstrumentSpec, MarketEvent } from '../types';
import { sessionSpan } from './sourceMarkets';

/** How far back a look at the replayed past may reach: a span of exchange time and a number of events, whichever is shorter. */
export interface WindowRule {
  ms: number;
  maxEvents: number;
}

/** One symbol's replayed events in exchange time, oldest first, in the session's units (`spec`). */
export interface RecordedEvents {
  spec: InstrumentSpec;
  events: MarketEvent[];
}

/**
 * The events of `symbol` a looping replay of `session` emits after exchange
 * time `after` up to `to` (inclusive), at most `maxEvents` of them: when
 * more, the latest are kept. The first is the symbol's book as it stood at
 * the window's start (a snapshot, as a seek gives it), so a consumer that
 * starts there has a book without replaying what came before; none when the
 * recording had no book then (before its first snapshot, inside a gap).
 * Exchange time = session time + whole loop periods + `shift`.
 *
 * Work is what the window keeps: the symbol's events are indexed once per
 * session, so a day of a looping half-hour session is a few binary searches
 * per loop, not a walk over every event of every loop.
 */
export function recordedWindow(session: LoadedSession, symbol: string, range: { shift: number; after: number; to: number; maxEvents: number }): RecordedEvents | null {
  const spec = session.header.symbols.find((s) => s.symbol === symbol);
  if (!spec) return null;
  const { shift } = range;
  const end = range.to - shift;
  let after = range.after - shift;
  // One place goes to the opening snapshot.
  const keep = range.maxEvents - 1;
  if (end <= after || keep < 1) return { spec, events: [] };
  const { start, period } = sessionSpan(session);
  const { at, t } = indexOf(session, symbol);
  const loopOf = (time: number) => Math.max(0, Math.floor((time - start) / period));

  // Newest loop first: the index positions [lo, hi) each loop contributes, until `keep` are taken.
  const taken: Array<{ loop: number; lo: number; hi: number }> = [];
  let count = 0;
  for (let loop = loopOf(end); loop >= loopOf(after); loop--) {
    const offset = loop * period;
    const hi = above(t, end - offset);
    const lo = above(t, after - offset);
    const room = keep - count;
    if (hi - lo > room) {
      // The window now starts at the newest event left out; any sharing its ms go with it.
      after = t[hi - room - 1]! + offset;
      taken.push({ loop, lo: above(t, after - offset), hi });
      break;
    }
    taken.push({ loop, lo, hi });
    count += hi - lo;
  }

  const book = new Timeline(session, 0, true).seek(after).get(symbol) ?? null;
  const events: MarketEvent[] = book ? [{ t: after + shift, seq: 0, ch: 'snapshot', msg: book }] : [];
  for (const { loop, lo, hi } of taken.reverse()) {
    const offset = loop * period + shift;
    for (let i = lo; i < hi; i++) {
      const event = session.events[at[i]!]!;
      events.push({ ...event, t: event.t + offset } as MarketEvent);
    }
  }
  return { spec, events };
}

/** Per session, per symbol: where its replayed events (all but checkpoints) sit in the session and their times, ascending. */
const indexes = new WeakMap<LoadedSession, Map<string, { at: Int32Array; t: Float64Array }>>();

function indexOf(session: LoadedSession, symbol: string): { at: Int32Array; t: Float64Array } {
  let bySymbol = indexes.get(session);
  if (!bySymbol) indexes.set(session, (bySymbol = new Map()));
  let index = bySymbol.get(symbol);
  if (!index) {
    const at: number[] = [];
    session.events.forEach((e, i) => {
      if (e.msg.s === symbol && e.ch !== 'checkpoint') at.push(i);
    });
    index = { at: Int32Array.from(at), t: Float64Array.from(at, (i) => session.events[i]!.t) };
    bySymbol.set(symbol, index);
  }
  return index;
}

/** The first position whose time is above `time` (the length when none is). */
function above(times: Float64Array, time: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (times[mid]! <= time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
