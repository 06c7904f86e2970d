import { bucketStart, type Interval } from '../../../src/domain/intervals';
import { addTrade, aggregate, baseOf, queryKlines, type Bar, type BaseInterval, type KlineHistory, type KlineQuery } from '../klines';
import { firstIndexAtOrAfter } from '../klines/aggregate';

const NO_HISTORY: KlineHistory['bars'] = { '1m': [], '1h': [], '1d': [] };

/** Finer level each live base level is built from: 1s → 1m → 1h → 1d. */
const CASCADE: ReadonlyArray<[BaseInterval, '1s' | BaseInterval]> = [['1m', '1s'], ['1h', '1m'], ['1d', '1h']];

/** Bars opening at or after `cut` (all of them for -Infinity). */
function since(bars: readonly Bar[], cut: number): Bar[] {
  return bars.slice(firstIndexAtOrAfter(bars, cut));
}

/**
 * Drops the bars of `coarse` from the bucket containing `from` on and builds
 * them again from the finer bars since that bucket. Only the changed bucket is
 * rebuilt, so a trade costs at most one bucket's worth of finer bars per level.
 */
function rebuildTail(coarse: Bar[], coarseInterval: Interval, from: number, fineInterval: Interval, fineSince: (cut: number) => Bar[]): void {
  const cut = from === -Infinity ? -Infinity : bucketStart(coarseInterval, from);
  coarse.length = firstIndexAtOrAfter(coarse, cut);
  for (const bar of aggregate(fineSince(cut), fineInterval, coarseInterval)) coarse.push(bar);
}

interface CachedSeries {
  bars: Bar[];
  /** earliest bar time changed since the bars were built (Infinity: up to date) */
  dirtyFrom: number;
}

/**
 * A market's candles as they are now: the generated history (none for a new
 * listing) followed by 1 s bars of the trades replayed so far — never the
 * session's future trades. Every interval is the klines/series aggregation of
 * history and live bars, cached per interval and patched from the changed
 * bucket on, not rebuilt, when a trade arrives.
 */
export class LiveKlines {
  private readonly seconds: Bar[] = [];
  /** live-only bars of the base levels, kept up to date through the cascade */
  private readonly live: Record<BaseInterval, Bar[]> = { '1m': [], '1h': [], '1d': [] };
  private liveDirtyFrom = Infinity;
  private readonly cache = new Map<Interval, CachedSeries>();
  private readonly historyBars: KlineHistory['bars'];
  /** history ends here; older trades would break the bars' time order */
  private readonly anchorTime: number;
  /** grows whenever any bar changes (for callers caching derived values) */
  version = 0;

  constructor(history: KlineHistory | null) {
    this.historyBars = history?.bars ?? NO_HISTORY;
    this.anchorTime = history?.anchorTime ?? -Infinity;
  }

  addTrade(t: number, price: number, qty: number): void {
    if (t < this.anchorTime) return;
    addTrade(this.seconds, t, price, qty);
    this.touch(t);
  }

  /** Forgets the live bars opening at or after `t`, a second boundary (a backward seek replays from there). */
  truncateFrom(t: number): void {
    const keep = firstIndexAtOrAfter(this.seconds, t);
    if (keep === this.seconds.length) return;
    this.seconds.length = keep;
    this.touch(t);
  }

  /** Forgets every live bar (a new session replaces the market). */
  clearLive(): void {
    this.seconds.length = 0;
    this.touch(-Infinity);
  }

  get hasBars(): boolean {
    return this.seconds.length > 0 || this.historyBars['1m'].length > 0;
  }

  /** Oldest first: the newest `limit` bars opening before `to`. */
  query(interval: Interval, query: KlineQuery = {}): Bar[] {
    return queryKlines(this.series(interval), query);
  }

  /** The whole series of an interval (shared, read only). */
  series(interval: Interval): readonly Bar[] {
    if (interval === '1s') return this.seconds;
    this.refreshLive();
    const base = baseOf(interval) as BaseInterval;
    let cached = this.cache.get(interval);
    if (!cached) this.cache.set(interval, (cached = { bars: [], dirtyFrom: -Infinity }));
    if (cached.dirtyFrom !== Infinity) {
      // The history's last bar and the first live bar may share a bucket: aggregate merges them.
      const history = this.historyBars[base];
      const live = this.live[base];
      rebuildTail(cached.bars, interval, cached.dirtyFrom, base, (cut) => since(history, cut).concat(since(live, cut)));
      cached.dirtyFrom = Infinity;
    }
    return cached.bars;
  }

  private touch(t: number): void {
    this.version += 1;
    if (t < this.liveDirtyFrom) this.liveDirtyFrom = t;
    for (const cached of this.cache.values()) if (t < cached.dirtyFrom) cached.dirtyFrom = t;
  }

  private refreshLive(): void {
    if (this.liveDirtyFrom === Infinity) return;
    for (const [level, finer] of CASCADE) {
      const fine = finer === '1s' ? this.seconds : this.live[finer];
      rebuildTail(this.live[level], level, this.liveDirtyFrom, finer, (cut) => since(fine, cut));
    }
    this.liveDirtyFrom = Infinity;
  }
}
