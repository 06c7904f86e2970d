/**
 * Leveraged tokens for the widgets (docs/api/lt.md): the token's limits
 * (GetLtSymbolInfo), its live info polled every 2 s while the page is
 * visible, NAV candles, and the subscribe / redeem calls. After either call
 * the balances and every user-bound LT query are read again: the amount
 * left the balance at once and today's used cap moved.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchLtInfo, fetchLtNavBars, fetchLtSymbolInfo, redeemLt, subscribeLt, type LtNavInterval, type LtOrder } from './api/lt';
import { balancesQueryKey } from './assets';

export type { LtInfo, LtNavBar, LtNavInterval, LtOrder, LtSymbolInfo } from './api/lt';

/** Spec 2 §3 "info nav / riskSwitchStatus / diffNvRate": the form's checks and the detail page read it live. */
export const LT_INFO_REFETCH_MS = 2_000;

export const ltQueryKeys = {
  /** under 'user': dailyPurchaseUsed is the signed-in user's, so an account switch reads it again */
  all: ['user', 'lt'] as const,
  symbolInfo: (symbolId: string) => ['user', 'lt', 'symbolInfo', symbolId] as const,
  info: (symbolId: string) => ['market', 'lt', 'info', symbolId] as const,
  nav: (symbolId: string, interval: LtNavInterval) => ['market', 'lt', 'nav', symbolId, interval] as const,
};

export function useLtSymbolInfo(symbolId: string, enabled = true) {
  return useQuery({
    queryKey: ltQueryKeys.symbolInfo(symbolId),
    queryFn: ({ signal }) => fetchLtSymbolInfo(symbolId, signal),
    enabled,
    staleTime: 30_000,
  });
}

/**
 * The token's NAV, status and risk state. react-query stops the interval
 * while the document is hidden (refetchIntervalInBackground is off), so a
 * background tab does not poll.
 */
export function useLtInfo(symbolId: string, enabled = true) {
  return useQuery({
    queryKey: ltQueryKeys.info(symbolId),
    queryFn: ({ signal }) => fetchLtInfo(symbolId, signal),
    enabled,
    refetchInterval: LT_INFO_REFETCH_MS,
    refetchIntervalInBackground: false,
    staleTime: LT_INFO_REFETCH_MS,
  });
}

/**
 * NAV candles for the detail page's chart; refreshed each minute (the 1 m
 * bar's period), or every 2 s while the answer is empty (an exchange that
 * is still loading the underlying's history answers no bars yet).
 */
export function useLtNavBars(symbolId: string, interval: LtNavInterval, enabled = true) {
  return useQuery({
    queryKey: ltQueryKeys.nav(symbolId, interval),
    queryFn: ({ signal }) => fetchLtNavBars(symbolId, interval, 300, signal),
    enabled,
    refetchInterval: (query) => (query.state.data?.length ? 60_000 : LT_INFO_REFETCH_MS),
    staleTime: 30_000,
  });
}

export type LtMutationInput = { kind: 'subscribe'; symbolId: string; amount: string } | { kind: 'redeem'; symbolId: string; quantity: string };

/**
 * One subscription or redemption per call. Not retried: the call carries
 * no client id, so sending it again after a lost answer could make two.
 */
export function useLtOrderMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: LtMutationInput): Promise<LtOrder> =>
      input.kind === 'subscribe' ? subscribeLt(input.symbolId, input.amount) : redeemLt(input.symbolId, input.quantity),
    retry: false,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: balancesQueryKey });
      void client.invalidateQueries({ queryKey: ['user', 'accountInfo'] });
      // The symbol info's daily used amount and any LT order list live under ['user', 'lt'].
      void client.invalidateQueries({ queryKey: ltQueryKeys.all });
    },
  });
}
