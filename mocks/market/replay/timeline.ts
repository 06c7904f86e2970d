import { L2Book } from '../book';
import type { BookSide, SessionEvent, SessionHeader } from '../types';

/** Gap between the last event of one loop and the first of the next: one feed tick. */
export const LOOP_JOIN_MS = 100;

export interface LoadedSession {
  header: SessionHeader;
  /** in (t, seq) order, checkpoints included */
  events: SessionEvent[];
}

/**
 * One session on the virtual timeline: a cursor over its events, repeated
 * with a fixed period when looping so the second loop's times follow the
 * first's, and an index of its full books for seeking.
 */
export class Timeline {
  readonly start: number;
  readonly period: number;
  private cursor = 0;
  private loopIndex = 0;
  /** per symbol: positions of snapshot and checkpoint events, ascending */
  private readonly syncPoints = new Map<string, number[]>();

  constructor(readonly session: LoadedSession, readonly index: number, private readonly loop: boolean) {
    const { events, header } = session;
    this.start = events[0]?.t ?? header.start;
    const last = events.at(-1)?.t ?? header.end;
    this.period = Math.max(last, header.end) - this.start + LOOP_JOIN_MS;
    events.forEach((e, i) => {
      if (e.ch !== 'snapshot' && e.ch !== 'checkpoint') return;
      const list = this.syncPoints.get(e.msg.s) ?? [];
      list.push(i);
      this.syncPoints.set(e.msg.s, list);
    });
    this.skipCheckpoints();
  }

  /** Virtual time of the next event, or Infinity when the session is over. */
  nextTime(): number {
    const e = this.session.events[this.cursor];
    return e ? e.t + this.loopIndex * this.period : Infinity;
  }

  nextSeq(): number {
    return this.session.events[this.cursor]?.seq ?? Infinity;
  }

  /** Takes the next event; the caller has checked nextTime(). */
  take(): SessionEvent {
    const event = this.session.events[this.cursor]!;
    this.cursor += 1;
    this.skipCheckpoints();
    return event;
  }

  get offset(): number {
    return this.loopIndex * this.period;
  }

  get loops(): number {
    return this.loopIndex;
  }

  /** Checkpoints only matter to seeking; a straight replay passes over them. */
  private skipCheckpoints(): void {
    const events = this.session.events;
    while (this.cursor < events.length && events[this.cursor]!.ch === 'checkpoint') this.cursor += 1;
    if (this.cursor >= events.length && this.loop && events.length > 0) {
      this.cursor = 0;
      this.loopIndex += 1;
      while (this.cursor < events.length && events[this.cursor]!.ch === 'checkpoint') this.cursor += 1;
    }
  }

  /**
   * Positions the cursor just after virtual time `target` and returns each
   * symbol's book as it is then (null for a symbol not in sync, e.g. inside a
   * gap): the nearest snapshot or checkpoint before it plus the deltas since.
   */
  seek(target: number): Map<string, BookSide | null> {
    const events = this.session.events;
    const span = target - this.start;
    this.loopIndex = this.loop && span >= 0 ? Math.floor(span / this.period) : 0;
    const local = target - this.loopIndex * this.period;
    this.cursor = upperBound(events, local);
    const books = new Map<string, BookSide | null>();
    for (const [symbol, points] of this.syncPoints) {
      books.set(symbol, this.bookAt(symbol, points, this.cursor));
    }
    this.skipCheckpoints();
    return books;
  }

  private bookAt(symbol: string, points: number[], end: number): BookSide | null {
    let lo = 0;
    let hi = points.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (points[mid]! < end) lo = mid + 1;
      else hi = mid;
    }
    if (lo === 0) return null;
    const from = points[lo - 1]!;
    const events = this.session.events;
    const book = new L2Book(symbol);
    book.replace(events[from]!.msg as BookSide);
    let synced = true;
    for (let i = from + 1; i < end; i++) {
      const e = events[i]!;
      if (e.msg.s !== symbol) continue;
      if (e.ch === 'book' && synced) book.apply(e.msg);
      else if (e.ch === 'gap') synced = false;
    }
    return synced ? book.snapshot() : null;
  }
}

/** First index whose event time is after t. */
function upperBound(events: SessionEvent[], t: number): number {
  let lo = 0;
  let hi = events.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (events[mid]!.t <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
