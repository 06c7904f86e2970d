/**
 * The chart display settings (spec 1 §3/§4: they persist in local storage),
 * as a module store shared by every widget of the page, and live across tabs:
 * another tab's change arrives as a storage event and is read again.
 */
import { useCallback, useSyncExternalStore } from 'react';
import type { ChartDisplaySettings } from '../domain/chartModel';
import { parseChartDisplay } from '../domain/chartDisplay';
import { readJson, STORAGE_KEYS, writeJson } from './storage';
import { storedValue } from './storedValue';

const stored = storedValue(STORAGE_KEYS.chartDisplay, () => parseChartDisplay(readJson(STORAGE_KEYS.chartDisplay)), (v) => writeJson(STORAGE_KEYS.chartDisplay, v));

export function readChartDisplay(): ChartDisplaySettings {
  return stored.get();
}

/** Applies a change (validated, so a bad day count cannot be stored) and tells every subscriber. */
export function updateChartDisplay(patch: Partial<ChartDisplaySettings>): ChartDisplaySettings {
  const next = parseChartDisplay({ ...stored.get(), ...patch });
  stored.set(next);
  return next;
}

/** Forgets the cached value (tests). */
export function reloadChartDisplay(): void {
  stored.reload();
}

export function useChartDisplaySettings(): [ChartDisplaySettings, (patch: Partial<ChartDisplaySettings>) => void] {
  const settings = useSyncExternalStore(stored.subscribe, stored.get, stored.get);
  const update = useCallback((patch: Partial<ChartDisplaySettings>) => void updateChartDisplay(patch), []);
  return [settings, update];
}
