/**
 * Kline history paging of spec 1 §7/§9 and the size rule of its local cache,
 * as pure functions over anything with an open time.
 */

/** Bars a page: the REST default limit. */
export const KLINE_PAGE_LIMIT = 500;
/** Older pages fetched after the first one, at most. */
export const MAX_EXTRA_KLINE_PAGES = 3;

export interface Timed {
  /** open time, ms */
  time: number;
}

/**
 * The `to` of the next older page: the oldest bar's time, while the last page
 * came back full and fewer than 1 + 3 pages are loaded; undefined to stop.
 * `pages` are in fetch order (newest page first).
 */
export function olderPageTo(pages: readonly (readonly Timed[])[], limit = KLINE_PAGE_LIMIT, maxExtra = MAX_EXTRA_KLINE_PAGES): number | undefined {
  const last = pages[pages.length - 1];
  if (!last || last.length < limit || pages.length > maxExtra) return undefined;
  return last[0]?.time;
}

/**
 * Pages in fetch order (newest page first) → one series, oldest first, each
 * open time once. A chart refuses unordered or repeated times, so whatever
 * the pages hold (a cache written by an older build, an overlapping answer)
 * the series is strictly ascending; the newer page wins a repeated time.
 */
export function mergePages<B extends Timed>(pages: readonly (readonly B[])[]): B[] {
  const byTime = new Map<number, B>();
  for (let i = pages.length - 1; i >= 0; i -= 1) for (const bar of pages[i] ?? []) byTime.set(bar.time, bar);
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}

/** One stored page, as the cache's size rule sees it. */
export interface CachedPageEntry<K> {
  key: K;
  /** page index: 0 is the newest page of its series */
  page: number;
  lastUsedAt: number;
}

/**
 * Least recently used first: the pages to delete so that at most `cap` stay.
 * Within one series (same lastUsedAt) the oldest page goes first, so a series
 * shrinks from its far end and its newest page is the last to go.
 */
export function pagesToEvict<K>(entries: readonly CachedPageEntry<K>[], cap: number): K[] {
  const excess = entries.length - Math.max(0, cap);
  if (excess <= 0) return [];
  return entries
    .toSorted((a, b) => a.lastUsedAt - b.lastUsedAt || b.page - a.page)
    .slice(0, excess)
    .map((e) => e.key);
}

/**
 * The usable pages of a series read back from the cache, by page index: only
 * the run 0, 1, 2… without a gap (a page after a gap could not join the
 * series without a hole in time), at most 1 + 3 of them.
 */
export function contiguousPages<P extends { page: number }>(rows: readonly P[], maxPages = 1 + MAX_EXTRA_KLINE_PAGES): P[] {
  const byIndex = new Map(rows.map((r) => [r.page, r]));
  const run: P[] = [];
  for (let i = 0; i < maxPages; i += 1) {
    const row = byIndex.get(i);
    if (!row) break;
    run.push(row);
  }
  return run;
}
