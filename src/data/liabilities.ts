import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchLiabilities, repayLiability } from './api/liabilities';
import { balancesQueryKey } from './assets';
import { ApiError } from './http';
import { useProfile } from './queries';
import { toastStore } from './toasts';

export type { Liability } from './api/liabilities';

/** Under 'user': an account switch drops it with the rest. */
export const liabilitiesQueryKey = ['user', 'liabilities'] as const;

/** A unified account's loans (spec 2 §6: UTA users load the borrow and liability list); refreshed as balances change. */
export function useLiabilities() {
  const profile = useProfile().data;
  return useQuery({
    queryKey: liabilitiesQueryKey,
    queryFn: ({ signal }) => fetchLiabilities(signal),
    enabled: (profile?.loggedIn ?? false) && profile?.accountType === 'UTA',
    refetchInterval: 5_000,
  });
}

/** Repays a coin's whole loan; told once the exchange has written it. */
export function useRepay() {
  const { t } = useTranslation('trade');
  const client = useQueryClient();
  return useMutation({
    mutationFn: (coin: string) => repayLiability(coin),
    onSuccess: (answer) => toastStore.show(t('repaid', { amount: answer.repaid, coin: answer.coin }), 'success'),
    onError: (error) => {
      if (error instanceof ApiError && Number(error.code) === 170131) toastStore.show(t('repayBalanceShort'), 'error');
      else toastStore.show(error instanceof ApiError ? t('operationFailReason', { message: error.message }) : t('operationFail'), 'error');
    },
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: liabilitiesQueryKey }), client.invalidateQueries({ queryKey: balancesQueryKey })]),
  });
}
