/**
 * The one-way sync-to-app option of the display menu (spec 1 §2.3, §7): its
 * feature flag, its Y/N server preference and its unread dot.
 */
import { useCallback, useState } from 'react';
import { SYNC_APP_NOTICE_READ_PREF_KEY } from '../domain/accountNotices';
import { readString, STORAGE_KEYS, writeString } from './storage';
import { useProfile } from './queries';
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
  /** the sync-app notice was never read: the option carries a dot */
  unread: boolean;
  toggle: () => void;
  markSeen: () => void;
}

/**
 * The unread dot follows spec 2 §3's per-user key recording that the
 * sync-app notice was read (shared with the account notice of the same
 * name), so it is read once per user, on any device; a visitor has no
 * server preferences and is remembered on this device instead.
 */
export function useSyncToApp(): SyncToApp {
  const preferences = useUserPreferences();
  const save = useSavePreferences();
  const on = preferences.values[SYNC_APP_PREF_KEY] === 'Y';
  const readOnServer = preferences.values[SYNC_APP_NOTICE_READ_PREF_KEY] === 'Y';
  const [seenNow, setSeenNow] = useState(() => readString(STORAGE_KEYS.syncAppSeen) !== null);
  const { mutate } = save;
  const profileKnown = useProfile().data !== undefined;
  const { loggedIn, loaded } = preferences;
  // No dot until it is known whose dot it is (a signed-in user's server key, or a visitor's device).
  const unread = !seenNow && profileKnown && (loggedIn ? loaded && !readOnServer : true);
  const toggle = useCallback(() => mutate({ [SYNC_APP_PREF_KEY]: on ? 'N' : 'Y' }), [mutate, on]);
  const markSeen = useCallback(() => {
    if (!profileKnown) return;
    setSeenNow(true);
    if (loggedIn) {
      if (loaded && !readOnServer) mutate({ [SYNC_APP_NOTICE_READ_PREF_KEY]: 'Y' });
    } else if (readString(STORAGE_KEYS.syncAppSeen) === null) writeString(STORAGE_KEYS.syncAppSeen, String(Date.now()));
  }, [profileKnown, loggedIn, loaded, readOnServer, mutate]);
  return { on, unread, toggle, markSeen };
}
