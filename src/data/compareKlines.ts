/**
 * Klines of the symbols overlaid by Compare: the newest page of each, kept
 * fresh by a refetch every 30 s (the compared lines need no tick-level
 * updates; the main series carries the live bar).
 */
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import type { Interval } from '../domain/intervals';
import { fetchKlines, type KlineBar } from './api/klines';

export const COMPARE_REFRESH_MS = 30_000;

interface ComparedBars {
  symbol: string;
  bars: KlineBar[];
}

// Module-level so react-query can keep the combined map while no query changed.
function toMap(results: UseQueryResult<ComparedBars>[]): ReadonlyMap<string, KlineBar[]> {
  const map = new Map<string, KlineBar[]>();
  for (const { data } of results) if (data) map.set(data.symbol, data.bars);
  return map;
}

export function useCompareKlines(symbolIds: readonly string[], interval: Interval): ReadonlyMap<string, KlineBar[]> {
  return useQueries({
    queries: symbolIds.map((symbol) => ({
      queryKey: ['market', 'compareKlines', symbol, interval],
      queryFn: async ({ signal }: { signal: AbortSignal }): Promise<ComparedBars> => ({ symbol, bars: await fetchKlines({ symbol, interval }, signal) }),
      refetchInterval: COMPARE_REFRESH_MS,
    })),
    combine: toMap,
  });
}
