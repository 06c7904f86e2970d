import { getJson, postJson } from '../http';
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
