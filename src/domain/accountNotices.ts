/**
 * The account notices of spec 2 §2 (copy-trading-off notice for new leaders,
 * standard-account offline notice, sync to app) and the preference keys
 * their closing writes through setPrefSetting (§3, §4, §5, §7). Pure: the
 * caller gives the profile, the stored preferences and the clock.
 */

/** Spec 2 §3/§4/§7: the standard-account-offline-alert timestamp (ms, written when the notice is closed). */
export const OFFLINE_ALERT_PREF_KEY = 'standard_account_offline_alert';
/**
 * Spec 2 §3/§7: the no-show-station-notice flag. The copy-trading-off notice
 * is the one site (station) notice of this page with no other place to
 * remember its closing, so closing it writes this flag ('Y').
 */
export const NO_SHOW_STATION_NOTICE_PREF_KEY = 'no_show_station_notice';
/** Spec 2 §3: the key recording that the sync-app notice was read; kept with the user's preferences, so per user. */
export const SYNC_APP_NOTICE_READ_PREF_KEY = 'spot_kline_sync_app_notice_read';

/** In the order they stack: what the account must act on first. */
export const ACCOUNT_NOTICE_IDS = ['standardOffline', 'copyTradingOff', 'syncApp'] as const;
export type AccountNoticeId = (typeof ACCOUNT_NOTICE_IDS)[number];

export interface NoticeViewer {
  loggedIn: boolean;
  isDemo: boolean;
  accountType: 'UTA' | 'CLASSIC' | null;
  copyTradeLeader: boolean;
  /** false until the preferences answered: a notice is never flashed at someone who may have closed it */
  prefsLoaded: boolean;
  prefs: Readonly<Record<string, string>>;
  /** spec 2 §5: sync to app needs the feature flag and the compliance setting */
  syncFeatureFlag: boolean;
  syncCompliance: boolean;
  /** the preference key of the sync-app flag (Y or N), owned by the chart's sync option */
  syncFlagKey: string;
}

const isTimestamp = (value: string | undefined) => value !== undefined && /^\d{1,16}$/.test(value) && Number(value) > 0;

/**
 * Which notices show, in stacking order. A classic account sees the offline
 * notice until it closed it once (the stored timestamp); a copy-trading
 * leader the copy-trading-off notice until it closed it; sync to app shows
 * where the feature flag and compliance allow it (§5; not for demo accounts,
 * which have no cloud chart settings to sync), until read, and not to
 * someone who already turned it on.
 */
export function visibleAccountNotices(viewer: NoticeViewer): AccountNoticeId[] {
  if (!viewer.loggedIn || !viewer.prefsLoaded) return [];
  const { prefs } = viewer;
  const shown: Record<AccountNoticeId, boolean> = {
    standardOffline: viewer.accountType === 'CLASSIC' && !viewer.isDemo && !isTimestamp(prefs[OFFLINE_ALERT_PREF_KEY]),
    copyTradingOff: viewer.copyTradeLeader && prefs[NO_SHOW_STATION_NOTICE_PREF_KEY] !== 'Y',
    syncApp:
      viewer.syncFeatureFlag &&
      viewer.syncCompliance &&
      !viewer.isDemo &&
      prefs[SYNC_APP_NOTICE_READ_PREF_KEY] !== 'Y' &&
      prefs[viewer.syncFlagKey] !== 'Y',
  };
  return ACCOUNT_NOTICE_IDS.filter((id) => shown[id]);
}

/** The setPrefSetting upsert that closes a notice for good (`now` in ms). */
export function closingUpsert(id: AccountNoticeId, now: number): Record<string, string> {
  switch (id) {
    case 'standardOffline':
      return { [OFFLINE_ALERT_PREF_KEY]: String(Math.max(1, Math.floor(now))) };
    case 'copyTradingOff':
      return { [NO_SHOW_STATION_NOTICE_PREF_KEY]: 'Y' };
    case 'syncApp':
      return { [SYNC_APP_NOTICE_READ_PREF_KEY]: 'Y' };
  }
}

/** Answering the sync-to-app notice sets the flag (Y or N) and reads the notice in one upsert. */
export function syncAppAnswer(syncFlagKey: string, on: boolean): Record<string, string> {
  return { [syncFlagKey]: on ? 'Y' : 'N', [SYNC_APP_NOTICE_READ_PREF_KEY]: 'Y' };
}
