import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CHART_DISPLAY } from '../domain/chartDisplay';
import { reloadChartDisplay, updateChartDisplay, useChartDisplaySettings } from './chartDisplaySettings';

const KEY = 'SPOT_kline_display_v1';

beforeEach(() => {
  localStorage.clear();
  reloadChartDisplay();
});

describe('chart display settings store', () => {
  it('reads the defaults, then persists a change in local storage', () => {
    const { result } = renderHook(() => useChartDisplaySettings());
    expect(result.current[0]).toEqual(DEFAULT_CHART_DISPLAY);
    act(() => result.current[1]({ avgBuyLine: true, avgBuyLineDays: 365 }));
    expect(result.current[0]).toMatchObject({ avgBuyLine: true, avgBuyLineDays: 365 });
    expect(JSON.parse(localStorage.getItem(KEY) ?? '{}')).toEqual({ ...DEFAULT_CHART_DISPLAY, avgBuyLine: true, avgBuyLineDays: 365 });
  });

  it('a bad stored value or a bad patch reads as the default, never a crash', () => {
    localStorage.setItem(KEY, '{"trade":"off","avgSellLineDays":12}');
    reloadChartDisplay();
    const { result } = renderHook(() => useChartDisplaySettings());
    expect(result.current[0]).toEqual(DEFAULT_CHART_DISPLAY);
    act(() => void updateChartDisplay({ avgSellLineDays: 5 }));
    expect(result.current[0].avgSellLineDays).toBe(30);
  });

  it('follows another tab through the storage event', () => {
    const { result } = renderHook(() => useChartDisplaySettings());
    localStorage.setItem(KEY, JSON.stringify({ ...DEFAULT_CHART_DISPLAY, entrust: false }));
    act(() => void window.dispatchEvent(new StorageEvent('storage', { key: KEY })));
    expect(result.current[0].entrust).toBe(false);
    // Other keys do not concern it.
    localStorage.setItem(KEY, JSON.stringify(DEFAULT_CHART_DISPLAY));
    act(() => void window.dispatchEvent(new StorageEvent('storage', { key: 'SPOT_theme' })));
    expect(result.current[0].entrust).toBe(false);
  });
});
