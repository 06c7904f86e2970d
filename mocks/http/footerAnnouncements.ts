import { HttpResponse, type HttpHandler } from 'msw';
import fixture from '../../fixtures/footer-announcements.json';
import { queryOf } from './params';
import { route, type RouteContext } from './route';

/**
 * Announcement search (spec 2 §7: "query on topics Spot and date within 7
 * days; reads ret_code 0 and result.hits"). It answers in the search
 * service's own envelope `{ret_code, ret_msg, result}`, not the exchange's
 * `{code, success}`: the page must read it as such (docs/api/announcements.md).
 */
export const ANNOUNCEMENT_SEARCH_PATH = '/spot/api/basic/announcement_search';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const MAX_ITEMS = 200;
const MAX_PAGE_SIZE = 50;
const DEFAULT_PAGE_SIZE = 20;
const SLUG = /^[a-z0-9][a-z0-9-]{0,159}$/;
const KEY = /^[a-z][a-z0-9_]{0,63}$/;
const DIGITS = /^\d{1,16}$/;

/** One announcement as the fixture holds it: its age instead of a date (dates follow the exchange clock). */
export interface StoredAnnouncement {
  objectID: string;
  title: string;
  description: string;
  slug: string;
  category: { key: string; title: string };
  topics: string[];
  ageHours: number;
}

/** One hit of the search answer (spec 2 §3 search hit fields, plus the topics it was filed under). */
export interface SearchHit {
  objectID: string;
  title: string;
  description: string;
  url: string;
  date_timestamp: number;
  category: { key: string; title: string };
  topics: string[];
}

const filled = (v: unknown, max: number): v is string => typeof v === 'string' && v.trim() !== '' && v.length <= max;

/** The list as the exchange accepts it, or the reason it does not. */
export function validateStoredAnnouncements(value: unknown): StoredAnnouncement[] | string {
  if (!Array.isArray(value)) return 'list must be an array';
  if (value.length > MAX_ITEMS) return `list holds at most ${MAX_ITEMS} items`;
  const ids = new Set<string>();
  const out: StoredAnnouncement[] = [];
  for (const [i, raw] of value.entries()) {
    const o = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const category = (typeof o.category === 'object' && o.category !== null ? o.category : {}) as Record<string, unknown>;
    if (!filled(o.objectID, 64) || ids.has(o.objectID)) return `list[${i}].objectID must be a unique non-empty string`;
    if (!filled(o.title, 300)) return `list[${i}].title must be a non-empty string of at most 300 characters`;
    if (typeof o.description !== 'string' || o.description.length > 1000) return `list[${i}].description must be a string`;
    if (typeof o.slug !== 'string' || !SLUG.test(o.slug)) return `list[${i}].slug must be lower-case letters, digits and dashes`;
    if (typeof category.key !== 'string' || !KEY.test(category.key) || !filled(category.title, 100)) return `list[${i}].category must have a key and a title`;
    if (!Array.isArray(o.topics) || o.topics.length === 0 || !o.topics.every((t) => filled(t, 32))) return `list[${i}].topics must be a non-empty list of names`;
    if (typeof o.ageHours !== 'number' || !(o.ageHours >= 0 && o.ageHours <= 24 * 3650)) return `list[${i}].ageHours must be a number of hours from 0`;
    ids.add(o.objectID);
    out.push({
      objectID: o.objectID,
      title: o.title,
      description: o.description,
      slug: o.slug,
      category: { key: category.key, title: category.title as string },
      topics: [...(o.topics as string[])],
      ageHours: o.ageHours,
    });
  }
  return out;
}

/**
 * Dates count back from 00:00 UTC of the exchange's day: they do not move on
 * a reload (a "don't show again" keyed by date keeps matching), and a
 * long-running server never runs out of recent announcements.
 */
export function releaseTime(item: StoredAnnouncement, exchangeNow: number): number {
  return Math.floor(exchangeNow / DAY_MS) * DAY_MS - Math.round(item.ageHours * HOUR_MS);
}

