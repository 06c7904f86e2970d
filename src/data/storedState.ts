import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { discardSetAside, fetchSetAsideText, fetchStoredState, type SetAside } from './api/storedState';

export type { SetAside, SetAsideKind } from './api/storedState';

const storedStateKey = ['exchange', 'storedState'] as const;

/**
 * Saved demo accounts the exchange set aside at its start (it decides once,
 * so one read per page is enough); null when there are none, and also when
 * the exchange has no such call (a real one).
 */
export function useSetAside(): SetAside | null {
  const query = useQuery({ queryKey: storedStateKey, queryFn: ({ signal }) => fetchStoredState(signal), retry: false, staleTime: Number.POSITIVE_INFINITY });
  return query.data ?? null;
}

/** Lets the set-aside accounts go; the notice goes once the exchange has forgotten them. */
export function useDiscardSetAside() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: discardSetAside,
    onSuccess: (state) => client.setQueryData(storedStateKey, state),
  });
}

/** The set-aside text, as it was stored. */
export const readSetAsideText = fetchSetAsideText;
