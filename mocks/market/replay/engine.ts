import type { MarketEvent, SessionEvent } from '../types';
import { VirtualClock } from './clock';
import { Timeline, type LoadedSession } from './timeline';

/**
 * A replayed event. `at` is its virtual time: the recorded time plus whole
 * loop periods, so time only goes forward across loops. `session` is the
 * index of the session it came from.
 */
export type ReplayListener = (event: MarketEvent, at: number, session: number) => void;

export interface ReplayOptions {
  loop?: boolean;
  speed?: number;
  /** virtual start time; default the earliest session start */
  startAt?: number;
  /** real time now, ms (the engine never reads a clock itself) */
  realNow: number;
}

export interface ReplayState {
  time: number;
  speed: number;
  paused: boolean;
  ended: boolean;
  emitted: number;
}

/**
 * Replays recorded sessions on a virtual clock, merged by (time, seq, session
 * order), to every subscriber (quote gateway, exchange engine). Same sessions
 * and the same control calls at the same real times give the same events.
 */
export class ReplayEngine {
  private readonly timelines: Timeline[];
  private readonly clock: VirtualClock;
  private readonly listeners = new Set<ReplayListener>();
  private emitted = 0;
  /** virtual time up to which events have been emitted */
  private emittedUpTo: number;

  constructor(sessions: LoadedSession[], options: ReplayOptions) {
    if (sessions.length === 0) throw new Error('nothing to replay: no sessions');
    this.timelines = sessions.map((s, i) => new Timeline(s, i, options.loop ?? false));
    const start = options.startAt ?? Math.min(...this.timelines.map((t) => t.start));
    this.clock = new VirtualClock(start, options.realNow);
    if (options.speed !== undefined) this.clock.setSpeed(options.speed, options.realNow);
    this.emittedUpTo = start - 1;
    if (options.startAt !== undefined) this.seek(options.startAt, options.realNow);
  }

  subscribe(listener: ReplayListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Emits every event due by the virtual time at `realNow`; returns how many. */
  pump(realNow: number): number {
    return this.emitUntil(this.clock.now(realNow));
  }

  /** Emits the next `count` events at once (works while paused) and moves the clock to the last one. */
  step(count: number, realNow: number): number {
    let n = 0;
    while (n < count) {
      const next = this.nextTimeline();
      if (!next) break;
      this.emitFrom(next);
      n += 1;
    }
    this.clock.set(Math.max(this.emittedUpTo, this.clock.now(realNow)), realNow);
    return n;
  }

  /**
   * Jumps to a virtual time. Every symbol in sync gets a snapshot of its book
   * as it is then (consumers replace theirs); events before it are not replayed.
   */
  seek(virtualTime: number, realNow: number): void {
    this.clock.set(virtualTime, realNow);
    this.emittedUpTo = virtualTime;
    for (const timeline of this.timelines) {
      for (const [symbol, book] of timeline.seek(virtualTime)) {
        const event: SessionEvent = book
          ? { t: virtualTime - timeline.offset, seq: 0, ch: 'snapshot', msg: book }
          : { t: virtualTime - timeline.offset, seq: 0, ch: 'gap', msg: { s: symbol, reason: 'seek into a gap' } };
        this.dispatch(event, virtualTime, timeline.index);
      }
    }
  }

  setSpeed(speed: number, realNow: number): number {
    return this.clock.setSpeed(speed, realNow);
  }

  pause(realNow: number): void {
    this.clock.pause(realNow);
  }

  resume(realNow: number): void {
    this.clock.resume(realNow);
  }

  state(realNow: number): ReplayState {
    return {
      time: this.clock.now(realNow),
      speed: this.clock.speed,
      paused: this.clock.paused,
      ended: this.nextTimeline() === null,
      emitted: this.emitted,
    };
  }

  private emitUntil(virtualTime: number): number {
    let n = 0;
    for (;;) {
      const next = this.nextTimeline();
      if (!next || next.nextTime() > virtualTime) break;
      this.emitFrom(next);
      n += 1;
    }
    this.emittedUpTo = Math.max(this.emittedUpTo, virtualTime);
    return n;
  }

  /** The timeline whose next event comes first by (time, seq, session order). */
  private nextTimeline(): Timeline | null {
    let best: Timeline | null = null;
    let bestT = Infinity;
    let bestSeq = Infinity;
    for (const tl of this.timelines) {
      const t = tl.nextTime();
      if (t < bestT || (t === bestT && t !== Infinity && tl.nextSeq() < bestSeq)) {
        best = tl;
        bestT = t;
        bestSeq = tl.nextSeq();
      }
    }
    return bestT === Infinity ? null : best;
  }

  private emitFrom(timeline: Timeline): void {
    const offset = timeline.offset;
    const event = timeline.take();
    const at = event.t + offset;
    this.emittedUpTo = Math.max(this.emittedUpTo, at);
    this.dispatch(event, at, timeline.index);
  }

  private dispatch(event: SessionEvent, at: number, session: number): void {
    if (event.ch === 'checkpoint') return;
    this.emitted += 1;
    for (const listener of this.listeners) listener(event, at, session);
  }
}
