import { useQuery } from '@tanstack/react-query';
import { fetchIntegratedOpenOrders, fetchPositions } from './api/integrated';
import { OPEN_ORDERS_REFETCH_MS } from './orders';
import { useProfile } from './queries';
import { usePushPolling } from './realtime/private';

export type { IntegratedOrder, Position } from './api/integrated';

/**
 * Under the order keys: every order mutation's settle and the socket's
 * resubscribe already read the order lists again, and an order push marks
 * this one stale (privatePushes).
 */
export const integratedOpenOrdersKey = ['user', 'orders', 'integrated'] as const;
/** Under 'user': an account switch drops it; fills and wallet pushes mark it stale. */
export const positionsQueryKey = ['user', 'positions'] as const;

/** Positions are valued at the last price, which moves without any push of the user's: read again this often while shown. */
export const POSITIONS_REFETCH_MS = 3000;

function useUnified(): boolean {
  const profile = useProfile().data;
  return (profile?.loggedIn ?? false) && profile?.accountType === 'UTA';
}

/** The integrated open-order list (spec 2 §7 queryOpenOrders) of a unified account. */
export function useIntegratedOpenOrders() {
  return useQuery({
    queryKey: integratedOpenOrdersKey,
    queryFn: ({ signal }) => fetchIntegratedOpenOrders(signal),
    enabled: useUnified(),
    refetchInterval: usePushPolling().orders ? OPEN_ORDERS_REFETCH_MS : false,
    staleTime: 0,
  });
}

/** The unified account's spot holdings as positions (spec 2 §7 queryPositions). */
export function usePositions() {
  return useQuery({
    queryKey: positionsQueryKey,
    queryFn: ({ signal }) => fetchPositions(signal),
    enabled: useUnified(),
    refetchInterval: POSITIONS_REFETCH_MS,
    staleTime: 0,
  });
}
