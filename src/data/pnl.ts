import { useQuery } from '@tanstack/react-query';
import { historyWindow, type OrderHistoryRange } from '../domain/orderStatus';
import { getPnl } from './api/pnl';
import { fetchServerTime } from './api/serverTime';
import { useProfile } from './queries';

export type { PairPnl, PnlAnswer, QuoteTotal } from './api/pnl';

/**
 * Under ['user', 'orders']: an account switch (reloadUserData) and every
 * order call's invalidation of the order lists read it again too.
 */
export const pnlQueryKey = (days: OrderHistoryRange) => ['user', 'orders', 'pnl', days] as const;

/** Realised P&L per pair over the last 7, 30 or 180 days. */
export function usePnl(days: OrderHistoryRange) {
  const signedIn = useProfile().data?.loggedIn ?? false;
  return useQuery({
    queryKey: pnlQueryKey(days),
    queryFn: async ({ signal }) => {
      // Counted on the exchange's clock, as the order history is: the page's clock may differ, and the server refuses spans over 180 days.
      const window = historyWindow(await fetchServerTime(signal), days);
      return getPnl(window, signal);
    },
    enabled: signedIn,
    staleTime: 0,
  });
}
