/**
 * The chart display settings (spec 1 §3/§4: they persist in local storage),
 * as a module store shared by every widget of the page, and live across tabs:
 * another tab's change arrives as a storage event and is read again.
 */
import { useCallback, useSyncExternalStore } from 'react';
import type { ChartDisplaySettings } from '../domain/chartModel';
import { parseChartDisplay } from '../domain/chartDisplay';
import { readJson, STORAGE_KEYS, writeJson } from './storage';

let current: ChartDisplaySettings | null = null;
const listeners = new Set<() => void>();

function snapshot(): ChartDisplaySettings {
  current ??= parseChartDisplay(readJson(STORAGE_KEYS.chartDisplay));
  return current;
}

function notify() {
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent) {
  if (event.key !== null && event.key !== STORAGE_KEYS.chartDisplay) return;
  current = null;
  notify();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0 && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}

export function readChartDisplay(): ChartDisplaySettings {
  return snapshot();
}

/** Applies a change (validated, so a bad day count cannot be stored) and tells every subscriber. */
export function updateChartDisplay(patch: Partial<ChartDisplaySettings>): ChartDisplaySettings {
  const next = parseChartDisplay({ ...snapshot(), ...patch });
  current = next;
  writeJson(STORAGE_KEYS.chartDisplay, next);
  notify();
  return next;
}

/** Forgets the cached value (tests). */
export function reloadChartDisplay(): void {
  current = null;
  notify();
}

export function useChartDisplaySettings(): [ChartDisplaySettings, (patch: Partial<ChartDisplaySettings>) => void] {
  const settings = useSyncExternalStore(subscribe, snapshot, snapshot);
  const update = useCallback((patch: Partial<ChartDisplaySettings>) => void updateChartDisplay(patch), []);
  return [settings, update];
}
