import { describe, expect, it } from 'vitest';
import { defaultLayout } from '../domain/layout';
import { loadLayout, resetLayout, saveLayout } from './layoutStore';
import { STORAGE_KEYS } from './storage';

const ltr = { windowWidth: 1800, viewportHeight: 1000, rtl: false };

describe('layout persistence', () => {
  it('starts from the width-dependent default when nothing is saved', () => {
    expect(loadLayout(ltr)).toEqual({ items: defaultLayout(ltr), customised: false });
  });

  it('restores a saved layout and marks it customised', () => {
    const moved = defaultLayout(ltr).map((item) => (item.i === 'chart' ? { ...item, w: 70 } : item));
    saveLayout(moved);
    expect(localStorage.getItem(STORAGE_KEYS.layoutCustomised)).toBe('1');
    const loaded = loadLayout({ ...ltr, windowWidth: 2600 });
    expect(loaded.customised).toBe(true);
    expect(loaded.items.find((i) => i.i === 'chart')?.w).toBe(70);
  });

  it('ignores a corrupt saved layout instead of crashing', () => {
    localStorage.setItem(STORAGE_KEYS.layout, '{not json');
    localStorage.setItem(STORAGE_KEYS.layoutCustomised, '1');
    expect(loadLayout(ltr)).toEqual({ items: defaultLayout(ltr), customised: false });
  });

  it('reset removes both keys and gives the default back', () => {
    saveLayout(defaultLayout(ltr));
    expect(resetLayout(ltr)).toEqual({ items: defaultLayout(ltr), customised: false });
    expect(localStorage.getItem(STORAGE_KEYS.layout)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.layoutCustomised)).toBeNull();
  });

  it('keeps logical positions, so a right-to-left page gets the same saved layout', () => {
    const saved = defaultLayout(ltr);
    saveLayout(saved);
    expect(loadLayout({ ...ltr, rtl: true }).items).toEqual(saved);
  });
});
