/**
 * A token's live NAV candles: 1-minute bars recorded as the NAV moves, kept
 * for a bounded window, and the coarser intervals aggregated from them on
 * read. Plain data, so the desk's tests can look at it directly.
 */
export type LtStatusCode = 1 | 2 | 3 | 4 | 5;

export interface NavBar {
  /** open time, ms UTC, on the interval's bucket */
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
  /** the token's status when the bar last changed (its close) */
  st: LtStatusCode;
}

export const MINUTE_MS = 60_000;
/** A week of minutes a token: what the 1m chart can page through before the history takes over. */
export const LIVE_BAR_LIMIT = 7 * 1440;

export type NavInterval = '1m' | '5m' | '1h' | '1d';
export const NAV_INTERVALS: readonly NavInterval[] = ['1m', '5m', '1h', '1d'];
export const INTERVAL_MS: Readonly<Record<NavInterval, number>> = { '1m': MINUTE_MS, '5m': 5 * MINUTE_MS, '1h': 3_600_000, '1d': 86_400_000 };

export const bucketOf = (t: number, ms: number) => Math.floor(t / ms) * ms;

/**
 * Puts a NAV at `t` into the minute bars (oldest first). A time before the
 * newest bar (the replay was sought back) drops the bars from its minute on,
 * as the market's own candles are rewound.
 */
export function recordNav(bars: NavBar[], t: number, nav: number, st: LtStatusCode, limit = LIVE_BAR_LIMIT): void {
  const minute = bucketOf(t, MINUTE_MS);
  while (bars.length > 0 && bars[bars.length - 1]!.t > minute) bars.pop();
  const last = bars[bars.length - 1];
  if (last && last.t === minute) {
    last.h = Math.max(last.h, nav);
    last.l = Math.min(last.l, nav);
    last.c = nav;
    last.st = st;
    return;
  }
  bars.push({ t: minute, o: nav, h: nav, l: nav, c: nav, st });
  // In batches: one splice per added bar would move the whole window every minute.
  if (bars.length > limit + 100) bars.splice(0, bars.length - limit);
}

/** Bars of `ms` from finer bars (both oldest first): open of the first, close and status of the last. */
export function aggregateBars(bars: readonly NavBar[], ms: number): NavBar[] {
  const out: NavBar[] = [];
  for (const bar of bars) {
    const t = bucketOf(bar.t, ms);
    const last = out[out.length - 1];
    if (last && last.t === t) {
      last.h = Math.max(last.h, bar.h);
      last.l = Math.min(last.l, bar.l);
      last.c = bar.c;
      last.st = bar.st;
    } else {
      out.push({ ...bar, t });
    }
  }
  return out;
}

/**
 * History (before the live bars) and live bars of one interval as one series:
 * history bars from the live series' first bucket on are dropped, except that a
 * bucket both share is merged (the history's open, the live close).
 */
export function joinBars(history: readonly NavBar[], live: readonly NavBar[]): NavBar[] {
  const first = live[0];
  if (!first) return [...history];
  const before = history.filter((b) => b.t < first.t);
  const shared = history.find((b) => b.t === first.t);
  const head = shared ? { ...first, o: shared.o, h: Math.max(shared.h, first.h), l: Math.min(shared.l, first.l) } : first;
  return [...before, head, ...live.slice(1)];
}
