import type { Announcement } from '../../domain/announcements';
import { getJson } from '../http';
import { list, record } from './parse';

export const ANNOUNCEMENTS_PATH = '/spot/api/basic/announcement_bar';

function parseItem(value: unknown): Announcement | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const o = value as Record<string, unknown>;
  const id = typeof o.id === 'number' && Number.isFinite(o.id) ? String(o.id) : o.id;
  if (typeof id !== 'string' || id === '') return null;
  if (typeof o.symbolName !== 'string' || o.symbolName.trim() === '') return null;
  if (typeof o.info !== 'string' || o.info.trim() === '') return null;
  return { id, symbolName: o.symbolName, info: o.info.trim(), url: typeof o.url === 'string' ? o.url : '' };
}

/**
 * The bar's items. The list itself must be there (else the answer is
 * malformed); a bad item is dropped on its own, so one broken entry cannot
 * hide the others.
 */
export function parseAnnouncements(value: unknown): Announcement[] {
  return list(record(value, 'announcements').list, 'announcements.list')
    .map(parseItem)
    .filter((item): item is Announcement => item !== null);
}

export function fetchAnnouncements(signal?: AbortSignal): Promise<Announcement[]> {
  return getJson(ANNOUNCEMENTS_PATH, parseAnnouncements, signal);
}
