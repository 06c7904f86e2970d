/**
 * Signed-in sessions: an opaque random token per sign-in, mapped to its user.
 * The token travels as the `spot_session` cookie or a Bearer header; it
 * says nothing about the user by itself, so a guessed user id signs nobody in.
 * Kept through a text store so a reload (or a server restart) keeps people
 * signed in; sessions end on log-out or after SESSION_TTL_MS.
 */
import { memoryPersistence, type TextPersistence } from './perUserRecords';

export const SESSION_TTL_MS = 30 * 86_400_000;
const TOKEN = /^[0-9a-f]{48}$/;
const MAX_SESSIONS = 5000;

interface SessionRecord {
  userId: string;
  createdAt: number;
}

export function newToken(): string {
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export function createSessionStore(persistence: TextPersistence = memoryPersistence(), now: () => number = Date.now) {
  const sessions = new Map<string, SessionRecord>();
  const load = () => {
    sessions.clear();
    try {
      const stored: unknown = JSON.parse(persistence.load() ?? '{}');
      if (typeof stored === 'object' && stored !== null && !Array.isArray(stored)) {
        for (const [token, value] of Object.entries(stored)) {
          const v = value as Partial<SessionRecord> | null;
          if (TOKEN.test(token) && v && typeof v.userId === 'string' && typeof v.createdAt === 'number') sessions.set(token, { userId: v.userId, createdAt: v.createdAt });
        }
      }
    } catch {
      // Unreadable stored text: nobody is signed in.
    }
  };
  load();
  const persist = () => {
    try {
      persistence.save(JSON.stringify(Object.fromEntries(sessions)));
    } catch {
      // A full or blocked store keeps the sessions in memory for this run.
    }
  };
  return {
    open(userId: string): string {
      const token = newToken();
      sessions.set(token, { userId, createdAt: now() });
      // The oldest sessions go first when the store is full.
      while (sessions.size > MAX_SESSIONS) sessions.delete(sessions.keys().next().value!);
      persist();
      return token;
    },
    /** the token's user, or null for an unknown, malformed or expired token */
    userOf(token: string | null): string | null {
      if (token === null || !TOKEN.test(token)) return null;
      // Another tab of the in-page exchange may have signed in since this one loaded (they share the store).
      if (!sessions.has(token)) load();
      const s = sessions.get(token);
      if (!s) return null;
      if (now() - s.createdAt > SESSION_TTL_MS) {
        sessions.delete(token);
        persist();
        return null;
      }
      return s.userId;
    },
    /** re-reads the store (another tab of the in-page exchange signed in or out) */
    reload: load,
    close(token: string | null): boolean {
      if (token === null) return false;
      load();
      if (!sessions.delete(token)) return false;
      persist();
      return true;
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
