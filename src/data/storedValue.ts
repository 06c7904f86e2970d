/**
 * A value kept under one local-storage key and shared by the whole page:
 * read (and validated) once, written through on every change, and read
 * again when another tab changes the key (the storage event), so every
 * subscriber renders the same value.
 */
import type { StorageKey } from './storage';

export interface StoredValue<T> {
  get(): T;
  /** keeps `next`, writes it and tells every subscriber */
  set(next: T): void;
  subscribe(listener: () => void): () => void;
  /** forgets the cached value, so the next `get` reads storage again */
  reload(): void;
}

export function storedValue<T>(key: StorageKey, read: () => T, write: (value: T) => void): StoredValue<T> {
  let current: { value: T } | null = null;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((l) => l());
  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && event.key !== key) return;
    current = null;
    notify();
  };
  return {
    get() {
      current ??= { value: read() };
      return current.value;
    },
    set(next) {
      current = { value: next };
      write(next);
      notify();
    },
    subscribe(listener) {
      if (listeners.size === 0 && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
      };
    },
    reload() {
      current = null;
      notify();
    },
  };
}
