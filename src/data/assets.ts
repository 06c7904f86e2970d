import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { demoRecharge, fetchBalances } from './api/assets';
import { useProfile } from './queries';

export const balancesQueryKey = ['user', 'balances'] as const;

/**
 * The signed-in user's balances, refreshed every 5 s while the tab is seen
 * (the private socket's wallet pushes are not wired into the page yet).
 */
export function useBalances() {
  const loggedIn = useProfile().data?.loggedIn ?? false;
  return useQuery({
    queryKey: balancesQueryKey,
    queryFn: ({ signal }) => fetchBalances(signal),
    enabled: loggedIn,
    // react-query pauses the interval while the tab is hidden.
    refetchInterval: 5_000,
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
