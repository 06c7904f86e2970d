import type { Scheduler } from '../../gateway/types';

/** The globals: what a page or a server runs on (and what vitest / Playwright clocks fake). */
export const systemScheduler: Scheduler = {
  now: () => Date.now(),
  setInterval(fn, ms) {
    const id = setInterval(fn, ms);
    return () => clearInterval(id);
  },
  setTimeout(fn, ms) {
    const id = setTimeout(fn, ms);
    return () => clearTimeout(id);
  },
};

interface Timer {
  id: number;
  at: number;
  every: number | null;
  fn: () => void;
}

/**
 * A clock that only moves when told to, for tests and benchmarks: timers run
 * in time order as `advance` passes them, so a hub and a gateway on it behave
 * the same on every machine and run as fast as the CPU allows. Real timers
 * (sockets, promises) are left alone, which is why it is preferred to faking
 * the globals.
 */
export class ManualScheduler implements Scheduler {
  private time: number;
  private nextId = 1;
  private readonly timers = new Map<number, Timer>();

  constructor(start: number) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setInterval(fn: () => void, ms: number): () => void {
    return this.add(fn, ms, Math.max(1, ms));
  }

  setTimeout(fn: () => void, ms: number): () => void {
    return this.add(fn, ms, null);
  }

  /**
   * Moves time forward by `ms`, running every timer that falls due on the way.
   * Between timers pending promise callbacks run, so async work a timer starts
   * (a session load, a socket message) sees the time it started at.
   */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    for (let timer = this.due(end); timer; timer = this.due(end)) {
      this.run(timer);
      await Promise.resolve();
    }
    this.time = end;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }

  /** `advance` without yielding: for benchmarks whose timers are all synchronous. */
  advanceSync(ms: number): void {
    const end = this.time + ms;
    for (let timer = this.due(end); timer; timer = this.due(end)) this.run(timer);
    this.time = end;
  }

  private add(fn: () => void, ms: number, every: number | null): () => void {
    const id = this.nextId++;
    this.timers.set(id, { id, at: this.time + Math.max(0, ms), every, fn });
    return () => this.timers.delete(id);
  }

  /** The earliest timer due by `end` (ties in creation order). */
  private due(end: number): Timer | null {
    let best: Timer | null = null;
    for (const timer of this.timers.values()) {
      if (timer.at <= end && (!best || timer.at < best.at)) best = timer;
    }
    return best;
  }

  private run(timer: Timer): void {
    this.time = Math.max(this.time, timer.at);
    if (timer.every === null) this.timers.delete(timer.id);
    else timer.at += timer.every;
    timer.fn();
  }
}
