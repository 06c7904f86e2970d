// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readString, STORAGE_KEYS, writeString } from './storage';
import { storedValue } from './storedValue';

const key = STORAGE_KEYS.klineInterval;
const make = () => storedValue(key, () => readString(key) ?? 'none', (v) => writeString(key, v));

afterEach(() => localStorage.clear());

describe('a stored value shared by the page', () => {
  it('reads once, writes through and tells subscribers', () => {
    localStorage.setItem(key, '1m');
    const value = make();
    const listener = vi.fn();
    value.subscribe(listener);
    expect(value.get()).toBe('1m');
    value.set('4h');
    expect(localStorage.getItem(key)).toBe('4h');
    expect(value.get()).toBe('4h');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("reads again after another tab's change to its key, and ignores other keys", () => {
    const value = make();
    const listener = vi.fn();
    value.subscribe(listener);
    expect(value.get()).toBe('none');
    localStorage.setItem(key, '1d');
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.theme }));
    expect(listener).not.toHaveBeenCalled();
    window.dispatchEvent(new StorageEvent('storage', { key }));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(value.get()).toBe('1d');
  });
});
