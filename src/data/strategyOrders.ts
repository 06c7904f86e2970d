import { useInfiniteQuery, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AlgoKind } from '../domain/order-entry/algoOrder';
import { cancelStrategyOrder, createStrategyOrder, fetchStrategyOrders, type StrategyOrder, type StrategyStatus } from './api/strategyOrders';
import { balancesQueryKey } from './assets';
import { gridQueryKeys } from './gridBot';
import { orderQueryKeys, pagedList } from './orders';
import { useProfile } from './queries';

/** While no push says otherwise, a shown strategy list is read again this often: its child orders trade on their own. */
export const STRATEGY_REFRESH_MS = 3_000;

export const strategyQueryKeys = {
  all: ['user', 'strategies'] as const,
  list: (status: StrategyStatus, kind: AlgoKind, symbol: string | null) => ['user', 'strategies', kind, status, symbol ?? 'all'] as const,
};

/** One kind's running or finished strategies, a page at a time (80 running, 20 finished: spec 2 §9); `loadMore` reads the next. */
export function useStrategyOrders(status: StrategyStatus, kind: AlgoKind, symbol: string | null) {
  const loggedIn = useProfile().data?.loggedIn ?? false;
  const query = useInfiniteQuery({
    queryKey: strategyQueryKeys.list(status, kind, symbol),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => fetchStrategyOrders({ status, strategyType: kind, symbol, cursor: pageParam }, signal),
    getNextPageParam: (last) => last.nextPageCursor ?? undefined,
    enabled: loggedIn,
    refetchInterval: status === 2 ? STRATEGY_REFRESH_MS : false,
  });
  return pagedList(query, (page) => page.list);
}

/** The `strategy` topic said something of the user's strategies or grid bots changed: their lists are read again. */
export function strategiesChanged(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: strategyQueryKeys.all });
  void client.invalidateQueries({ queryKey: gridQueryKeys.all });
}

/** A strategy's start and end move money and orders: the wallet and the order lists are read again too. */
function useAfterStrategyChange() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: strategyQueryKeys.all });
    void client.invalidateQueries({ queryKey: balancesQueryKey });
    void client.invalidateQueries({ queryKey: orderQueryKeys.all });
  };
}

export function useCreateStrategyOrder() {
  const after = useAfterStrategyChange();
  return useMutation<StrategyOrder, Error, Record<string, unknown>>({ mutationFn: createStrategyOrder, onSettled: after });
}

export function useCancelStrategyOrder() {
  const after = useAfterStrategyChange();
  return useMutation<StrategyOrder, Error, string>({ mutationFn: cancelStrategyOrder, onSettled: after });
}
