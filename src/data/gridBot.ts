import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { backtestGridBot, closeGridBot, createGridBot, fetchGridBots, type GridBacktest, type GridBot, type GridCreateBody } from './api/gridBot';
import { balancesQueryKey } from './assets';
import { orderQueryKeys } from './orders';
import { useProfile } from './queries';

/** Spec 2 §7 / §9: the grid list is read again every 3 s while shown. */
export const GRID_REFRESH_MS = 3_000;

export const gridQueryKeys = {
  all: ['user', 'gridBots'] as const,
  list: (status: 'running' | 'completed', symbol: string | null) => ['user', 'gridBots', status, symbol ?? 'all'] as const,
};

export function useGridBots(status: 'running' | 'completed', symbol: string | null, wanted = true) {
  const loggedIn = useProfile().data?.loggedIn ?? false;
  return useQuery({
    queryKey: gridQueryKeys.list(status, symbol),
    queryFn: ({ signal }) => fetchGridBots(status, symbol, signal),
    enabled: loggedIn && wanted,
    refetchInterval: GRID_REFRESH_MS,
  });
}

/** A bot's start and end move money and orders: the wallet and the order lists are read again. */
function useAfterGridChange() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: gridQueryKeys.all });
    void client.invalidateQueries({ queryKey: balancesQueryKey });
    void client.invalidateQueries({ queryKey: orderQueryKeys.all });
  };
}

export function useCreateGridBot() {
  const after = useAfterGridChange();
  return useMutation<GridBot, Error, GridCreateBody>({ mutationFn: createGridBot, onSettled: after });
}

export function useCloseGridBot() {
  const after = useAfterGridChange();
  return useMutation<GridBot, Error, string>({ mutationFn: closeGridBot, onSettled: after });
}

/** A backtest changes nothing: no list is read again. */
export function useGridBacktest() {
  return useMutation<GridBacktest, Error, GridCreateBody>({ mutationFn: backtestGridBot });
}
