/**
 * Signed-in users' recently visited symbols (issue 8 part 6: the market
 * panels and the footer read them), kept server-side per user through the
 * same per-user record store as favorites, so they survive reloads where
 * the persistence does. Newest first, one entry per symbol, at most 10.
 */
import { memoryPersistence, perUserRecords, type TextPersistence } from '../../accounts/perUserRecords';

export const MAX_RECENTS = 10;

export interface RecentVisit {
  symbolId: string;
  /** exchange time of the visit, ms */
  visitedAt: number;
}

const isVisit = (v: unknown): v is RecentVisit => {
  if (typeof v !== 'object' || v === null) return false;
  const { symbolId, visitedAt } = v as Record<string, unknown>;
  return typeof symbolId === 'string' && typeof visitedAt === 'number' && Number.isSafeInteger(visitedAt) && visitedAt >= 0;
};

/** Newest first; the newest visit of a symbol wins; cut to the maximum. */
function normalise(visits: readonly RecentVisit[]): RecentVisit[] {
  const sorted = visits.map((v, i) => ({ v, i })).sort((a, b) => b.v.visitedAt - a.v.visitedAt || a.i - b.i);
  const seen = new Set<string>();
  const out: RecentVisit[] = [];
  for (const { v } of sorted) {
    if (seen.has(v.symbolId)) continue;
    seen.add(v.symbolId);
    out.push({ symbolId: v.symbolId, visitedAt: v.visitedAt });
    if (out.length === MAX_RECENTS) break;
  }
  return out;
}

function readRecents(stored: unknown): RecentVisit[] {
  return Array.isArray(stored) ? normalise(stored.filter(isVisit)) : [];
}

export function createRecentsStore(persistence: TextPersistence = memoryPersistence()) {
  const records = perUserRecords<{ list: RecentVisit[] }>(
    persistence,
    (stored) => ({ list: readRecents((stored as { list?: unknown } | null)?.list) }),
    () => ({ list: [] }),
  );
  const copy = (userId: string) => records.get(userId).list.map((v) => ({ ...v }));
  return {
    list: copy,
    /** a visit moves the symbol to the front, whatever its time says about the others */
    visit(userId: string, symbolId: string, visitedAt: number): RecentVisit[] {
      const record = records.get(userId);
      record.list = [{ symbolId, visitedAt }, ...record.list.filter((v) => v.symbolId !== symbolId)].slice(0, MAX_RECENTS);
      records.persist();
      return copy(userId);
    },
    /** replaces the whole list (a visitor's local list merged by the page at sign-in) */
    replace(userId: string, visits: readonly RecentVisit[]): RecentVisit[] {
      records.get(userId).list = normalise(visits);
      records.persist();
      return copy(userId);
    },
  };
}

export type RecentsStore = ReturnType<typeof createRecentsStore>;
