/**
 * Announcement bar rules of spec 1 §2.5 / §4 and spec 2 §3: which items a
 * symbol shows and when a closed bar comes back (safe links: links.ts).
 */

/** spec 1 §9 */
export const ANNOUNCEMENT_DELAY_MS = 3_000;
export const ANNOUNCEMENT_ROTATE_MS = 5_000;
export const ANNOUNCEMENT_HEIGHT_PX = 44;

export interface Announcement {
  id: string;
  /** a comma list of symbol ids, or ALL */
  symbolName: string;
  info: string;
  url: string;
}

const ALL = 'ALL';

function targets(symbolName: string): string[] {
  return symbolName
    .split(',')
    .map((s) => s.trim().toUpperCase())
    .filter((s) => s !== '');
}

/** Items for the symbol: symbolName is ALL or lists it (case-insensitive, blanks ignored); server order kept. */
export function announcementsFor<A extends Announcement>(items: readonly A[], symbolId: string): A[] {
  const symbol = symbolId.trim().toUpperCase();
  return items.filter((item) => {
    const names = targets(item.symbolName);
    return names.includes(ALL) || names.includes(symbol);
  });
}

/** FNV-1a, 32 bit: short and stable; collisions only make a closed bar stay closed. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/**
 * A stable signature of the whole list: the same items in any order give the
 * same signature; any added, removed or edited item gives another one. The
 * bar's close is remembered against it (spec: "until the list changes").
 */
export function announcementsSignature(items: readonly Announcement[]): string {
  const canonical = items
    .map((i) => JSON.stringify([i.id, targets(i.symbolName).sort(), i.info, i.url]))
    .sort()
    .join('\n');
  return `v1:${items.length}:${fnv1a(canonical)}`;
}

/** Closed only while the remembered signature is the current list's; stored junk counts as "not closed". */
export function isAnnouncementClosed(stored: unknown, signature: string): boolean {
  return typeof stored === 'string' && stored === signature;
}

/** The next item to show; wraps, and stays in range if the list shrank meanwhile. */
export function nextAnnouncementIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  const current = Number.isInteger(index) && index >= 0 ? index % count : 0;
  return (current + 1) % count;
}

/** A shown index that is always valid for the list's length. */
export function clampAnnouncementIndex(index: number, count: number): number {
  return count <= 0 || !Number.isInteger(index) || index < 0 ? 0 : index % count;
}
