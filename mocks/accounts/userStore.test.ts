import { describe, expect, it } from 'vitest';
import { createUserStore, memoryPersistence, preferenceValueError } from './userStore';

describe('user store', () => {
  it('keeps preferences and the OTC guided status across a restart of the exchange (a reload in-page)', () => {
    const persistence = memoryPersistence();
    const first = createUserStore(persistence);
    first.upsertPreferences('u-standard', { standard_account_offline_alert: '1793610000000' });
    first.setOtcGuided('u-uta', true);

    const again = createUserStore(persistence);
    expect(again.preferences('u-standard')).toEqual({ standard_account_offline_alert: '1793610000000' });
    expect(again.otcGuided('u-uta')).toBe(true);
    expect(again.otcGuided('u-standard')).toBe(false);
  });

  it('an old stored record without the guided status reads as not guided', () => {
    const persistence = memoryPersistence();
    persistence.save(JSON.stringify({ 'u-uta': { favorites: ['BTCUSDT'], preferences: { a: 'b' } } }));
    const store = createUserStore(persistence);
    expect(store.otcGuided('u-uta')).toBe(false);
    expect(store.favorites('u-uta')).toEqual(['BTCUSDT']);
  });

  it('knows the values of the spec 2 preference keys and leaves other keys free', () => {
    expect(preferenceValueError('spot_kline_sync_app', 'Y')).toBeNull();
    expect(preferenceValueError('spot_kline_sync_app', 'y')).toMatch(/Y or N/);
    expect(preferenceValueError('standard_account_offline_alert', '1793610000000')).toBeNull();
    expect(preferenceValueError('standard_account_offline_alert', '-1')).toMatch(/timestamp/);
    expect(preferenceValueError('anything_else', 'free text')).toBeNull();
  });
});
