import { getJson, postJson } from '../http';
import type { RecentVisit } from '../../domain/favorites';
import { list, record } from './parse';

export const FAVORITES_PATH = '/spot/api/user/favorites';
export const PREFERENCES_PATH = '/spot/api/user/preferences';

function parseFavorites(value: unknown): string[] {
  return list(record(value, 'favorites').list, 'favorites.list').filter((v): v is string => typeof v === 'string');
}

function parsePreferences(value: unknown): Record<string, string> {
  const values = record(record(value, 'preferences').values ?? {}, 'preferences.values');
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) if (typeof v === 'string') out[k] = v;
  return out;
}

/** A signed-in user's favorite symbol ids, in the user's order. */
export function fetchFavorites(signal?: AbortSignal): Promise<string[]> {
  return getJson(FAVORITES_PATH, parseFavorites, signal);
}

/** Replaces the whole list (the order is the user's); answers the list as stored. */
export function saveFavorites(symbolIds: readonly string[]): Promise<string[]> {
  return postJson(FAVORITES_PATH, { symbolIds }, parseFavorites);
}

export function fetchPreferences(signal?: AbortSignal): Promise<Record<string, string>> {
  return getJson(PREFERENCES_PATH, parsePreferences, signal);
}

/** Spec 1 §7 preference save: `upsert_keys`, e.g. the new-user guide flag and the sync-app flag (Y or N). */
export function savePreferences(values: Record<string, string>): Promise<Record<string, string>> {
  return postJson(PREFERENCES_PATH, { upsert_keys: values }, parsePreferences);
}

export const RECENTS_PATH = '/spot/api/user/recents';

function parseRecents(value: unknown): RecentVisit[] {
  return list(record(value, 'recents').list, 'recents.list').flatMap((v) => {
    const o = typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
    return typeof o.symbolId === 'string' && typeof o.visitedAt === 'number' && Number.isFinite(o.visitedAt) ? [{ symbolId: o.symbolId, visitedAt: o.visitedAt }] : [];
  });
}

/** A signed-in user's recently visited symbols, most recent first (kept by the exchange, so every device sees them). */
export function fetchRecents(signal?: AbortSignal): Promise<RecentVisit[]> {
  return getJson(RECENTS_PATH, parseRecents, signal);
}

/** Records one visit; answers the list as stored. */
export function saveRecentVisit(symbolId: string, visitedAt: number): Promise<RecentVisit[]> {
  return postJson(RECENTS_PATH, { symbolId, visitedAt }, parseRecents);
}

/** Replaces the list (a visitor's visits merged in at sign-in); answers the list as stored. */
export function saveRecents(visits: readonly RecentVisit[]): Promise<RecentVisit[]> {
  return postJson(RECENTS_PATH, { list: visits }, parseRecents);
}
