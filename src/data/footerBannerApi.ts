import type { FooterAnnouncement } from '../domain/footerBanner';
import { ApiError, getPlainJson, MalformedResponseError } from './http';
import { list, record } from './api/parse';

export const ANNOUNCEMENT_SEARCH_PATH = '/spot/api/basic/announcement_search';

function parseHit(value: unknown): FooterAnnouncement | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const o = value as Record<string, unknown>;
  const category = typeof o.category === 'object' && o.category !== null ? (o.category as Record<string, unknown>) : {};
  const date = typeof o.date_timestamp === 'string' && /^\d+$/.test(o.date_timestamp) ? Number(o.date_timestamp) : o.date_timestamp;
  if (typeof o.objectID !== 'string' || o.objectID === '') return null;
  if (typeof o.title !== 'string' || o.title.trim() === '') return null;
  if (typeof date !== 'number' || !Number.isSafeInteger(date) || date < 0) return null;
  if (typeof category.key !== 'string') return null;
  return {
    id: o.objectID,
    title: o.title.trim(),
    description: typeof o.description === 'string' ? o.description : '',
    url: typeof o.url === 'string' ? o.url : '',
    date,
    category: category.key,
    // A hit without topics was found by the topic query itself: it is a Spot hit.
    topics: Array.isArray(o.topics) ? o.topics.filter((t): t is string => typeof t === 'string') : ['Spot'],
  };
}

/**
 * The search service's envelope (spec 2 §7): `ret_code` 0 and `result.hits`.
 * Another code is a refusal; a missing hit list is malformed; one bad hit is
 * dropped on its own, so it cannot hide the others.
 */
export function parseAnnouncementSearch(body: unknown): FooterAnnouncement[] {
  const o = record(body, 'announcement search');
  if (o.ret_code !== 0) {
    if (o.ret_code === undefined) throw new MalformedResponseError('announcement search has no ret_code');
    throw new ApiError(o.ret_code as number | string, typeof o.ret_msg === 'string' ? o.ret_msg : String(o.ret_code));
  }
  return list(record(o.result, 'announcement search.result').hits, 'announcement search.result.hits')
    .map(parseHit)
    .filter((hit): hit is FooterAnnouncement => hit !== null);
}

/** Announcements of the topics released in [from, to]. */
export function searchAnnouncements(query: { topics: readonly string[]; from: number; to: number }, signal?: AbortSignal): Promise<FooterAnnouncement[]> {
  const params = new URLSearchParams({ topics: query.topics.join(','), date_from: String(query.from), date_to: String(query.to), page_size: '50' });
  return getPlainJson(`${ANNOUNCEMENT_SEARCH_PATH}?${params}`, parseAnnouncementSearch, signal);
}
