/**
 * Per-user data the exchange keeps server-side: favorite symbols and the
 * preference keys of the preference-save call. Persisted through a small
 * text store (localStorage in-page, memory elsewhere) so it survives reloads
 * like a real account does; unreadable stored text starts empty, never throws.
 */
export interface TextPersistence {
  load(): string | null;
  save(text: string): void;
}

interface UserData {
  favorites: string[];
  preferences: Record<string, string>;
}

export const MAX_FAVORITES = 200;

export function memoryPersistence(): TextPersistence {
  let text: string | null = null;
  return { load: () => text, save: (t) => void (text = t) };
}

function readAll(persistence: TextPersistence): Map<string, UserData> {
  const users = new Map<string, UserData>();
  let parsed: unknown;
  try {
    parsed = JSON.parse(persistence.load() ?? '{}');
  } catch {
    return users;
  }
  if (typeof parsed !== 'object' || parsed === null) return users;
  for (const [id, value] of Object.entries(parsed as Record<string, unknown>)) {
    const v = (value ?? {}) as Partial<UserData>;
    const favorites = Array.isArray(v.favorites) ? v.favorites.filter((s): s is string => typeof s === 'string') : [];
    const preferences: Record<string, string> = {};
    if (typeof v.preferences === 'object' && v.preferences !== null) {
      for (const [k, pv] of Object.entries(v.preferences)) if (typeof pv === 'string') preferences[k] = pv;
    }
    users.set(id, { favorites, preferences });
  }
  return users;
}

export function createUserStore(persistence: TextPersistence = memoryPersistence()) {
  const users = readAll(persistence);
  const get = (userId: string): UserData => {
    let data = users.get(userId);
    if (!data) {
      data = { favorites: [], preferences: {} };
      users.set(userId, data);
    }
    return data;
  };
  const persist = () => {
    try {
      persistence.save(JSON.stringify(Object.fromEntries(users)));
    } catch {
      // A full or blocked store keeps the data in memory for this run.
    }
  };
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
