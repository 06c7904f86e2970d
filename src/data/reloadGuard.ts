import { STORAGE_KEYS, readString, writeString } from './storage';

/** When the page last reloaded itself for a lazy-load failure (guards against reload loops). */
export function lastLazyReloadAt(): number | null {
  const value = Number(readString(STORAGE_KEYS.lazyReloadAt));
  return Number.isFinite(value) && value > 0 ? value : null;
}

export function markLazyReload(now: number): void {
  writeString(STORAGE_KEYS.lazyReloadAt, String(now));
}
