// @vitest-environment jsdom
import { setupServer } from 'msw/node';
import { afterEach, describe, expect, it } from 'vitest';
import { sitePreset, type SiteConfig } from '../site';
import { createHandlers } from './handlers';
import { createAccountService } from '../accounts/service';
import { sessionCookie } from '../accounts/testKit';

const accounts = createAccountService();
const cookieOf = (userId: string) => sessionCookie(accounts, userId);
import { FAVORITES_PATH, OTC_GUIDED_PATH, PREFERENCES_PATH, PROFILE_PATH, SITE_CONFIG_PATH } from './user';

/** Contract of the account REST (profile, favorites, preferences, site config) under msw/node, as the page calls it. */
const servers: ReturnType<typeof setupServer>[] = [];
afterEach(() => servers.splice(0).forEach((s) => s.close()));

function backend(site: SiteConfig = sitePreset('global')) {
  const server = setupServer(...createHandlers({ site: () => site , accounts }));
  server.listen({ onUnhandledFrame: 'error' });
  servers.push(server);
}

const UTA = cookieOf('u-uta');

async function call(path: string, options: { cookie?: string; body?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.cookie) headers.cookie = options.cookie;
  const response = await fetch(path, { method: options.body === undefined ? 'GET' : 'POST', headers, body: options.body });
  return (await response.json()) as { code: number; success: boolean; result?: Record<string, unknown>; message?: string };
}

describe('profile', () => {
  it('answers a visitor without a session cookie', async () => {
    backend();
    expect((await call(PROFILE_PATH)).result).toMatchObject({ userState: 0, isDemo: false, accountType: null, userId: null, eaaRestricted: false });
  });

  it('answers the signed-in account of the session token; a user id in place of a token is a visitor', async () => {
    backend();
    expect((await call(PROFILE_PATH, { cookie: UTA })).result).toEqual({
      userState: 1, userId: 'u-uta', nickname: 'Unified trader', accountType: 'UTA', isDemo: false, eaaRestricted: false,
      isSubAccount: false, copyTradeLeader: false, marginStatus: 'normal', memberTags: { UTA: 'SUCCESS', UTA_INVERSE: 'SUCCESS' },
    });
    expect((await call(PROFILE_PATH, { cookie: 'spot_session=u-uta' })).result).toMatchObject({ userState: 0 });
    expect((await call(PROFILE_PATH, { cookie: cookieOf('u-demo') })).result).toMatchObject({ userState: 1, isDemo: true });
    expect((await call(PROFILE_PATH, { cookie: cookieOf('u-eaa') })).result).toMatchObject({ userState: 1, eaaRestricted: true });
    expect((await call(PROFILE_PATH, { cookie: 'spot_session=nobody' })).result).toMatchObject({ userState: 0 });
  });
});

describe('favorites', () => {
  it('refuses a visitor with 10007 on read and on write', async () => {
    backend();
    expect(await call(FAVORITES_PATH)).toMatchObject({ code: 10007, success: false });
    expect(await call(FAVORITES_PATH, { body: JSON.stringify({ symbolIds: ['BTCUSDT'] }) })).toMatchObject({ code: 10007 });
  });

  it('starts empty, stores the list in order once each, and reads it back', async () => {
    backend();
    expect((await call(FAVORITES_PATH, { cookie: UTA })).result).toEqual({ list: [] });
    const saved = await call(FAVORITES_PATH, { cookie: UTA, body: JSON.stringify({ symbolIds: ['ETHUSDT', 'BTCUSDT', 'ETHUSDT'] }) });
    expect(saved.result).toEqual({ list: ['ETHUSDT', 'BTCUSDT'] });
    expect((await call(FAVORITES_PATH, { cookie: UTA })).result).toEqual({ list: ['ETHUSDT', 'BTCUSDT'] });
    // Another account does not see them.
    expect((await call(FAVORITES_PATH, { cookie: cookieOf('u-standard') })).result).toEqual({ list: [] });
  });

  it.each([
    ['not JSON', '{'],
    ['not an object', '[1]'],
    ['no list', '{}'],
    ['a bad id', JSON.stringify({ symbolIds: ['btc-usdt'] })],
    ['a number', JSON.stringify({ symbolIds: [1] })],
  ])('refuses a body that is %s with 10001', async (_what, body) => {
    backend();
    expect(await call(FAVORITES_PATH, { cookie: UTA, body })).toMatchObject({ code: 10001, success: false });
  });
});

