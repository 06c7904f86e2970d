// TEMPORARY stand-in (replaced by the i6-cache branch at merge).
import { useMemo, useRef } from 'react';
import type { Interval } from '../domain/intervals';
import type { KlineBar } from './api/klines';
import { useKlineHistory } from './marketQueries';

export interface ChartHistory {
  bars: KlineBar[];
  status: 'loading' | 'ready' | 'error';
  fromCache: boolean;
  offline: boolean;
  loadingOlder: boolean;
  canLoadOlder: boolean;
  loadOlder(): void;
  pagesLoaded: number;
  revision: number;
}

export function useChartHistory(symbol: string, interval: Interval, options: { enabled?: boolean; rebuildKey?: number } = {}): ChartHistory {
  const q = useKlineHistory(symbol, interval, { enabled: options.enabled });
  const rev = useRef(0);
  const bars = q.data ?? [];
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const revision = useMemo(() => (rev.current += 1), [q.data]);
  return {
    bars,
    status: q.isError ? 'error' : q.data ? 'ready' : 'loading',
    fromCache: false,
    offline: false,
    loadingOlder: q.isFetchingNextPage,
    canLoadOlder: q.hasNextPage,
    loadOlder: () => void q.fetchNextPage(),
    pagesLoaded: q.data ? 1 : 0,
    revision,
  };
}
