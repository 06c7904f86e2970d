/**
 * Every account the exchange knows: the built-in profiles and the demo users
 * registered through the sign-in page, with what changes over an account's
 * life (an upgrade to unified). Kept through a text store like the other
 * per-user records, so registered users and upgrades survive reloads and
 * restarts; a stored entry that does not read as a profile is dropped.
 */
import { demoProfile, PROFILES, type AccountProfile, type MemberTag } from './profiles';
import { memoryPersistence, type TextPersistence } from './perUserRecords';

const TAGS: ReadonlySet<MemberTag> = new Set(['FAIL', 'PROCESS', 'SUCCESS', null]);
const MAX_REGISTERED = 1000;

function readStored(value: unknown): AccountProfile | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const tags = v.memberTags as Record<string, unknown> | undefined;
  if (typeof v.userId !== 'string' || typeof v.nickname !== 'string') return null;
  if (v.accountType !== 'UTA' && v.accountType !== 'CLASSIC') return null;
  if (!tags || !TAGS.has(tags.UTA as MemberTag) || !TAGS.has(tags.UTA_INVERSE as MemberTag)) return null;
  const base = PROFILES.find((p) => p.userId === v.userId) ?? demoProfile(v.userId, v.nickname);
  return {
    ...base,
    accountType: v.accountType,
    memberTags: { UTA: tags.UTA as MemberTag, UTA_INVERSE: tags.UTA_INVERSE as MemberTag },
  };
}

export function createAccountDirectory(persistence: TextPersistence = memoryPersistence()) {
  const accounts = new Map<string, AccountProfile>(PROFILES.map((p) => [p.userId, { ...p, memberTags: { ...p.memberTags } }]));
  const load = () => {
    try {
      const stored: unknown = JSON.parse(persistence.load() ?? '[]');
      if (Array.isArray(stored)) {
        for (const entry of stored) {
          const p = readStored(entry);
          if (p) accounts.set(p.userId, p);
        }
      }
    } catch {
      // Unreadable stored text: the built-in profiles only.
    }
  };
  load();
  const persist = () => {
    const changed = [...accounts.values()].filter((p) => p.registered || JSON.stringify(p) !== JSON.stringify(PROFILES.find((b) => b.userId === p.userId)));
    try {
      persistence.save(JSON.stringify(changed.map((p) => ({ userId: p.userId, nickname: p.nickname, accountType: p.accountType, memberTags: p.memberTags }))));
    } catch {
      // A full or blocked store keeps the accounts in memory for this run.
    }
  };
  const listeners = new Set<(profile: AccountProfile) => void>();
  return {
    find(userId: string | null): AccountProfile | null {
      if (userId === null) return null;
      // A demo user registered in another tab of the in-page exchange (they share the store).
      if (!accounts.has(userId)) {
        load();
        const p = accounts.get(userId);
        if (p) listeners.forEach((l) => l(p));
      }
      return accounts.get(userId) ?? null;
    },
    list: (): AccountProfile[] => [...accounts.values()],
    /** re-reads the store (another tab of the in-page exchange registered a user or upgraded) */
    reload(): void {
      load();
      accounts.forEach((p) => listeners.forEach((l) => l(p)));
    },
    builtIn: (): AccountProfile[] => PROFILES.map((p) => accounts.get(p.userId)!),
    /** a new demo user; null when the exchange holds as many as it takes */
    registerDemo(nickname: string, newId: () => string): AccountProfile | null {
      if ([...accounts.values()].filter((p) => p.registered).length >= MAX_REGISTERED) return null;
      let userId = newId();
      while (accounts.has(userId)) userId = newId();
      const p = demoProfile(userId, nickname);
      accounts.set(userId, p);
      persist();
      listeners.forEach((l) => l(p));
      return p;
    },
    /** changes an account's type or tags (the standard → unified upgrade) */
    update(userId: string, change: Partial<Pick<AccountProfile, 'accountType' | 'memberTags'>>): AccountProfile | null {
      const p = accounts.get(userId);
      if (!p) return null;
      Object.assign(p, change);
      persist();
      listeners.forEach((l) => l(p));
      return p;
    },
    /** told about every new or changed account (the exchange opens or re-types its ledger account) */
    onChange(listener: (profile: AccountProfile) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type AccountDirectory = ReturnType<typeof createAccountDirectory>;
