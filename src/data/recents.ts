import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { MAX_RECENTS, pushRecent, type RecentVisit } from '../domain/favorites';
import { getDatabase } from './db';

async function readRecents(): Promise<RecentVisit[]> {
  const rows = await getDatabase().recents.orderBy('visitedAt').reverse().limit(MAX_RECENTS).toArray();
  return rows.filter((r) => typeof r.symbolId === 'string' && Number.isFinite(r.visitedAt));
}

/**
 * Records a visit; older visits beyond the cap are deleted. IndexedDB can be
 * unavailable (private mode, blocked): then recents are simply not kept.
 */
export async function recordRecentVisit(symbolId: string, at: number): Promise<void> {
  try {
    const db = getDatabase();
    await db.transaction('rw', db.recents, async () => {
      const next = pushRecent(await readRecents(), symbolId, at);
      await db.recents.clear();
      await db.recents.bulkPut(next);
    });
  } catch {
    // Nothing to keep them in.
  }
}

/** Recent symbols, most recent first; live across tabs (Dexie's liveQuery). */
export function useRecents(): RecentVisit[] {
  const [recents, setRecents] = useState<RecentVisit[]>([]);
  useEffect(() => {
    const subscription = liveQuery(readRecents).subscribe({
      next: setRecents,
      error: () => setRecents([]),
    });
    return () => subscription.unsubscribe();
  }, []);
  return recents;
}
