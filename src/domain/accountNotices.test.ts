import { describe, expect, it } from 'vitest';
import {
  closingUpsert,
  NO_SHOW_STATION_NOTICE_PREF_KEY,
  OFFLINE_ALERT_PREF_KEY,
  SYNC_APP_NOTICE_READ_PREF_KEY,
  syncAppAnswer,
  visibleAccountNotices,
  type NoticeViewer,
} from './accountNotices';

const FLAG = 'spot_kline_sync_app';

const viewer = (over: Partial<NoticeViewer> = {}): NoticeViewer => ({
  loggedIn: true,
  isDemo: false,
  accountType: 'UTA',
  copyTradeLeader: false,
  prefsLoaded: true,
  prefs: {},
  syncFeatureFlag: true,
  syncCompliance: true,
  syncFlagKey: FLAG,
  ...over,
});

describe('account notices (spec 2 §2, §4, §5)', () => {
  it('shows nothing to visitors, nor before the preferences are known', () => {
    expect(visibleAccountNotices(viewer({ loggedIn: false, accountType: 'CLASSIC' }))).toEqual([]);
    expect(visibleAccountNotices(viewer({ prefsLoaded: false, accountType: 'CLASSIC', copyTradeLeader: true }))).toEqual([]);
  });

  it('a classic account sees the offline notice until a close timestamp is stored', () => {
    const classic = { accountType: 'CLASSIC' as const, syncCompliance: false };
    expect(visibleAccountNotices(viewer(classic))).toEqual(['standardOffline']);
    expect(visibleAccountNotices(viewer({ ...classic, prefs: { [OFFLINE_ALERT_PREF_KEY]: '1793610000000' } }))).toEqual([]);
    // a value that is no timestamp does not count as closed
    expect(visibleAccountNotices(viewer({ ...classic, prefs: { [OFFLINE_ALERT_PREF_KEY]: 'yes' } }))).toEqual(['standardOffline']);
    expect(visibleAccountNotices(viewer({ ...classic, prefs: { [OFFLINE_ALERT_PREF_KEY]: '0' } }))).toEqual(['standardOffline']);
    // unified and demo accounts never see it
    expect(visibleAccountNotices(viewer({ syncCompliance: false }))).toEqual([]);
    expect(visibleAccountNotices(viewer({ ...classic, isDemo: true }))).toEqual([]);
  });

  it('a copy-trading leader sees the copy-trading-off notice until it is closed', () => {
    expect(visibleAccountNotices(viewer({ copyTradeLeader: true, syncCompliance: false }))).toEqual(['copyTradingOff']);
    expect(visibleAccountNotices(viewer({ copyTradeLeader: true, syncCompliance: false, prefs: { [NO_SHOW_STATION_NOTICE_PREF_KEY]: 'Y' } }))).toEqual([]);
    expect(visibleAccountNotices(viewer({ copyTradeLeader: true, syncCompliance: false, prefs: { [NO_SHOW_STATION_NOTICE_PREF_KEY]: 'N' } }))).toEqual(['copyTradingOff']);
  });

  it('sync to app needs the feature flag and compliance, is not for demo accounts, and goes once read or turned on', () => {
    expect(visibleAccountNotices(viewer())).toEqual(['syncApp']);
    expect(visibleAccountNotices(viewer({ syncFeatureFlag: false }))).toEqual([]);
    expect(visibleAccountNotices(viewer({ syncCompliance: false }))).toEqual([]);
    expect(visibleAccountNotices(viewer({ isDemo: true }))).toEqual([]);
    expect(visibleAccountNotices(viewer({ prefs: { [SYNC_APP_NOTICE_READ_PREF_KEY]: 'Y' } }))).toEqual([]);
    expect(visibleAccountNotices(viewer({ prefs: { [FLAG]: 'Y' } }))).toEqual([]);
    expect(visibleAccountNotices(viewer({ prefs: { [FLAG]: 'N' } }))).toEqual(['syncApp']);
  });

  it('stacks what the account must act on first', () => {
    expect(visibleAccountNotices(viewer({ accountType: 'CLASSIC', copyTradeLeader: true }))).toEqual(['standardOffline', 'copyTradingOff', 'syncApp']);
  });

  it('closing writes the spec keys: the offline timestamp, the no-show flag, the read-notice key', () => {
    expect(closingUpsert('standardOffline', 1_793_610_000_123.4)).toEqual({ [OFFLINE_ALERT_PREF_KEY]: '1793610000123' });
    expect(closingUpsert('copyTradingOff', 0)).toEqual({ [NO_SHOW_STATION_NOTICE_PREF_KEY]: 'Y' });
    expect(closingUpsert('syncApp', 0)).toEqual({ [SYNC_APP_NOTICE_READ_PREF_KEY]: 'Y' });
    expect(syncAppAnswer(FLAG, true)).toEqual({ [FLAG]: 'Y', [SYNC_APP_NOTICE_READ_PREF_KEY]: 'Y' });
    expect(syncAppAnswer(FLAG, false)).toEqual({ [FLAG]: 'N', [SYNC_APP_NOTICE_READ_PREF_KEY]: 'Y' });
  });
});
