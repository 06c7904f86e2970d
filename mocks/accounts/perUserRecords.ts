/**
 * The exchange's per-user records (favorites, preferences, chart saves …):
 * one JSON object of userId → record, kept through a small text store
 * (localStorage in-page, a file or memory elsewhere). Unreadable stored text
 * starts empty and a failing store keeps the data in memory; neither throws.
 */
export interface TextPersistence {
  load(): string | null;
  save(text: string): void;
}

export function memoryPersistence(): TextPersistence {
  let text: string | null = null;
  return { load: () => text, save: (t) => void (text = t) };
}

export interface PerUserRecords<T> {
  /** the user's record, created empty on first use */
  get(userId: string): T;
  /** writes every record after a change */
  persist(): void;
}

/** `read` turns one stored value into a record (bad parts → defaults); `empty` makes a new user's record. */
export function perUserRecords<T>(persistence: TextPersistence, read: (stored: unknown) => T, empty: () => T): PerUserRecords<T> {
  const users = new Map<string, T>();
  try {
    const parsed: unknown = JSON.parse(persistence.load() ?? '{}');
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      for (const [id, value] of Object.entries(parsed)) users.set(id, read(value));
    }
  } catch {
    // Unreadable stored text: start empty.
  }
  return {
    get(userId) {
      let data = users.get(userId);
      if (data === undefined) {
        data = empty();
        users.set(userId, data);
      }
      return data;
    },
    persist() {
      try {
        persistence.save(JSON.stringify(Object.fromEntries(users)));
      } catch {
        // A full or blocked store keeps the data in memory for this run.
      }
    },
  };
}
