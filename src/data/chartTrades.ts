import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { avgSideCode } from '../domain/averageLines';
import { getChartTrades, getDealPage, getTradeTotals } from './api/chartTrades';
import { pagedList } from './orders';
import { useProfile } from './queries';

/** Under 'user': an account switch drops them; a fill push marks them stale (privatePushes). */
export const chartTradesKey = (symbolId: string) => ['user', 'chartTrades', symbolId] as const;

/**
 * The signed-in user's fills of the chart's symbol (spec 2 §7
 * getTradeInfoForKLine), read while the chart shows them; each fill push
 * reads them again, so a new fill's mark appears on its candle.
 */
export function useChartTrades(symbolId: string, shown: boolean) {
  const signedIn = useProfile().data?.loggedIn ?? false;
  return useQuery({
    queryKey: chartTradesKey(symbolId),
    queryFn: ({ signal }) => getChartTrades(symbolId, signal),
    enabled: signedIn && shown,
    staleTime: 30_000,
  });
}

/** One side's totals for the average line; under the same prefix, so a fill reads them again. */
export const chartAverageKey = (symbolId: string, side: 'Buy' | 'Sell', days: number) => ['user', 'chartTrades', symbolId, 'avg', side, days] as const;

/** The totals behind an average line (spec 2 §7 getTradeAvgPriceForKLine), read while the line is on. */
export function useTradeTotals(symbolId: string, side: 'Buy' | 'Sell', days: number, shown: boolean) {
  const signedIn = useProfile().data?.loggedIn ?? false;
  return useQuery({
    queryKey: chartAverageKey(symbolId, side, days),
    queryFn: ({ signal }) => getTradeTotals(symbolId, avgSideCode(side), days, signal),
    enabled: signedIn && shown,
    staleTime: 30_000,
  });
}

/** The symbol's deal history (spec 1 deal-history modal): pages of 100 by last trade id, read while the dialog is open. */
export function useDealHistory(symbolId: string, open: boolean) {
  const signedIn = useProfile().data?.loggedIn ?? false;
  const query = useInfiniteQuery({
    queryKey: [...chartTradesKey(symbolId), 'deals'] as const,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => getDealPage(symbolId, pageParam, signal),
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: signedIn && open,
    staleTime: 0,
  });
  return pagedList(query, (page) => page.fills);
}
