// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_ORDERBOOK_SETTINGS,
  reloadOrderbookSettings,
  sanitizeOrderbookSettings,
  updateOrderbookSettings,
  useOrderbookSettings,
} from './orderbookSettings';
import { STORAGE_KEYS } from './storage';

describe('sanitizeOrderbookSettings', () => {
  it('keeps a valid value', () => {
    const value = { layout: 'split', total: 'value', steps: { BTCUSDT: '0.1', ETHUSDT: '10' } };
    expect(sanitizeOrderbookSettings(value)).toEqual(value);
  });

  it('gives the defaults for anything that is not an object', () => {
    for (const raw of [undefined, null, 'stacked', 3, ['stacked']]) expect(sanitizeOrderbookSettings(raw)).toEqual(DEFAULT_ORDERBOOK_SETTINGS);
  });

  it('replaces each bad field on its own and drops bad steps', () => {
    expect(sanitizeOrderbookSettings({ layout: 'diagonal', total: 'both', steps: { BTCUSDT: 0.1, 'bad id': '1', ETHUSDT: '1e3', SOLUSDT: '1' } })).toEqual({
      layout: 'stacked',
      total: 'amount',
      steps: { SOLUSDT: '1' },
    });
    expect(sanitizeOrderbookSettings({ layout: 'buy', steps: ['0.1'] })).toEqual({ layout: 'buy', total: 'amount', steps: {} });
  });
});

describe('stored order book settings', () => {
  beforeEach(() => reloadOrderbookSettings());

  it('reads corrupt storage as the defaults', () => {
    localStorage.setItem(STORAGE_KEYS.orderbook, '{not json');
    reloadOrderbookSettings();
    const { result } = renderHook(() => useOrderbookSettings());
    expect(result.current[0]).toEqual(DEFAULT_ORDERBOOK_SETTINGS);
  });

  it('writes changes, step per symbol, and reads them back after a reload', () => {
    const { result } = renderHook(() => useOrderbookSettings());
    act(() => result.current[1]({ layout: 'sell' }));
    act(() => result.current[1]({ step: { symbolId: 'BTCUSDT', step: '10' } }));
    act(() => result.current[1]({ step: { symbolId: 'ETHUSDT', step: '0.1' }, total: 'value' }));
    expect(result.current[0]).toEqual({ layout: 'sell', total: 'value', steps: { BTCUSDT: '10', ETHUSDT: '0.1' } });
    reloadOrderbookSettings();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.orderbook) ?? 'null')).toEqual(result.current[0]);
  });

  it('ignores a patch that would store something invalid', () => {
    updateOrderbookSettings({ layout: 'nonsense' as never, step: { symbolId: 'x y', step: '1' } });
    reloadOrderbookSettings();
    const { result } = renderHook(() => useOrderbookSettings());
    expect(result.current[0]).toEqual(DEFAULT_ORDERBOOK_SETTINGS);
  });
});
