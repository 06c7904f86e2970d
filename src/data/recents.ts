import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { MAX_RECENTS, mergeRecents, pushRecent, sameRecents, type RecentVisit } from '../domain/favorites';
import { fetchRecents, saveRecents, saveRecentVisit } from './api/user';
import { openDatabase } from './database';
import type { SpotDatabase } from './db';
import { useProfile } from './queries';

export const recentsQueryKey = ['user', 'recents'] as const;

async function readRecents(db: SpotDatabase): Promise<RecentVisit[]> {
  const rows = await db.recents.orderBy('visitedAt').reverse().limit(MAX_RECENTS).toArray();
  return rows.filter((r) => typeof r.symbolId === 'string' && Number.isFinite(r.visitedAt));
}

/**
 * Records a visit on this device; older visits beyond the cap are deleted.
 * IndexedDB can be unavailable (private mode, blocked): then they are simply not kept.
 */
export async function recordRecentVisit(symbolId: string, at: number): Promise<void> {
  try {
    const db = await openDatabase();
    await db.transaction('rw', db.recents, async () => {
      const next = pushRecent(await readRecents(db), symbolId, at);
      await db.recents.clear();
      await db.recents.bulkPut(next);
    });
  } catch {
    // Nothing to keep them in.
  }
}

/** This device's recents, most recent first; live across tabs (Dexie's liveQuery). */
function useLocalRecents(): RecentVisit[] {
  const [recents, setRecents] = useState<RecentVisit[]>([]);
  useEffect(() => {
    let stop: (() => void) | null = null;
    let ended = false;
    // Dexie and the database load after the first paint; the query then runs inside liveQuery with the db in hand.
    void Promise.all([import('dexie'), openDatabase()])
      .then(([{ liveQuery }, db]) => {
        if (ended) return;
        const subscription = liveQuery(() => readRecents(db)).subscribe({ next: setRecents, error: () => setRecents([]) });
        stop = () => subscription.unsubscribe();
      })
      .catch(() => setRecents([]));
    return () => {
      ended = true;
      stop?.();
    };
  }, []);
  return recents;
}

const NONE: RecentVisit[] = [];
/** Accounts whose server list already took this device's visits (page lifetime). */
const mergedFor = new Set<string>();

/**
 * Recent symbols, most recent first: the exchange's list for a signed-in user
 * (every device sees it), this device's for a visitor. While the server list
 * loads or fails, the device's own list stands in.
 */
export function useRecents(): RecentVisit[] {
  const profile = useProfile().data;
  const loggedIn = profile?.loggedIn ?? false;
  const local = useLocalRecents();
  const client = useQueryClient();
  const server = useQuery({ queryKey: recentsQueryKey, queryFn: ({ signal }) => fetchRecents(signal), enabled: loggedIn });
  // What this device visited before signing in joins the account's list, once per account and page.
  const userId = profile?.userId ?? null;
  const serverList = server.data;
  useEffect(() => {
    if (!userId || !serverList || mergedFor.has(userId) || local.length === 0) return;
    mergedFor.add(userId);
    const merged = mergeRecents(serverList, local);
    if (sameRecents(merged, serverList)) return;
    saveRecents(merged)
      .then((saved) => client.setQueryData(recentsQueryKey, saved))
      .catch(() => mergedFor.delete(userId));
  }, [userId, serverList, local, client]);
  if (!loggedIn) return local;
  return server.data ?? (server.isError ? local : NONE);
}

/** Records a visit on the device and, for a signed-in user, with the exchange (a failed save keeps the local one). */
export function useRecordRecentVisit(): (symbolId: string, at: number) => void {
  const client = useQueryClient();
  const loggedIn = useProfile().data?.loggedIn ?? false;
  return useCallback(
    (symbolId: string, at: number) => {
      void recordRecentVisit(symbolId, at);
      if (!loggedIn) return;
      saveRecentVisit(symbolId, at)
        .then((saved) => client.setQueryData(recentsQueryKey, saved))
        .catch(() => undefined);
    },
    [client, loggedIn],
  );
}
