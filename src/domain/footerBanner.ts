/**
 * Footer announcement banner (spec 2 §2, §4, §5, §9): which announcement it
 * shows and how long a close hides it. Pure: every time is a parameter.
 *
 * - Shown: released within the last 7 days, filed under topic Spot, of one
 *   of the five categories, not read, not hidden for good; newest first.
 * - × hides the banner 24 h; following its link 5 min (and the announcement
 *   counts as read, so the next one shows after that).
 * - "Don't show again" hides the announcement and every older one for good
 *   (the announcement date is the watermark): logged-in users keep it on the
 *   exchange (setPrefSetting), visitors in local storage.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** spec 2 §9 */
export const BANNER_LOOKBACK_MS = 7 * DAY_MS;
export const BANNER_CLOSE_MS = 24 * HOUR_MS;
export const BANNER_FOLLOW_MS = 5 * MINUTE_MS;

/** spec 2 §3: the announcement keys the banner shows. */
export const BANNER_CATEGORIES = ['new_crypto', 'latest_bybit_news', 'latest_activities', 'partnership_announcement', 'delisting'] as const;
export type BannerCategory = (typeof BANNER_CATEGORIES)[number];
export const BANNER_TOPIC = 'Spot';

/** The setPrefSetting key of the permanent hide (spec 2 §3 "announcement date JSON"). */
export const BANNER_PREF_KEY = 'spot_announcement_date';

/** Read marks kept at most; older ones have long left the 7-day window. */
const MAX_READ = 100;

export interface FooterAnnouncement {
  id: string;
  title: string;
  description: string;
  /** the search hit's url, untrusted: turned into a link only by `announcementArticleUrl` */
  url: string;
  /** release time, ms */
  date: number;
  category: string;
  topics: readonly string[];
}

/** A permanent hide: this announcement and every one released at or before `date`. */
export interface BannerWatermark {
  id: string;
  date: number;
}

/** What this device remembers (local storage); validated on read. */
export interface BannerState {
  /** the banner stays hidden before this time (× or a followed link); 0: not closed */
  hiddenUntil: number;
  /** followed announcements: id → release time (dropped once outside the window) */
  read: Readonly<Record<string, number>>;
  /** a visitor's "don't show again" */
  watermark: BannerWatermark | null;
}

export const EMPTY_BANNER_STATE: BannerState = { hiddenUntil: 0, read: {}, watermark: null };

const isBannerCategory = (key: string): key is BannerCategory => (BANNER_CATEGORIES as readonly string[]).includes(key);
const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** The search window the page asks for: the last 7 days up to now. */
export function bannerSearchWindow(now: number): { from: number; to: number } {
  return { from: now - BANNER_LOOKBACK_MS, to: now };
}

/** Covered by a "don't show again": the same announcement, or one released no later. */
export function isUnderWatermark(item: Pick<FooterAnnouncement, 'id' | 'date'>, watermark: BannerWatermark | null): boolean {
  return watermark !== null && (item.id === watermark.id || item.date <= watermark.date);
}

/** The later of two watermarks (two devices or a visitor's and the account's): both hides hold. */
export function laterWatermark(a: BannerWatermark | null, b: BannerWatermark | null): BannerWatermark | null {
  if (!a) return b;
  if (!b) return a;
  return b.date > a.date ? b : a;
}

