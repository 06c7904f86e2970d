import type { SessionSource } from '../../gateway/types';

type Settle = (loaded: boolean) => void;

/**
 * The sources of a session set waiting to load, one at a time in the
 * background; `want` moves a source to the front. Each source settles once:
 * true when installed, false when it failed or the set was replaced.
 * A lazy queue loads only what was wanted, until `loadAll` (a page that shows
 * one market should not pay for parsing ten).
 */
export class LoadQueue {
  private readonly pending: SessionSource[];
  private readonly waiters = new Map<SessionSource, Settle[]>();
  private readonly settled = new Map<SessionSource, boolean>();
  private cancelled = false;
  private readonly wanted = new Set<SessionSource>();
  private eager: boolean;
  /** wakes a lazy queue waiting for something to load */
  private wake: (() => void) | null = null;
  /** resolves when every source settled (or the queue was cancelled) */
  readonly done: Promise<void>;

  constructor(
    sources: readonly SessionSource[],
    /** loads and installs one source; checks `queue.isCancelled` after every wait */
    install: (source: SessionSource, queue: LoadQueue) => Promise<void>,
    options: { lazy?: boolean } = {},
  ) {
    this.pending = [...sources];
    this.eager = !options.lazy;
    this.done = this.run(install);
  }

  /** From now on every source loads, wanted or not. */
  loadAll(): void {
    this.eager = true;
    this.wakeUp();
  }

  private wakeUp(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  /** The next source to load, waiting (lazy queue) until one is wanted. */
  private async next(): Promise<SessionSource | undefined> {
    for (;;) {
      if (this.cancelled || this.pending.length === 0) return undefined;
      if (this.eager) return this.pending.shift();
      const at = this.pending.findIndex((s) => this.wanted.has(s));
      if (at >= 0) return this.pending.splice(at, 1)[0];
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  /** Resolves when `source` settles: true when it was installed. */
  want(source: SessionSource): Promise<boolean> {
    const settled = this.settled.get(source);
    if (settled !== undefined) return Promise.resolve(settled);
    if (this.cancelled) return Promise.resolve(false);
    const at = this.pending.indexOf(source);
    if (at > 0) {
      this.pending.splice(at, 1);
      this.pending.unshift(source);
    }
    this.wanted.add(source);
    const settledLater = new Promise<boolean>((resolve) => {
      const list = this.waiters.get(source) ?? [];
      list.push(resolve);
      this.waiters.set(source, list);
    });
    this.wakeUp();
    return settledLater;
  }

  /** Stops loading; every waiter hears false. */
  cancel(): void {
    this.cancelled = true;
    this.wakeUp();
    for (const source of this.pending.splice(0)) this.settle(source, false);
    for (const source of [...this.waiters.keys()]) this.settle(source, false);
  }

  get isCancelled(): boolean {
    return this.cancelled;
  }

  private async run(install: (source: SessionSource, queue: LoadQueue) => Promise<void>): Promise<void> {
    for (let source = await this.next(); source && !this.cancelled; source = await this.next()) {
      try {
        await install(source, this);
        this.settle(source, !this.cancelled);
      } catch (error) {
        console.warn(`market: session of ${source.symbols.join(',')} failed to load:`, error);
        this.settle(source, false);
      }
    }
  }

  private settle(source: SessionSource, loaded: boolean): void {
    if (!this.settled.has(source)) this.settled.set(source, loaded);
    for (const resolve of this.waiters.get(source) ?? []) resolve(this.settled.get(source)!);
    this.waiters.delete(source);
  }
}
