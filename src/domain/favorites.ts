/** Favorite and recent symbol lists: pure list rules shared by the visitor and signed-in paths. */

export const MAX_FAVORITES = 200;
export const MAX_RECENTS = 10;

const SYMBOL_ID = /^[A-Z0-9]{2,24}$/;

/**
 * Stored favorites are untrusted (hand-edited, older formats): keep the valid
 * symbol ids in order, once each; anything else reads as an empty list.
 */
export function sanitizeFavorites(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const ids = value.filter((v): v is string => typeof v === 'string' && SYMBOL_ID.test(v));
  return [...new Set(ids)].slice(0, MAX_FAVORITES);
}

/** Adds at the end or removes; a full list refuses to grow (returns it unchanged). */
export function toggleFavorite(list: readonly string[], symbolId: string): string[] {
  if (list.includes(symbolId)) return list.filter((id) => id !== symbolId);
  if (list.length >= MAX_FAVORITES) return [...list];
  return [...list, symbolId];
}

export interface RecentVisit {
  symbolId: string;
  /** ms */
  visitedAt: number;
}

/** Most recent first, each symbol once, at most MAX_RECENTS. */
export function pushRecent(list: readonly RecentVisit[], symbolId: string, at: number): RecentVisit[] {
  return [{ symbolId, visitedAt: at }, ...list.filter((v) => v.symbolId !== symbolId)].slice(0, MAX_RECENTS);
}

/**
 * Both lists as one (a visitor's visits joining the account's at sign-in):
 * newest first, each symbol at its latest visit, at most MAX_RECENTS.
 */
export function mergeRecents(a: readonly RecentVisit[], b: readonly RecentVisit[]): RecentVisit[] {
  const latest = new Map<string, number>();
  for (const v of [...a, ...b]) latest.set(v.symbolId, Math.max(latest.get(v.symbolId) ?? -Infinity, v.visitedAt));
  return [...latest]
    .map(([symbolId, visitedAt]) => ({ symbolId, visitedAt }))
    .sort((x, y) => y.visitedAt - x.visitedAt || (x.symbolId < y.symbolId ? -1 : 1))
    .slice(0, MAX_RECENTS);
}

/** True when the two lists name the same visits in the same order. */
export function sameRecents(a: readonly RecentVisit[], b: readonly RecentVisit[]): boolean {
  return a.length === b.length && a.every((v, i) => v.symbolId === b[i]!.symbolId && v.visitedAt === b[i]!.visitedAt);
}