/** Announcements the banner may show, newest first (ties by id, so every render picks the same). */
export function bannerCandidates(
  items: readonly FooterAnnouncement[],
  state: BannerState,
  watermark: BannerWatermark | null,
  now: number,
): FooterAnnouncement[] {
  const from = now - BANNER_LOOKBACK_MS;
  return items
    .filter((item) => item.date >= from && item.date <= now)
    .filter((item) => item.topics.includes(BANNER_TOPIC) && isBannerCategory(item.category))
    .filter((item) => !Object.hasOwn(state.read, item.id) && !isUnderWatermark(item, watermark))
    .sort((a, b) => b.date - a.date || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Closed by × or a followed link (a stored time is checked when read: `parseBannerState`). */
export function isBannerClosed(state: BannerState, now: number): boolean {
  return state.hiddenUntil > now;
}

/** The announcement on show, or null. */
export function bannerAnnouncement(
  items: readonly FooterAnnouncement[],
  state: BannerState,
  watermark: BannerWatermark | null,
  now: number,
): FooterAnnouncement | null {
  if (isBannerClosed(state, now)) return null;
  return bannerCandidates(items, state, watermark, now)[0] ?? null;
}

/** When the banner's answer may change by time alone (a close ends), or null. */
export function bannerRecheckAt(state: BannerState, now: number): number | null {
  return isBannerClosed(state, now) ? state.hiddenUntil : null;
}

/** × : hidden 24 h. */
export function closeBanner(state: BannerState, now: number): BannerState {
  return { ...state, hiddenUntil: now + BANNER_CLOSE_MS };
}

/** Its link followed: hidden 5 min, and this announcement is read (the next one shows after that). */
export function followBanner(state: BannerState, item: Pick<FooterAnnouncement, 'id' | 'date'>, now: number): BannerState {
  // A longer close already running (×) is not shortened by a click elsewhere.
  const hiddenUntil = isBannerClosed(state, now) ? Math.max(state.hiddenUntil, now + BANNER_FOLLOW_MS) : now + BANNER_FOLLOW_MS;
  return { ...state, hiddenUntil, read: pruneRead({ ...state.read, [item.id]: item.date }, now) };
}

/**
 * "Don't show again" (visitors): the watermark moves to this announcement.
 * No close is needed on top: the one on show is the newest candidate, so the
 * watermark already hides every other one until a newer one is released.
 */
export function dismissBanner(state: BannerState, item: Pick<FooterAnnouncement, 'id' | 'date'>): BannerState {
  return { ...state, watermark: laterWatermark(state.watermark, { id: item.id, date: item.date }) };
}

function pruneRead(read: Readonly<Record<string, number>>, now: number): Record<string, number> {
  const from = now - BANNER_LOOKBACK_MS;
  const kept = Object.entries(read)
    .filter(([, date]) => date >= from)
    .sort((a, b) => b[1] - a[1])
    .slice(0, MAX_READ);
  return Object.fromEntries(kept);
}

const ID = /^[\w.:-]{1,64}$/;

function parseWatermark(raw: unknown): BannerWatermark | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { id, date } = raw as Record<string, unknown>;
  return typeof id === 'string' && ID.test(id) && isTime(date) ? { id, date } : null;
}

/** Stored state as the page may use it: anything unreadable counts as "nothing remembered". */
export function parseBannerState(raw: unknown, now: number): BannerState {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return EMPTY_BANNER_STATE;
  const o = raw as Record<string, unknown>;
  const read: Record<string, number> = {};
  if (typeof o.read === 'object' && o.read !== null && !Array.isArray(o.read)) {
    for (const [id, date] of Object.entries(o.read)) if (ID.test(id) && isTime(date)) read[id] = date;
  }
  // A close holds at most its own length from now: a time further ahead is junk or a clock that went back.
  const hiddenUntil = isTime(o.hiddenUntil) && o.hiddenUntil <= now + BANNER_CLOSE_MS ? o.hiddenUntil : 0;
  return { hiddenUntil, read: pruneRead(read, now), watermark: parseWatermark(o.watermark) };
}

/** The setPrefSetting value: the announcement date JSON. */
export function serializeWatermark(watermark: BannerWatermark): string {
  return JSON.stringify({ id: watermark.id, date: watermark.date });
}

/** The stored preference, or null when absent or unreadable (then nothing is hidden for good). */
export function parseWatermarkPref(value: string | undefined): BannerWatermark | null {
  if (value === undefined) return null;
  try {
    return parseWatermark(JSON.parse(value) as unknown);
  } catch {
    return null;
  }
}

const ARTICLE_HOST = 'https://announcements.bybit.com';
const SLUG = /^[a-z0-9][a-z0-9-]{0,159}$/;
/** `/article/<slug>/`, optionally with a language segment or the announcement site's origin, as hits carry it. */
const HIT_URL = /^(?:https:\/\/announcements\.bybit\.com)?(?:\/[A-Za-z]{2}(?:-[A-Za-z]{2})?)?\/article\/([a-z0-9][a-z0-9-]{0,159})\/?$/;
const LOCALE = /^[a-z]{2}(?:-[A-Z]{2})?$/;

/** The slug of a hit's url, or null when it is not an announcement article. */
export function announcementSlug(url: string): string | null {
  return HIT_URL.exec(url.trim())?.[1] ?? null;
}

/**
 * Route helper: the announcement article in the page's language, rebuilt
 * from the slug alone, so a hit's url can never lead anywhere else.
 */
export function announcementArticleUrl(locale: string, slug: string): string | null {
  if (!SLUG.test(slug) || !LOCALE.test(locale)) return null;
  return `${ARTICLE_HOST}/${locale}/article/${slug}/`;
}

/** The release date as `YYYY-MM-DD` in a zone `offsetMinutes` east of UTC. */
export function bannerDate(ms: number, offsetMinutes: number): string {
  const d = new Date(ms + offsetMinutes * MINUTE_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}
