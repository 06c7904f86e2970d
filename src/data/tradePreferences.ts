/**
 * The trade-preference flags (spec 2 §3) each user chose, kept on this device
 * per user id under a versioned key. A change is in storage before the page
 * shows it; a visitor has the defaults and nothing to change.
 */
import { useCallback, useSyncExternalStore } from 'react';
import {
  DEFAULT_TRADE_PREFERENCES,
  isTradePreferenceFlag,
  parseTradePreferences,
  type TradePreferenceFlag,
  type TradePreferences,
} from '../domain/order-entry/tradePreferences';
import { perUserStored } from './perUserStored';
import { STORAGE_KEYS } from './storage';

const stored = perUserStored(STORAGE_KEYS.tradePreferences, (raw) =>
  typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? parseTradePreferences(raw) : null,
);

export function readTradePreferences(userId: string | null): TradePreferences {
  return (userId !== null && stored.get(userId)) || DEFAULT_TRADE_PREFERENCES;
}

/** Sets one flag; true once it is stored, false (nothing changed) for a visitor or when storage refuses. */
export function setTradePreference(userId: string | null, flag: TradePreferenceFlag, on: boolean): boolean {
  if (userId === null || !isTradePreferenceFlag(flag) || typeof on !== 'boolean') return false;
  if (stored.get(userId)?.[flag] === on) return true;
  return stored.update(userId, (before = DEFAULT_TRADE_PREFERENCES) => ({ ...before, [flag]: on }));
}

/** Forgets the cached record so the next read goes to storage (tests). */
export function reloadTradePreferences(): void {
  stored.reload();
}

export interface TradePreferencesState {
  /** the stored flags (the form applies `effectiveFlags` for what the rules hide) */
  flags: TradePreferences;
  set: (flag: TradePreferenceFlag, on: boolean) => boolean;
}

export function useTradePreferences(userId: string | null): TradePreferencesState {
  const all = useSyncExternalStore(stored.subscribe, stored.all, stored.all);
  const flags = (userId !== null && Object.hasOwn(all, userId) && all[userId]) || DEFAULT_TRADE_PREFERENCES;
  const set = useCallback((flag: TradePreferenceFlag, on: boolean) => setTradePreference(userId, flag, on), [userId]);
  return { flags, set };
}
