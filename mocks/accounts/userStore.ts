/**
 * Per-user data the exchange keeps server-side: favorite symbols, the
 * preference keys of the preference-save call (setPrefSetting) and whether
 * the user was guided through OTC. Persisted through a small
 * text store (localStorage in-page, memory elsewhere) so it survives reloads
 * like a real account does; unreadable stored text starts empty, never throws.
 */
import { memoryPersistence, perUserRecords, type TextPersistence } from './perUserRecords';

export { memoryPersistence, type TextPersistence };

interface UserData {
  favorites: string[];
  preferences: Record<string, string>;
  /** the OTC guided status (spec 2 §7 `result.guided`): set once the OTC introduction was gone through */
  otcGuided: boolean;
}

export const MAX_FAVORITES = 200;

function readUser(value: unknown): UserData {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Partial<UserData>;
  const favorites = Array.isArray(v.favorites) ? v.favorites.filter((s): s is string => typeof s === 'string') : [];
  const preferences: Record<string, string> = {};
  if (typeof v.preferences === 'object' && v.preferences !== null) {
    for (const [k, pv] of Object.entries(v.preferences)) if (typeof pv === 'string') preferences[k] = pv;
  }
  return { favorites, preferences, otcGuided: v.otcGuided === true };
}

/**
 * The preference keys whose values the exchange knows (spec 2 §3, §7
 * setPrefSetting): the sync-app flag is Y or N, the read and no-show flags
 * are Y or N, the offline-alert key a timestamp in ms. Other keys stay free
 * text. Answers what is wrong, or null.
 */
const KNOWN_PREFERENCES: Readonly<Record<string, RegExp>> = {
  spot_kline_sync_app: /^[YN]$/,
  spot_kline_sync_app_notice_read: /^[YN]$/,
  no_show_station_notice: /^[YN]$/,
  standard_account_offline_alert: /^[1-9]\d{0,15}$/,
};

export function preferenceValueError(key: string, value: string): string | null {
  const rule = KNOWN_PREFERENCES[key];
  if (!rule || rule.test(value)) return null;
  return key === 'standard_account_offline_alert' ? `${key} must be a timestamp in ms` : `${key} must be Y or N`;
}

export function createUserStore(persistence: TextPersistence = memoryPersistence()) {
  const { get, persist } = perUserRecords(persistence, readUser, (): UserData => ({ favorites: [], preferences: {}, otcGuided: false }));
  return {
    favorites: (userId: string): string[] => [...get(userId).favorites],
    setFavorites(userId: string, symbolIds: readonly string[]): string[] {
      get(userId).favorites = [...new Set(symbolIds)].slice(0, MAX_FAVORITES);
      persist();
      return [...get(userId).favorites];
    },
    preferences: (userId: string): Record<string, string> => ({ ...get(userId).preferences }),
    upsertPreferences(userId: string, values: Record<string, string>): Record<string, string> {
      Object.assign(get(userId).preferences, values);
      persist();
      return { ...get(userId).preferences };
    },
    otcGuided: (userId: string): boolean => get(userId).otcGuided,
    setOtcGuided(userId: string, guided: boolean): boolean {
      get(userId).otcGuided = guided;
      persist();
      return guided;
    },
  };
}

export type UserStore = ReturnType<typeof createUserStore>;