describe('preferences', () => {
  it('upserts keys, keeps the others, and refuses bad input', async () => {
    backend();
    expect(await call(PREFERENCES_PATH)).toMatchObject({ code: 10007 });
    expect((await call(PREFERENCES_PATH, { cookie: UTA, body: JSON.stringify({ upsert_keys: { guide: 'Y' } }) })).result).toEqual({ values: { guide: 'Y' } });
    expect((await call(PREFERENCES_PATH, { cookie: UTA, body: JSON.stringify({ upsert_keys: { sync: 'N', guide: 'N' } }) })).result).toEqual({
      values: { guide: 'N', sync: 'N' },
    });
    expect((await call(PREFERENCES_PATH, { cookie: UTA })).result).toEqual({ values: { guide: 'N', sync: 'N' } });
    expect(await call(PREFERENCES_PATH, { cookie: UTA, body: JSON.stringify({ upsert_keys: {} }) })).toMatchObject({ code: 10001 });
    expect(await call(PREFERENCES_PATH, { cookie: UTA, body: JSON.stringify({ upsert_keys: { guide: 1 } }) })).toMatchObject({ code: 10001 });
    expect(await call(PREFERENCES_PATH, { cookie: UTA, body: JSON.stringify({ upsert_keys: 'guide' }) })).toMatchObject({ code: 10001 });
  });
});

describe('preference keys of spec 2 §3 / §7 (setPrefSetting)', () => {
  const upsert = (cookie: string, keys: Record<string, unknown>) => call(PREFERENCES_PATH, { cookie, body: JSON.stringify({ upsert_keys: keys }) });

  it('stores the sync-app flag, its read-notice key, the no-show flag and the offline-alert timestamp per user', async () => {
    backend();
    const classic = cookieOf('u-standard');
    const keys = { spot_kline_sync_app: 'Y', spot_kline_sync_app_notice_read: 'Y', no_show_station_notice: 'Y', standard_account_offline_alert: '1793610000000' };
    expect((await upsert(classic, keys)).result).toEqual({ values: keys });
    expect((await call(PREFERENCES_PATH, { cookie: classic })).result).toEqual({ values: keys });
    // another user's preferences are their own
    expect((await call(PREFERENCES_PATH, { cookie: cookieOf('u-leader') })).result).toEqual({ values: {} });
  });

  it.each([
    ['spot_kline_sync_app', 'yes'],
    ['spot_kline_sync_app_notice_read', ''],
    ['no_show_station_notice', 'true'],
    ['standard_account_offline_alert', 'now'],
    ['standard_account_offline_alert', '0'],
  ])('refuses %s = %j with 10001 and stores nothing of that upsert', async (key, value) => {
    backend();
    const leader = cookieOf('u-leader');
    const refused = await upsert(leader, { [key]: value, other: 'kept?' });
    expect(refused).toMatchObject({ code: 10001, success: false });
    expect(refused.message).toContain(key);
    expect((await call(PREFERENCES_PATH, { cookie: leader })).result).toEqual({ values: {} });
  });
});

describe('OTC guided status (spec 2 §7)', () => {
  it('answers result.guided, false until the OTC page records it; visitors are refused', async () => {
    backend();
    expect(await call(OTC_GUIDED_PATH)).toMatchObject({ code: 10007, success: false });
    const sub = cookieOf('u-sub');
    expect((await call(OTC_GUIDED_PATH, { cookie: sub })).result).toEqual({ guided: false });
    expect((await call(OTC_GUIDED_PATH, { cookie: sub, body: JSON.stringify({ guided: true }) })).result).toEqual({ guided: true });
    expect((await call(OTC_GUIDED_PATH, { cookie: sub })).result).toEqual({ guided: true });
    expect((await call(OTC_GUIDED_PATH, { cookie: cookieOf('u-eaa') })).result).toEqual({ guided: false });
    expect(await call(OTC_GUIDED_PATH, { cookie: sub, body: JSON.stringify({ guided: 'yes' }) })).toMatchObject({ code: 10001 });
  });
});

describe('site config', () => {
  it('serves the global preset with the rewards hub, the EU one without', async () => {
    backend(sitePreset('global'));
    expect((await call(SITE_CONFIG_PATH)).result).toMatchObject({ region: 'global', rewardsHub: true, euUsdtTips: false });
    servers.splice(0).forEach((s) => s.close());
    backend(sitePreset('eu'));
    expect((await call(SITE_CONFIG_PATH)).result).toMatchObject({ region: 'eu', rewardsHub: false, euUsdtTips: true });
  });
});
