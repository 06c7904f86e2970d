/**
 * The chart choices kept in local storage (spec 1 §4, §9): the chart type
 * (`SPOT_kline_type`, never the depth chart), the interval
 * (`SPOT_kline_interval`) and the pinned quick intervals (`SPOT_tv_intervals`).
 * Stored values are untrusted: a bad one reads as the default.
 */
import { useCallback, useSyncExternalStore } from 'react';
import type { KlineType } from '../domain/chartModel';
import { klineTypeToStore, parseStoredInterval, parseStoredKlineType } from '../domain/chartKind';
import { parsePinnedIntervals } from '../domain/chartToolbar';
import type { Interval } from '../domain/intervals';
import { readJson, readString, STORAGE_KEYS, writeJson, writeString } from './storage';
import { storedValue } from './storedValue';

const storedKind = storedValue(STORAGE_KEYS.klineType, () => parseStoredKlineType(readString(STORAGE_KEYS.klineType)), (v) => writeString(STORAGE_KEYS.klineType, v));
const storedInterval = storedValue(STORAGE_KEYS.klineInterval, () => parseStoredInterval(readString(STORAGE_KEYS.klineInterval)), (v) => writeString(STORAGE_KEYS.klineInterval, v));
const storedPinned = storedValue(STORAGE_KEYS.tvIntervals, () => parsePinnedIntervals(readJson(STORAGE_KEYS.tvIntervals)), (v) => writeJson(STORAGE_KEYS.tvIntervals, v));

/** The remembered chart type (pro or simple); the depth chart is a view choice the caller holds. */
export function useStoredKlineType(): [Exclude<KlineType, 'deepChart'>, (kind: KlineType) => void] {
  const kind = useSyncExternalStore(storedKind.subscribe, storedKind.get, storedKind.get);
  const set = useCallback((next: KlineType) => {
    const value = klineTypeToStore(next);
    if (value) storedKind.set(value);
  }, []);
  return [kind, set];
}

export function useStoredInterval(): [Interval, (interval: Interval) => void] {
  const interval = useSyncExternalStore(storedInterval.subscribe, storedInterval.get, storedInterval.get);
  const set = useCallback((next: Interval) => storedInterval.set(next), []);
  return [interval, set];
}

export function usePinnedIntervals(): [Interval[], (list: Interval[]) => void] {
  const pinned = useSyncExternalStore(storedPinned.subscribe, storedPinned.get, storedPinned.get);
  const set = useCallback((next: Interval[]) => {
    const clean = parsePinnedIntervals(next);
    storedPinned.set(clean);
  }, []);
  return [pinned, set];
}

/** The page warms the chart's kline cache for its symbol at the stored interval before the chart's code has loaded. */
export function prefetchChartCache(symbolId: string): void {
  if (!symbolId) return;
  // The cache's code comes with the chart's chunk anyway; fetched here on its own, it stays off the first load.
  const interval = storedInterval.get();
  void import('./klineCache').then((cache) => cache.prefetchCachedKlinePages(symbolId, interval)).catch(() => undefined);
}
