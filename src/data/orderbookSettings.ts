/**
 * What the order book remembers (local storage, one versioned key): the
 * layout, the unit of the Total column, and the merge step chosen per symbol.
 * Stored data is untrusted: anything unusable reads as the default.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { isBookLayout, type BookLayout } from '../domain/orderbookRows';
import { readJson, STORAGE_KEYS, writeJson } from './storage';
import { storedValue } from './storedValue';

/** The Total column: cumulative amount in the base token, or cumulative value in the quote token. */
export type BookTotalUnit = 'amount' | 'value';

export interface OrderbookSettings {
  layout: BookLayout;
  total: BookTotalUnit;
  /** symbolId → merge step ("0.1") */
  steps: Readonly<Record<string, string>>;
}

export const DEFAULT_ORDERBOOK_SETTINGS: OrderbookSettings = { layout: 'stacked', total: 'amount', steps: {} };

const SYMBOL_ID = /^[A-Z0-9]{1,40}$/;
const STEP = /^[0-9.]{1,40}$/;
/** Bounds what one key can grow to when many symbols are visited. */
const MAX_SAVED_STEPS = 200;

export function sanitizeOrderbookSettings(raw: unknown): OrderbookSettings {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return DEFAULT_ORDERBOOK_SETTINGS;
  const value = raw as Record<string, unknown>;
  const steps: Record<string, string> = {};
  if (typeof value.steps === 'object' && value.steps !== null && !Array.isArray(value.steps)) {
    for (const [symbol, step] of Object.entries(value.steps).slice(0, MAX_SAVED_STEPS)) {
      if (SYMBOL_ID.test(symbol) && typeof step === 'string' && STEP.test(step)) steps[symbol] = step;
    }
  }
  return {
    layout: isBookLayout(value.layout) ? value.layout : DEFAULT_ORDERBOOK_SETTINGS.layout,
    total: value.total === 'value' || value.total === 'amount' ? value.total : DEFAULT_ORDERBOOK_SETTINGS.total,
    steps,
  };
}

const stored = storedValue(STORAGE_KEYS.orderbook, () => sanitizeOrderbookSettings(readJson(STORAGE_KEYS.orderbook)), (v) => writeJson(STORAGE_KEYS.orderbook, v));

export interface OrderbookSettingsPatch {
  layout?: BookLayout;
  total?: BookTotalUnit;
  /** the step chosen for one symbol */
  step?: { symbolId: string; step: string };
}

export function updateOrderbookSettings(patch: OrderbookSettingsPatch): void {
  const before = stored.get();
  const next = sanitizeOrderbookSettings({
    layout: patch.layout ?? before.layout,
    total: patch.total ?? before.total,
    steps: patch.step ? { [patch.step.symbolId]: patch.step.step, ...omit(before.steps, patch.step.symbolId) } : before.steps,
  });
  stored.set(next);
}

/** Keeps the newest choice first, so the cap drops the oldest symbols. */
function omit(steps: Readonly<Record<string, string>>, symbolId: string): Record<string, string> {
  const rest = { ...steps };
  delete rest[symbolId];
  return rest;
}

/** Forgets the cached value (tests, or another tab's change read again). */
export function reloadOrderbookSettings(): void {
  stored.reload();
}

export function useOrderbookSettings(): [OrderbookSettings, (patch: OrderbookSettingsPatch) => void] {
  const settings = useSyncExternalStore(stored.subscribe, stored.get, stored.get);
  const update = useCallback((patch: OrderbookSettingsPatch) => updateOrderbookSettings(patch), []);
  return [settings, update];
}
