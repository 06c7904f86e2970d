import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { sanitizeFavorites, toggleFavorite } from '../domain/favorites';
import { fetchFavorites, saveFavorites } from './api/user';
import { useProfile } from './queries';
import { STORAGE_KEYS, readJson, readString, writeJson } from './storage';
import { toastStore } from './toasts';

export const favoriteQueryKey = ['user', 'favorites'] as const;

/** A visitor's favorites in `SPOT_favorite`; other tabs' changes arrive as storage events. */
const localFavorites = (() => {
  // Parsed once per distinct stored text: the snapshot stays the same object while nothing changed.
  let cached: { raw: string | null; list: string[] } = { raw: null, list: [] };
  const listeners = new Set<() => void>();
  const read = () => {
    const raw = readString(STORAGE_KEYS.favorite);
    if (raw !== cached.raw) cached = { raw, list: sanitizeFavorites(readJson(STORAGE_KEYS.favorite)) };
    return cached.list;
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEYS.favorite && event.key !== null) return;
    listeners.forEach((l) => l());
  };
  return {
    get: read,
    set(next: string[]) {
      writeJson(STORAGE_KEYS.favorite, next);
      listeners.forEach((l) => l());
    },
    subscribe(listener: () => void) {
      if (listeners.size === 0) window.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener('storage', onStorage);
      };
    },
  };
})();

export interface Favorites {
  ids: string[];
  isFavorite: (symbolId: string) => boolean;
  toggle: (symbolId: string) => void;
  /** server for signed-in users, local for visitors (spec 1 §4) */
  source: 'server' | 'local';
}

const EMPTY: string[] = [];

/**
 * Favorites from the server for signed-in users, from local storage for
 * visitors. A signed-in toggle shows at once and is rolled back with a toast
 * if the server refuses it.
 */
export function useFavorites(): Favorites {
  const { t } = useTranslation('common');
  const client = useQueryClient();
  const loggedIn = useProfile().data?.loggedIn ?? false;
  const local = useSyncExternalStore(localFavorites.subscribe, localFavorites.get, () => EMPTY);
  const server = useQuery({ queryKey: favoriteQueryKey, queryFn: ({ signal }) => fetchFavorites(signal), enabled: loggedIn });
  const mutation = useMutation({
    mutationFn: saveFavorites,
    onMutate: async (next: readonly string[]) => {
      await client.cancelQueries({ queryKey: favoriteQueryKey });
      const previous = client.getQueryData<string[]>(favoriteQueryKey);
      client.setQueryData(favoriteQueryKey, [...next]);
      return { previous };
    },
    onError: (_error, _next, context) => {
      client.setQueryData(favoriteQueryKey, context?.previous);
      toastStore.show(t('favoriteSaveFailed'), 'error');
    },
    onSuccess: (saved) => client.setQueryData(favoriteQueryKey, saved),
  });
  const ids = loggedIn ? (server.data ?? EMPTY) : local;
  const toggle = useCallback(
    (symbolId: string) => {
      if (loggedIn) mutation.mutate(toggleFavorite(client.getQueryData<string[]>(favoriteQueryKey) ?? [], symbolId));
      else localFavorites.set(toggleFavorite(localFavorites.get(), symbolId));
    },
    [loggedIn, mutation, client],
  );
  const isFavorite = useCallback((symbolId: string) => ids.includes(symbolId), [ids]);
  return { ids, isFavorite, toggle, source: loggedIn ? 'server' : 'local' };
}
