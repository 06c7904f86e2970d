/**
 * The one-way sync-to-app option of the display menu (spec 1 §2.3, §7): its
 * feature flag, its Y/N server preference and its unread dot.
 */
import { useCallback, useState } from 'react';
import { readString, STORAGE_KEYS, writeString } from './storage';
import { useSavePreferences, useUserPreferences } from './userPreferences';

/**
 * The sync-to-app feature flag of the build: on unless the build sets
 * `VITE_CHART_SYNC_APP=false`. The compliance configuration (`syncApp`) must allow it too.
 */
export const SYNC_APP_FEATURE_FLAG: boolean = (import.meta.env.VITE_CHART_SYNC_APP as string | undefined) !== 'false';

/** The preference key of the sync-app flag (Y or N), named like the other `spot_…` preference keys. */
export const SYNC_APP_PREF_KEY = 'spot_kline_sync_app';

export interface SyncToApp {
  on: boolean;
  /** the option was never opened on this device: it carries a dot */
  unread: boolean;
  toggle: () => void;
  markSeen: () => void;
}

export function useSyncToApp(): SyncToApp {
  const preferences = useUserPreferences();
  const save = useSavePreferences();
  const on = preferences.values[SYNC_APP_PREF_KEY] === 'Y';
  const [unread, setUnread] = useState(() => readString(STORAGE_KEYS.syncAppSeen) === null);
  const { mutate } = save;
  const toggle = useCallback(() => mutate({ [SYNC_APP_PREF_KEY]: on ? 'N' : 'Y' }), [mutate, on]);
  const markSeen = useCallback(() => {
    if (readString(STORAGE_KEYS.syncAppSeen) === null) writeString(STORAGE_KEYS.syncAppSeen, String(Date.now()));
    setUnread(false);
  }, []);
  return { on, unread, toggle, markSeen };
}
