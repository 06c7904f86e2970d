import { useCallback, useEffect, useReducer, useRef, useSyncExternalStore } from 'react';
import type { Interval } from '../domain/intervals';
import {
  canLoadOlder,
  initialKlineHistory,
  isShowingOffline,
  klineHistoryReducer,
  nextOlderTo,
  type KlineHistoryEvent,
  type KlineHistoryState,
} from '../domain/klineHistory';
import { fetchKlines, type KlineBar } from './api/klines';
import { readCachedKlinePages, writeCachedKlinePages } from './klineCache';
import { pageStatus } from './pageStatus';

/** Spec 1 §9 "chart retry 1000 ms": a failed or empty first page is asked for again this long after, for as long as the chart is shown. */
export const CHART_RETRY_MS = 1000;

export interface ChartHistory {
  /** merged series, oldest first (KlineBar from src/data/api/klines.ts) */
  bars: KlineBar[];
  status: 'loading' | 'ready' | 'error';
  /** true while the bars shown come from the Dexie cache and the network has not answered (or failed) */
  fromCache: boolean;
  /** true when the network failed (or the browser is offline) and cached bars are shown: the chart shows an "offline" mark */
  offline: boolean;
  /** an older page is being fetched (the chart shows a loading indicator) */
  loadingOlder: boolean;
  /** false after 3 extra pages, or when a page came back short */
  canLoadOlder: boolean;
  loadOlder(): void;
  /** pages loaded from the network so far (1 + extra) */
  pagesLoaded: number;
  /** bumps each time `bars` was replaced as a whole (new symbol/interval, cache→network swap, older page prepended) so the chart knows to setData rather than update */
  revision: number;
}

type State = KlineHistoryState<KlineBar>;
type Event = KlineHistoryEvent<KlineBar>;
const reducer = (state: State, event: Event) => klineHistoryReducer(state, event);

const onlineNow = () => pageStatus.get().online;
const onlineOnServer = () => true;

/** What one mounted series needs to page on: its key and the signal that ends with it. */
interface ActiveSeries {
  key: string;
  symbol: string;
  interval: Interval;
  signal: AbortSignal;
  olderInFlight: boolean;
}

/**
 * Kline history of the chart (spec 1 §4, §7, §8): the cached series at once,
 * then the newest 500 bars from the network (retried every 1000 ms while it
 * fails), then up to 3 older pages on `loadOlder()`. A new symbol, interval or
 * `rebuildKey` starts from scratch; bars of another series are never returned,
 * not even for one render.
 */
export function useChartHistory(symbol: string, interval: Interval, options: { enabled?: boolean; rebuildKey?: number } = {}): ChartHistory {
  const enabled = options.enabled ?? true;
  const key = `${symbol}|${interval}|${options.rebuildKey ?? 0}|${enabled ? 'on' : 'off'}`;
  const [stored, dispatch] = useReducer(reducer, key, (k) => initialKlineHistory<KlineBar>(k));
  // Until the reset below lands, the previous series' state must not leak out.
  const state = stored.key === key ? stored : initialKlineHistory<KlineBar>(key, stored.revision + 1);
  const online = useSyncExternalStore(pageStatus.subscribe, onlineNow, onlineOnServer);
  const active = useRef<ActiveSeries | null>(null);
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
  });

  useEffect(() => {
    dispatch({ type: 'reset', key });
    if (!enabled) return;
    const controller = new AbortController();
    const { signal } = controller;
    active.current = { key, symbol, interval, signal, olderInFlight: false };
    let retryTimer: ReturnType<typeof setTimeout> | undefined;

    void readCachedKlinePages(symbol, interval).then((pages) => {
      if (!signal.aborted) dispatch({ type: 'cacheRead', key, pages });
    });
    const fetchFirstPage = () => {
      fetchKlines({ symbol, interval }, signal).then(
        (page) => {
          if (signal.aborted) return;
          dispatch({ type: 'firstPage', key, page });
          // No bars yet (a 1 s chart as the replay starts, a pair with no trade so far): the live feed only
          // extends bars the chart already has, so ask again, as after a failure, until the first bar exists.
          if (page.length === 0) retryTimer = setTimeout(fetchFirstPage, CHART_RETRY_MS);
        },
        () => {
          if (signal.aborted) return;
          dispatch({ type: 'firstPageFailed', key });
          retryTimer = setTimeout(fetchFirstPage, CHART_RETRY_MS);
        },
      );
    };
    fetchFirstPage();

    return () => {
      controller.abort();
      clearTimeout(retryTimer);
      active.current = null;
    };
  }, [key, symbol, interval, enabled]);

  // The pages go to the cache after they were drawn, never before.
  const { pages } = state;
  const ownPages = stored.key === key;
  useEffect(() => {
    if (ownPages && pages.length > 0) void writeCachedKlinePages(symbol, interval, pages);
  }, [ownPages, pages, symbol, interval]);

  const loadOlder = useCallback(() => {
    const series = active.current;
    const current = latest.current;
    if (!series || series.olderInFlight || current.key !== series.key || current.loadingOlder) return;
    const to = nextOlderTo(current);
    if (to === undefined) return;
    series.olderInFlight = true;
    const { signal } = series;
    dispatch({ type: 'olderRequested', key: series.key });
    fetchKlines({ symbol: series.symbol, interval: series.interval, to }, signal)
      .then(
        (page) => {
          if (!signal.aborted) dispatch({ type: 'olderPage', key: series.key, page });
        },
        () => {
          if (!signal.aborted) dispatch({ type: 'olderPageFailed', key: series.key });
        },
      )
      .finally(() => {
        series.olderInFlight = false;
      });
  }, []);

  return {
    bars: state.bars as KlineBar[],
    status: state.status,
    fromCache: state.fromCache,
    offline: isShowingOffline(state, online),
    loadingOlder: state.loadingOlder,
    canLoadOlder: canLoadOlder(state),
    loadOlder,
    pagesLoaded: state.pages.length,
    revision: state.revision,
  };
}
