import { useCallback } from 'react';
import { closingUpsert, syncAppAnswer, visibleAccountNotices, type AccountNoticeId } from '../domain/accountNotices';
import { SYNC_APP_FEATURE_FLAG, SYNC_APP_PREF_KEY } from './chartSyncApp';
import { useProfile, useSiteConfig } from './queries';
import { useSavePreferences, useUserPreferences } from './userPreferences';

export interface AccountNotices {
  visible: AccountNoticeId[];
  /** closes a notice for good: its key goes to the server (setPrefSetting), the cache hides it at once */
  close: (id: AccountNoticeId) => void;
  /** answers the sync-to-app notice: the flag Y or N, and the notice read */
  answerSync: (on: boolean) => void;
}

/**
 * The account notices of spec 2 §2 for whoever is signed in, from the
 * profile, the server-side preferences and the compliance configuration.
 * A save that fails leaves the notice closed for this page only: it comes
 * back on the next visit, which is the honest outcome of an unsaved close.
 */
export function useAccountNotices(): AccountNotices {
  const profile = useProfile().data;
  const preferences = useUserPreferences();
  const site = useSiteConfig();
  const { mutate } = useSavePreferences();
  const visible = visibleAccountNotices({
    loggedIn: profile?.loggedIn ?? false,
    isDemo: profile?.isDemo ?? false,
    accountType: profile?.accountType ?? null,
    copyTradeLeader: profile?.copyTradeLeader ?? false,
    prefsLoaded: preferences.loaded,
    prefs: preferences.values,
    syncFeatureFlag: SYNC_APP_FEATURE_FLAG,
    syncCompliance: site.syncApp,
    syncFlagKey: SYNC_APP_PREF_KEY,
  });
  const close = useCallback((id: AccountNoticeId) => mutate(closingUpsert(id, Date.now())), [mutate]);
  const answerSync = useCallback((on: boolean) => mutate(syncAppAnswer(SYNC_APP_PREF_KEY, on)), [mutate]);
  return { visible, close, answerSync };
}
