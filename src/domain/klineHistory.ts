import { KLINE_PAGE_LIMIT, mergePages, olderPageTo, type Timed } from './klinePaging';

/**
 * The chart's kline history as one state machine (spec 1 §4, §7, §8): a
 * cached series shown at once, replaced by the network's first page, then up
 * to 3 older pages on demand. Every event names the series it belongs to, so
 * an answer for a symbol or interval the chart left is dropped, never shown.
 */
export interface KlineHistoryState<B extends Timed> {
  /** the series (symbol, interval, rebuild) these bars belong to */
  key: string;
  /** network pages in fetch order, newest page first */
  pages: readonly (readonly B[])[];
  /** bars to draw, oldest first */
  bars: readonly B[];
  /** 'ready' once there are bars to draw (cached or fresh); 'error' after the first page failed */
  status: 'loading' | 'ready' | 'error';
  /** the bars shown come from the local cache; the network has not answered */
  fromCache: boolean;
  /** the last try of the first page failed (spec 1 §8: no data to the chart) */
  failed: boolean;
  loadingOlder: boolean;
  /** bumps whenever `bars` is replaced as a whole */
  revision: number;
}

export type KlineHistoryEvent<B extends Timed> =
  | { type: 'reset'; key: string }
  | { type: 'cacheRead'; key: string; pages: readonly (readonly B[])[] }
  | { type: 'firstPage'; key: string; page: readonly B[] }
  | { type: 'firstPageFailed'; key: string }
  | { type: 'olderRequested'; key: string }
  | { type: 'olderPage'; key: string; page: readonly B[] }
  | { type: 'olderPageFailed'; key: string };

export function initialKlineHistory<B extends Timed>(key: string, revision = 0): KlineHistoryState<B> {
  return { key, pages: [], bars: [], status: 'loading', fromCache: false, failed: false, loadingOlder: false, revision };
}

export function klineHistoryReducer<B extends Timed>(state: KlineHistoryState<B>, event: KlineHistoryEvent<B>): KlineHistoryState<B> {
  if (event.type === 'reset') return isPristine(state, event.key) ? state : initialKlineHistory(event.key, state.revision + 1);
  if (event.key !== state.key) return state;
  switch (event.type) {
    case 'cacheRead': {
      const bars = mergePages(event.pages);
      // The network was first, or the cache has nothing: keep what is shown.
      if (state.pages.length > 0 || bars.length === 0) return state;
      return { ...state, bars, fromCache: true, status: state.failed ? 'error' : 'ready', revision: state.revision + 1 };
    }
    case 'firstPage':
      return { ...state, pages: [event.page], bars: mergePages([event.page]), status: 'ready', fromCache: false, failed: false, loadingOlder: false, revision: state.revision + 1 };
    case 'firstPageFailed':
      if (state.pages.length > 0) return state;
      return { ...state, status: 'error', failed: true };
    case 'olderRequested':
      return canLoadOlder(state) && !state.loadingOlder ? { ...state, loadingOlder: true } : state;
    case 'olderPage': {
      if (!state.loadingOlder) return state;
      const pages = [...state.pages, event.page];
      const grew = event.page.length > 0;
      return { ...state, pages, bars: grew ? mergePages(pages) : state.bars, loadingOlder: false, revision: grew ? state.revision + 1 : state.revision };
    }
    case 'olderPageFailed':
      return { ...state, loadingOlder: false };
  }
}

/** Nothing loaded, asked or failed yet for this series: a reset would change nothing. */
function isPristine<B extends Timed>(state: KlineHistoryState<B>, key: string): boolean {
  return state.key === key && state.bars.length === 0 && state.pages.length === 0 && !state.failed && !state.loadingOlder;
}

/** An older page may be asked for: the network's pages are shown and the paging rule has not stopped. */
export function canLoadOlder<B extends Timed>(state: KlineHistoryState<B>, limit = KLINE_PAGE_LIMIT): boolean {
  return !state.fromCache && olderPageTo(state.pages, limit) !== undefined;
}

/** The `to` of the next older page, when one may be asked for. */
export function nextOlderTo<B extends Timed>(state: KlineHistoryState<B>, limit = KLINE_PAGE_LIMIT): number | undefined {
  return state.fromCache ? undefined : olderPageTo(state.pages, limit);
}

/** The chart's "offline" mark: cached bars stand in because the network failed or the browser is offline. */
export function isShowingOffline<B extends Timed>(state: KlineHistoryState<B>, browserOnline: boolean): boolean {
  return state.fromCache && (state.failed || !browserOnline);
}
