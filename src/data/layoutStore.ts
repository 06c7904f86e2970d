import { defaultLayout, layoutGeometry, sanitizeLayout, type GridItem, type LayoutContext } from '../domain/layout';
import { STORAGE_KEYS, readJson, readString, removeKey, writeJson, writeString } from './storage';

export interface StoredLayout {
  items: GridItem[];
  customised: boolean;
}

/**
 * Positions are logical (x counts from the inline-start edge), so one saved
 * layout serves both directions: a right-to-left page shows it mirrored.
 */
export function loadLayout(ctx: LayoutContext): StoredLayout {
  const fallback = defaultLayout(ctx);
  if (readString(STORAGE_KEYS.layoutCustomised) !== '1') return { items: fallback, customised: false };
  const items = sanitizeLayout(readJson(STORAGE_KEYS.layout), fallback);
  return { items, customised: items !== fallback };
}

export function saveLayout(items: readonly GridItem[]): void {
  writeJson(STORAGE_KEYS.layout, layoutGeometry(items));
  writeString(STORAGE_KEYS.layoutCustomised, '1');
}

export function resetLayout(ctx: LayoutContext): StoredLayout {
  removeKey(STORAGE_KEYS.layout);
  removeKey(STORAGE_KEYS.layoutCustomised);
  return { items: defaultLayout(ctx), customised: false };
}