export interface SearchQuery {
  /** topics to match (any of them); empty: every topic */
  topics: string[];
  /** inclusive window of release times, ms */
  from: number;
  to: number;
  /** words that must all appear in the title or description (case-insensitive); empty: no text filter */
  text: string;
  pageSize: number;
}

/** The hits of a query, newest first. Categories are not filtered: which ones to show is the page's rule. */
export function searchAnnouncements(items: readonly StoredAnnouncement[], query: SearchQuery, exchangeNow: number): SearchHit[] {
  const words = query.text.toLowerCase().split(/\s+/).filter((w) => w !== '');
  const wanted = new Set(query.topics.map((t) => t.toLowerCase()));
  return items
    .map((item) => ({ item, date: releaseTime(item, exchangeNow) }))
    .filter(({ item, date }) => {
      if (date < query.from || date > query.to) return false;
      if (wanted.size > 0 && !item.topics.some((t) => wanted.has(t.toLowerCase()))) return false;
      const haystack = `${item.title}\n${item.description}`.toLowerCase();
      return words.every((w) => haystack.includes(w));
    })
    .sort((a, b) => b.date - a.date || a.item.objectID.localeCompare(b.item.objectID))
    .slice(0, query.pageSize)
    .map(({ item, date }) => ({
      objectID: item.objectID,
      title: item.title,
      description: item.description,
      url: `/article/${item.slug}/`,
      date_timestamp: date,
      category: { ...item.category },
      topics: [...item.topics],
    }));
}

class SearchRefusal extends Error {}

function timeParam(query: URLSearchParams, name: string): number | undefined {
  const raw = query.get(name);
  if (raw === null) return undefined;
  if (!DIGITS.test(raw)) throw new SearchRefusal(`${name} must be a time in ms`);
  return Number(raw);
}

/** The query string as a search, or a refusal naming the parameter. */
export function searchQueryOf(request: Request, exchangeNow: number): SearchQuery {
  const query = queryOf(request);
  const from = timeParam(query, 'date_from');
  if (from === undefined) throw new SearchRefusal('date_from is required');
  const to = timeParam(query, 'date_to') ?? exchangeNow;
  if (to < from) throw new SearchRefusal('date_to must not be before date_from');
  const topics = (query.get('topics') ?? '').split(',').map((t) => t.trim()).filter((t) => t !== '');
  if (topics.length > 10 || topics.some((t) => t.length > 32)) throw new SearchRefusal('topics must be a comma list of at most 10 names');
  const text = query.get('query') ?? '';
  if (text.length > 200) throw new SearchRefusal('query must be at most 200 characters');
  const rawSize = query.get('page_size');
  const pageSize = rawSize === null ? DEFAULT_PAGE_SIZE : DIGITS.test(rawSize) ? Number(rawSize) : NaN;
  if (!(pageSize >= 1 && pageSize <= MAX_PAGE_SIZE)) throw new SearchRefusal(`page_size must be an integer from 1 to ${MAX_PAGE_SIZE}`);
  return { topics, from, to, text, pageSize };
}

export function loadFooterAnnouncements(value: unknown = fixture.list): StoredAnnouncement[] {
  const checked = validateStoredAnnouncements(value);
  if (typeof checked === 'string') throw new Error(`fixtures/footer-announcements.json: ${checked}`);
  return checked;
}

export function footerAnnouncementHandlers(context: RouteContext & { now(): number }, items = loadFooterAnnouncements()): HttpHandler[] {
  return [
    route(context, ANNOUNCEMENT_SEARCH_PATH, (request) => {
      const now = context.now();
      try {
        const hits = searchAnnouncements(items, searchQueryOf(request, now), now);
        return HttpResponse.json({ ret_code: 0, ret_msg: 'OK', result: { hits, total: hits.length }, time_now: now });
      } catch (error) {
        if (!(error instanceof SearchRefusal)) throw error;
        // The search service's refusal: its own envelope, HTTP 200, like its successes.
        return HttpResponse.json({ ret_code: 10001, ret_msg: error.message, result: {}, time_now: now });
      }
    }),
  ];
}
