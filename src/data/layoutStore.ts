import { defaultLayout, layoutGeometry, sanitizeLayout, type GridItem } from '../domain/layout';
import { STORAGE_KEYS, readJson, readString, removeKey, writeJson, writeString } from './storage';

/** Any valid layout serves as the shape reference; its geometry never leaks into the result. */
const REFERENCE = defaultLayout({ windowWidth: 1400, viewportHeight: 900, rtl: false });

/**
 * The user's saved layout, in left-to-right grid positions, or null when the
 * layout is not customised or what is stored cannot be used (then the caller
 * shows the default; nothing crashes on old or hand-edited data).
 */
export function loadCustomLayout(): GridItem[] | null {
  if (readString(STORAGE_KEYS.layoutCustomised) !== '1') return null;
  const items = sanitizeLayout(readJson(STORAGE_KEYS.layout), REFERENCE);
  return items === REFERENCE ? null : items;
}

export function saveLayout(items: readonly GridItem[]): void {
  writeJson(STORAGE_KEYS.layout, layoutGeometry(items));
  writeString(STORAGE_KEYS.layoutCustomised, '1');
}

/** Reset (spec): both keys go, the default comes back. */
export function clearLayout(): void {
  removeKey(STORAGE_KEYS.layout);
  removeKey(STORAGE_KEYS.layoutCustomised);
}
