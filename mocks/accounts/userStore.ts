/**
 * Per-user data the exchange keeps server-side: favorite symbols and the
 * preference keys of the preference-save call. Persisted through a small
 * text store (localStorage in-page, memory elsewhere) so it survives reloads
 * like a real account does; unreadable stored text starts empty, never throws.
 */
import { memoryPersistence, perUserRecords, type TextPersistence } from './perUserRecords';

export { memoryPersistence, type TextPersistence };

interface UserData {
  favorites: string[];
  preferences: Record<string, string>;
}

export const MAX_FAVORITES = 200;

function readUser(value: unknown): UserData {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Partial<UserData>;
  const favorites = Array.isArray(v.favorites) ? v.favorites.filter((s): s is string => typeof s === 'string') : [];
  const preferences: Record<string, string> = {};
  if (typeof v.preferences === 'object' && v.preferences !== null) {
    for (const [k, pv] of Object.entries(v.preferences)) if (typeof pv === 'string') preferences[k] = pv;
  }
  return { favorites, preferences };
}

export function createUserStore(persistence: TextPersistence = memoryPersistence()) {
  const { get, persist } = perUserRecords(persistence, readUser, (): UserData => ({ favorites: [], preferences: {} }));
  return {
    favorites: (userId: string): string[] => [...get(userId).favorites],
    setFavorites(userId: string, symbolIds: readonly string[]): string[] {
      get(userId).favorites = [...new Set(symbolIds)].slice(0, MAX_FAVORITES);
      persist();
      return [...get(userId).favorites];
    },
    preferences: (userId: string): Record<string, string> => ({ ...get(userId).preferences }),
    upsertPreferences(userId: string, values: Record<string, string>): Record<string, string> {
      Object.assign(get(userId).preferences, values);
      persist();
      return { ...get(userId).preferences };
    },
  };
}

export type UserStore = ReturnType<typeof createUserStore>;
