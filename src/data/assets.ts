import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { demoRecharge, fetchBalances, fetchWalletValue } from './api/assets';
import { useProfile } from './queries';
import { usePushPolling } from './realtime/private';

export const balancesQueryKey = ['user', 'balances'] as const;

/** The wallet poll's period while it runs (react-query pauses it while the tab is hidden). */
export const BALANCES_REFETCH_MS = 5_000;

/**
 * The signed-in user's balances, through the account type's own call (a
 * unified account's coinList, a classic account's balance lines) and its own
 * wallet topic. The private socket's wallet pushes write
 * them (privatePushes.ts); the poll runs only when the pushes cannot replace
 * it (spec 2 §9: socket down, pushes stale, or pushed less often than 3 s).
 */
export function useBalances() {
  const profile = useProfile().data;
  const loggedIn = profile?.loggedIn ?? false;
  const accountType = profile?.accountType === 'UTA' ? 'UTA' : 'CLASSIC';
  const polling = usePushPolling().wallet;
  return useQuery({
    queryKey: balancesQueryKey,
    queryFn: ({ signal }) => fetchBalances(accountType, signal),
    enabled: loggedIn,
    refetchInterval: polling ? BALANCES_REFETCH_MS : false,
  });
}

export const walletValueQueryKey = ['user', 'walletValue'] as const;

/**
 * The demo wallet's whole value `wb` (spec 2 §3, §7), which the recharge
 * modal watches. The exchange pushes balances, not this value: it is asked
 * again whenever the balances change, so it follows every fill and top-up.
 */
export function useDemoWalletValue(enabled: boolean): string | null {
  const client = useQueryClient();
  const balancesAt = useBalances().dataUpdatedAt;
  const query = useQuery({ queryKey: walletValueQueryKey, queryFn: ({ signal }) => fetchWalletValue(signal), enabled });
  // The balances the value was last asked after: the first answer needs no second ask.
  const seen = useRef(balancesAt);
  useEffect(() => {
    if (!enabled || balancesAt === seen.current) return;
    seen.current = balancesAt;
    void client.invalidateQueries({ queryKey: walletValueQueryKey });
  }, [client, enabled, balancesAt]);
  return enabled ? (query.data ?? null) : null;
}

/** The demo top-up; balances (and the wallet value) reload after it whatever it answered. */
export function useDemoRecharge() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (coin?: string) => demoRecharge(coin),
    onSettled: () =>
      Promise.all([client.invalidateQueries({ queryKey: balancesQueryKey }), client.invalidateQueries({ queryKey: walletValueQueryKey })]),
  });
}
