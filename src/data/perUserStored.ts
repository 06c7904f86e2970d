/**
 * A per-user record under one local-storage key: JSON `{userId: value}`,
 * validated on every read (bad entries are dropped, never a crash), and
 * written before anyone is told: `set` answers false and changes nothing when
 * storage refuses the write, so the page never shows as kept what a reload
 * would lose. Another tab's write to the key is read again (storage event).
 */
import { readJson, writeJson, type StorageKey } from './storage';
import { storedValue } from './storedValue';

/** Bounds the key on a shared computer: the users seen most recently are kept. */
const MAX_USERS = 50;
const USER_ID = /^[\w.@:-]{1,128}$/;

export type PerUser<T> = Readonly<Record<string, T>>;

export interface PerUserStored<T> {
  /** every user's value as stored (a new object only after a change) */
  all(): PerUser<T>;
  get(userId: string): T | undefined;
  /**
   * Writes the user's next value, computed from what storage holds now (another
   * tab may have written since this one cached); true once it is in storage and
   * subscribers are told.
   */
  update(userId: string, next: (current: T | undefined) => T): boolean;
  subscribe(listener: () => void): () => void;
  /** forgets the cached record (tests) */
  reload(): void;
}

/** `parse` turns one stored entry into a value, or null to drop it. */
export function perUserStored<T>(key: StorageKey, parse: (raw: unknown) => T | null): PerUserStored<T> {
  const read = (): PerUser<T> => {
    const raw = readJson(key);
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
    const out: Record<string, T> = {};
    for (const [userId, entry] of Object.entries(raw).slice(0, MAX_USERS)) {
      if (!USER_ID.test(userId)) continue;
      const value = parse(entry);
      if (value !== null) out[userId] = value;
    }
    return out;
  };
  // The write happens in `update` (before the cache changes), so the stored value's own write is a no-op.
  const stored = storedValue<PerUser<T>>(key, read, () => {});
  return {
    all: () => stored.get(),
    get: (userId) => (Object.hasOwn(stored.get(), userId) ? stored.get()[userId] : undefined),
    update(userId, next) {
      if (!USER_ID.test(userId)) return false;
      const rest = { ...read() };
      const value = next(Object.hasOwn(rest, userId) ? rest[userId] : undefined);
      delete rest[userId];
      const record = Object.fromEntries([[userId, value], ...Object.entries(rest).slice(0, MAX_USERS - 1)]) as PerUser<T>;
      if (!writeJson(key, record)) return false;
      stored.set(record);
      return true;
    },
    subscribe: (listener) => stored.subscribe(listener),
    reload: () => stored.reload(),
  };
}
