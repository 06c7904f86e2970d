import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { demoRecharge, fetchBalances } from './api/assets';
import { useProfile } from './queries';
import { usePushPolling } from './realtime/private';

export const balancesQueryKey = ['user', 'balances'] as const;

/** The wallet poll's period while it runs (react-query pauses it while the tab is hidden). */
export const BALANCES_REFETCH_MS = 5_000;

/**
 * The signed-in user's balances. The private socket's wallet pushes write
 * them (privatePushes.ts); the poll runs only when the pushes cannot replace
 * it (spec 2 §9: socket down, pushes stale, or pushed less often than 3 s).
 */
export function useBalances() {
  const loggedIn = useProfile().data?.loggedIn ?? false;
  const polling = usePushPolling().wallet;
  return useQuery({
    queryKey: balancesQueryKey,
    queryFn: ({ signal }) => fetchBalances(signal),
    enabled: loggedIn,
    refetchInterval: polling ? BALANCES_REFETCH_MS : false,
  });
}

/** The demo top-up; balances reload after it whatever it answered. */
export function useDemoRecharge() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (coin?: string) => demoRecharge(coin),
    onSettled: () => client.invalidateQueries({ queryKey: balancesQueryKey }),
  });
}
