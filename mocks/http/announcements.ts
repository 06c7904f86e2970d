import type { HttpHandler } from 'msw';
import fixture from '../../fixtures/announcements.json';
import { ok } from '../envelope';
import { route, type RouteContext } from './route';

export const ANNOUNCEMENTS_PATH = '/spot/api/basic/announcement_bar';

/** One item of the announcement bar (spec 2 §3 Notice: symbolName, info text, url). */
export interface AnnouncementItem {
  id: string;
  /** comma list of symbol ids, or ALL */
  symbolName: string;
  info: string;
  url: string;
}

const MAX_ITEMS = 50;
const MAX_TEXT = 500;

const text = (v: unknown, max: number) => typeof v === 'string' && v.trim() !== '' && v.length <= max;

/**
 * The list as the exchange accepts it, or the reason it does not. The page
 * filters by symbol itself; the exchange only guarantees well-formed items.
 */
export function validateAnnouncements(value: unknown): AnnouncementItem[] | string {
  if (!Array.isArray(value)) return 'list must be an array';
  if (value.length > MAX_ITEMS) return `list holds at most ${MAX_ITEMS} items`;
  const ids = new Set<string>();
  const items: AnnouncementItem[] = [];
  for (const [i, raw] of value.entries()) {
    const o = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    if (!text(o.id, 64)) return `list[${i}].id must be a non-empty string`;
    if (!text(o.symbolName, MAX_TEXT)) return `list[${i}].symbolName must be a comma list of symbols or ALL`;
    if (!text(o.info, MAX_TEXT)) return `list[${i}].info must be a non-empty string of at most ${MAX_TEXT} characters`;
    if (typeof o.url !== 'string' || o.url.length > 2048) return `list[${i}].url must be a string`;
    const id = o.id as string;
    if (ids.has(id)) return `list[${i}].id ${id} is repeated`;
    ids.add(id);
    items.push({ id, symbolName: o.symbolName as string, info: o.info as string, url: o.url });
  }
  return items;
}

export interface AnnouncementStore {
  list(): AnnouncementItem[];
  replace(items: AnnouncementItem[]): void;
}

/** The exchange's announcement list: the fixture at start; `POST /mock/api/announcements` replaces it. */
export function createAnnouncementStore(initial: unknown = fixture.list): AnnouncementStore {
  const checked = validateAnnouncements(initial);
  if (typeof checked === 'string') throw new Error(`fixtures/announcements.json: ${checked}`);
  let items = checked;
  return {
    list: () => items.map((item) => ({ ...item })),
    replace(next) {
      items = next.map((item) => ({ ...item }));
    },
  };
}

export function announcementHandlers(context: RouteContext & { announcements: AnnouncementStore }): HttpHandler[] {
  return [route(context, ANNOUNCEMENTS_PATH, () => ok({ list: context.announcements.list() }))];
}
