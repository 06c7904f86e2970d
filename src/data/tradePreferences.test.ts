import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TRADE_PREFERENCES } from '../domain/order-entry/tradePreferences';
import { STORAGE_KEYS } from './storage';
import { readTradePreferences, reloadTradePreferences, setTradePreference, useTradePreferences } from './tradePreferences';

const KEY = STORAGE_KEYS.tradePreferences;
const storedJson = () => JSON.parse(localStorage.getItem(KEY) ?? 'null') as Record<string, Record<string, boolean>> | null;

beforeEach(() => {
  localStorage.clear();
  reloadTradePreferences();
});

describe('stored trade preferences', () => {
  it('starts from the defaults under a versioned key', () => {
    expect(KEY).toBe('SPOT_trade_preferences_v1');
    expect(readTradePreferences('u-uta')).toEqual(DEFAULT_TRADE_PREFERENCES);
    expect(readTradePreferences(null)).toEqual(DEFAULT_TRADE_PREFERENCES);
  });

  it('keeps each user\'s flags apart and reads them back after a reload', () => {
    expect(setTradePreference('u-uta', 'showMaxSlippageLimit', true)).toBe(true);
    expect(setTradePreference('u-uta', 'showTpSl', false)).toBe(true);
    expect(setTradePreference('u-demo', 'showMaxBuy', false)).toBe(true);
    reloadTradePreferences();
    expect(readTradePreferences('u-uta')).toEqual({ ...DEFAULT_TRADE_PREFERENCES, showMaxSlippageLimit: true, showTpSl: false });
    expect(readTradePreferences('u-demo')).toEqual({ ...DEFAULT_TRADE_PREFERENCES, showMaxBuy: false });
    expect(storedJson()?.['u-uta']?.showMaxSlippageLimit).toBe(true);
  });

  it('reads bad stored data as the defaults, field by field', () => {
    for (const raw of ['{oops', '[]', '"x"', '{"u-uta":[true]}', '{"u-uta":null}']) {
      localStorage.setItem(KEY, raw);
      reloadTradePreferences();
      expect(readTradePreferences('u-uta'), raw).toEqual(DEFAULT_TRADE_PREFERENCES);
    }
    localStorage.setItem(KEY, '{"u-uta":{"showMaxSlippageLimit":true,"showMaxBuy":"off","rogue":1}}');
    reloadTradePreferences();
    expect(readTradePreferences('u-uta')).toEqual({ ...DEFAULT_TRADE_PREFERENCES, showMaxSlippageLimit: true });
  });

  it('changes nothing for a visitor, an unknown flag, or when storage refuses', () => {
    expect(setTradePreference(null, 'showMaxSlippageLimit', true)).toBe(false);
    expect(setTradePreference('u-uta', 'showEverything' as never, true)).toBe(false);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(setTradePreference('u-uta', 'showMaxSlippageLimit', true)).toBe(false);
    expect(readTradePreferences('u-uta').showMaxSlippageLimit).toBe(false);
  });
});

describe('useTradePreferences', () => {
  it('shows a change once stored, and another tab\'s change', () => {
    const { result } = renderHook(() => useTradePreferences('u-uta'));
    expect(result.current.flags).toBe(DEFAULT_TRADE_PREFERENCES);
    act(() => {
      result.current.set('showBorrowedAmount', true);
    });
    expect(result.current.flags.showBorrowedAmount).toBe(true);
    expect(storedJson()?.['u-uta']?.showBorrowedAmount).toBe(true);

    act(() => {
      localStorage.setItem(KEY, JSON.stringify({ 'u-uta': { showPostOnly: false } }));
      window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
    });
    expect(result.current.flags).toEqual({ ...DEFAULT_TRADE_PREFERENCES, showPostOnly: false });
  });
});
