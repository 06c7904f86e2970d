import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchPreferences, savePreferences } from './api/user';
import { useProfile } from './queries';

export const preferencesQueryKey = ['user', 'preferences'] as const;

/**
 * A signed-in user's server-side preference keys (spec 1 §7 preference save).
 * `loaded` is false for visitors and until the answer arrives, so callers can
 * tell "not set" from "not known yet".
 */
export function useUserPreferences(): { values: Record<string, string>; loaded: boolean; loggedIn: boolean } {
  const loggedIn = useProfile().data?.loggedIn ?? false;
  const query = useQuery({ queryKey: preferencesQueryKey, queryFn: ({ signal }) => fetchPreferences(signal), enabled: loggedIn });
  return { values: query.data ?? {}, loaded: loggedIn && query.isSuccess, loggedIn };
}

/** Saves keys; the cache shows them at once, and the server's answer replaces it. */
export function useSavePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: savePreferences,
    onMutate: (values) => {
      client.setQueryData<Record<string, string>>(preferencesQueryKey, (old) => ({ ...old, ...values }));
    },
    onSuccess: (saved) => client.setQueryData(preferencesQueryKey, saved),
  });
}
