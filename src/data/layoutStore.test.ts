import { describe, expect, it } from 'vitest';
import { defaultLayout } from '../domain/layout';
import { clearLayout, loadCustomLayout, saveLayout } from './layoutStore';
import { STORAGE_KEYS } from './storage';

const ltr = { windowWidth: 1800, viewportHeight: 1000, rtl: false };

describe('layout persistence', () => {
  it('has no custom layout until one is saved', () => {
    expect(loadCustomLayout()).toBeNull();
  });

  it('restores a saved layout and marks it customised', () => {
    const moved = defaultLayout(ltr).map((item) => (item.i === 'chart' ? { ...item, w: 70 } : item));
    saveLayout(moved);
    expect(localStorage.getItem(STORAGE_KEYS.layoutCustomised)).toBe('1');
    expect(loadCustomLayout()?.find((i) => i.i === 'chart')?.w).toBe(70);
  });

  it('stores geometry only: limits always come from the spec', () => {
    saveLayout(defaultLayout(ltr));
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.layout) ?? '[]') as object[];
    expect(Object.keys(stored[0]!)).toEqual(['i', 'x', 'y', 'w', 'h']);
  });

  it('ignores a corrupt saved layout instead of crashing', () => {
    localStorage.setItem(STORAGE_KEYS.layout, '{not json');
    localStorage.setItem(STORAGE_KEYS.layoutCustomised, '1');
    expect(loadCustomLayout()).toBeNull();
  });

  it('clearing removes both keys', () => {
    saveLayout(defaultLayout(ltr));
    clearLayout();
    expect(localStorage.getItem(STORAGE_KEYS.layout)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.layoutCustomised)).toBeNull();
    expect(loadCustomLayout()).toBeNull();
  });
});
