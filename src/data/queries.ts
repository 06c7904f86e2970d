import { QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { fetchProfile } from './api/profile';
import { RESTRICTIVE_SITE_CONFIG, fetchSiteConfig } from './api/site';
import { fetchSymbols } from './api/symbols';
import { MalformedResponseError, ApiError } from './http';

/** Query keys under 'user' are user-bound: an account switch refetches them. */
export const queryKeys = {
  profile: ['user', 'profile'] as const,
  symbols: ['market', 'symbols'] as const,
  site: ['market', 'siteConfig'] as const,
};

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // An answer that does not parse, or a refusal, will not improve by asking again at once.
        retry: (count, error) => !(error instanceof MalformedResponseError || error instanceof ApiError) && count < 2,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 5000),
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
    },
  });
}

export function useProfile() {
  return useQuery({ queryKey: queryKeys.profile, queryFn: ({ signal }) => fetchProfile(signal) });
}

/** A panel's "refresh": forget the failed symbol list and ask again. */
export function useRetrySymbols(): () => void {
  const client = useQueryClient();
  return useCallback(() => void client.resetQueries({ queryKey: queryKeys.symbols }), [client]);
}

export function useSymbols() {
  return useQuery({
    queryKey: queryKeys.symbols,
    queryFn: ({ signal }) => fetchSymbols(signal),
    staleTime: 5 * 60_000,
    // A failed list stays failed until the trader presses Refresh (spec 1 §2.8): a panel that mounts
    // later must not refetch it behind the fallback, which would make the fallback flash and vanish.
    retryOnMount: false,
  });
}

/**
 * The compliance configuration. Until it answers (or if it cannot) every
 * region-gated part stays hidden: showing a banned link briefly is worse than
 * showing an allowed one late.
 */
export function useSiteConfig() {
  const query = useQuery({ queryKey: queryKeys.site, queryFn: ({ signal }) => fetchSiteConfig(signal), staleTime: 10 * 60_000 });
  return query.data ?? RESTRICTIVE_SITE_CONFIG;
}
