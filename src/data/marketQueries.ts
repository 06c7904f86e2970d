import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { fastestRoute, latencyLevel, type LatencyLevel } from '../domain/latency';
import { fetchNotice } from './api/notice';
import { fetchRoutes, probeRoute, type ApiRoute } from './api/routes';
import { fetchServerTime } from './api/serverTime';
import { fetchTickers } from './api/tickers';

/** Keys of the market REST queries; all under 'market', so none is refetched by an account switch. */
export const marketQueryKeys = {
  tickers: (symbols?: readonly string[]) => ['market', 'tickers', symbols ? [...symbols].sort().join(',') : '*'] as const,
  notice: (symbolId: string) => ['market', 'notice', symbolId] as const,
  serverTime: ['market', 'serverTime'] as const,
  routes: ['market', 'routes'] as const,
  routeLatencies: ['market', 'routeLatency'] as const,
  routeLatency: (base: string) => ['market', 'routeLatency', base] as const,
};

/** REST tickers seed the lists; the realtimes topic keeps them live afterwards. */
export function useTickerSnapshot(symbols?: readonly string[], options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: marketQueryKeys.tickers(symbols),
    queryFn: ({ signal }) => fetchTickers(symbols, signal),
    enabled: options.enabled ?? true,
  });
}

/**
 * The symbol's notice; never served from cache, since its nowTime anchors the
 * countdown. `refetch()` is the spec 1 §4 re-check at zero, on coming back
 * from hidden, and on coming back online.
 */
export function useNotice(symbolId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: marketQueryKeys.notice(symbolId),
    queryFn: ({ signal }) => fetchNotice(symbolId, signal),
    staleTime: 0,
    enabled: options.enabled ?? true,
  });
}

export function useServerTime(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: marketQueryKeys.serverTime,
    queryFn: ({ signal }) => fetchServerTime(signal),
    staleTime: 0,
    enabled: options.enabled ?? true,
  });
}

export function useRoutes() {
  return useQuery({ queryKey: marketQueryKeys.routes, queryFn: ({ signal }) => fetchRoutes(signal), staleTime: 5 * 60_000 });
}

export interface MeasuredRoute extends ApiRoute {
  /** null until its probe has answered */
  latencyMs: number | null;
  level: LatencyLevel | null;
}

const monotonicNow = () => performance.now();

/**
 * Probes every line once (a failed probe counts as 15000 ms, never an error)
 * and names the one Auto picks. `reprobe()` measures them all again, e.g. when
 * the picker opens.
 */
export function useRouteLatencies(routes: readonly ApiRoute[], now: () => number = monotonicNow) {
  const client = useQueryClient();
  const results = useQueries({
    queries: routes.map((route) => ({
      queryKey: marketQueryKeys.routeLatency(route.base),
      queryFn: ({ signal }: { signal: AbortSignal }) => probeRoute(route.base, now, signal),
      staleTime: 60_000,
      retry: false,
    })),
  });
  const measured: MeasuredRoute[] = routes.map((route, i) => {
    const latencyMs = results[i]?.data ?? null;
    return { ...route, latencyMs, level: latencyMs === null ? null : latencyLevel(latencyMs) };
  });
  // A probe still on its way would be joined, not repeated (react-query dedupes a refetch of a query with no
  // data yet), and report a line as it was before the change that made the trader look again: cancel, then ask anew.
  const reprobe = useCallback(() => {
    const queryKey = marketQueryKeys.routeLatencies;
    void client.cancelQueries({ queryKey }).then(() => client.invalidateQueries({ queryKey }));
  }, [client]);
  return { routes: measured, fastest: fastestRoute(measured), reprobe };
}
