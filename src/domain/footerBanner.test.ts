import { describe, expect, it } from 'vitest';
import {
  BANNER_CATEGORIES, BANNER_CLOSE_MS, BANNER_FOLLOW_MS, EMPTY_BANNER_STATE, announcementArticleUrl, announcementSlug, bannerAnnouncement,
  bannerCandidates, bannerDate, bannerRecheckAt, bannerSearchWindow, closeBanner, dismissBanner, followBanner, isBannerClosed, laterWatermark,
  parseBannerState, parseWatermarkPref, serializeWatermark, type BannerState, type FooterAnnouncement,
} from './footerBanner';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2026, 10, 2, 9, 0, 0);

const item = (id: string, ageMs: number, category = 'new_crypto', topics: string[] = ['Spot']): FooterAnnouncement => ({
  id, title: `title ${id}`, description: '', url: `/article/${id}/`, date: NOW - ageMs, category, topics,
});

const ITEMS = [
  item('other-category', 10 * MIN, 'maintenance_updates'),
  item('derivatives', 20 * MIN, 'new_crypto', ['Derivatives']),
  item('listing', 1 * HOUR, 'new_crypto'),
  item('news', 3 * HOUR, 'latest_bybit_news'),
  item('activity', 20 * HOUR, 'latest_activities'),
  item('partner', 2 * DAY, 'partnership_announcement', ['Spot', 'Derivatives']),
  item('delisting', 4 * DAY, 'delisting'),
  item('edge', 7 * DAY, 'delisting'),
  item('old', 7 * DAY + 1, 'new_crypto'),
];

/** A fake clock: every rule takes the time as a parameter, so a test moves it by hand. */
function clock(start = NOW) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('which announcement the footer banner shows (spec 2 §5)', () => {
  it('keeps the last 7 days, topic Spot, the five categories, newest first', () => {
    // Released after "now" (a clock behind the exchange's) waits its time.
    const future = item('future', -MIN, 'new_crypto');
    expect(bannerCandidates([...ITEMS, future], EMPTY_BANNER_STATE, null, NOW).map((i) => i.id)).toEqual(['listing', 'news', 'activity', 'partner', 'delisting', 'edge']);
    expect(bannerAnnouncement(ITEMS, EMPTY_BANNER_STATE, null, NOW)?.id).toBe('listing');
    expect(BANNER_CATEGORIES).toHaveLength(5);
    expect(bannerSearchWindow(NOW)).toEqual({ from: NOW - 7 * DAY, to: NOW });
  });

  it('skips read ones and the ones under a "don\'t show again"', () => {
    const read: BannerState = { ...EMPTY_BANNER_STATE, read: { listing: NOW - HOUR } };
    expect(bannerAnnouncement(ITEMS, read, null, NOW)?.id).toBe('news');
    // The watermark hides its announcement and every older one; a newer one still shows.
    expect(bannerCandidates(ITEMS, EMPTY_BANNER_STATE, { id: 'activity', date: NOW - 20 * HOUR }, NOW).map((i) => i.id)).toEqual(['listing', 'news']);
    expect(bannerAnnouncement(ITEMS, EMPTY_BANNER_STATE, { id: 'listing', date: NOW - HOUR }, NOW)).toBeNull();
    expect(bannerAnnouncement([], EMPTY_BANNER_STATE, null, NOW)).toBeNull();
  });

  it('breaks ties of the same date by id, so every render shows the same one', () => {
    const same = [item('b', HOUR), item('a', HOUR)];
    expect(bannerAnnouncement(same, EMPTY_BANNER_STATE, null, NOW)?.id).toBe('a');
  });
});

describe('closing the footer banner (spec 2 §4, fake clock)', () => {
  it('× hides it for 24 h, then it is back', () => {
    const c = clock();
    const state = closeBanner(EMPTY_BANNER_STATE, c.now());
    expect(bannerAnnouncement(ITEMS, state, null, c.now())).toBeNull();
    expect(bannerRecheckAt(state, c.now())).toBe(NOW + BANNER_CLOSE_MS);
    c.advance(24 * HOUR - 1);
    expect(bannerAnnouncement(ITEMS, state, null, c.now())).toBeNull();
    c.advance(1);
    expect(isBannerClosed(state, c.now())).toBe(false);
    // A day later every item is a day older: the 20 h one is the newest of the window still.
    expect(bannerAnnouncement(ITEMS, state, null, c.now())?.id).toBe('listing');
    expect(bannerRecheckAt(state, c.now())).toBeNull();
  });

  it('following its link hides it for 5 min, then shows the next unread one', () => {
    const c = clock();
    const shown = bannerAnnouncement(ITEMS, EMPTY_BANNER_STATE, null, c.now())!;
    const state = followBanner(EMPTY_BANNER_STATE, shown, c.now());
    c.advance(5 * MIN - 1);
    expect(bannerAnnouncement(ITEMS, state, null, c.now())).toBeNull();
    c.advance(1);
    expect(bannerAnnouncement(ITEMS, state, null, c.now())?.id).toBe('news');
    expect(BANNER_FOLLOW_MS).toBe(5 * MIN);
  });

  it('a followed link does not shorten a running 24 h close', () => {
    const c = clock();
    const closed = closeBanner(EMPTY_BANNER_STATE, c.now());
    c.advance(HOUR);
    const state = followBanner(closed, item('listing', HOUR), c.now());
    expect(state.hiddenUntil).toBe(NOW + BANNER_CLOSE_MS);
  });

  it('"don\'t show again" hides it permanently, with every older one', () => {
    const c = clock();
    const shown = bannerAnnouncement(ITEMS, EMPTY_BANNER_STATE, null, c.now())!;
    const state = dismissBanner(EMPTY_BANNER_STATE, shown);
    expect(state.watermark).toEqual({ id: 'listing', date: NOW - HOUR });
    expect(bannerAnnouncement(ITEMS, state, state.watermark, c.now())).toBeNull();
    c.advance(24 * HOUR);
    expect(bannerAnnouncement(ITEMS, state, state.watermark, c.now())).toBeNull();
    c.advance(30 * DAY);
    expect(bannerAnnouncement(ITEMS, state, state.watermark, c.now())).toBeNull();
    // Only a newer announcement comes through.
    const fresh = { ...item('fresh', 0), date: c.now() - MIN };
    expect(bannerAnnouncement([...ITEMS, fresh], state, state.watermark, c.now())?.id).toBe('fresh');
  });

  it('a stored close further ahead than 24 h (junk, or a clock set back) does not hide it', () => {
    expect(isBannerClosed(parseBannerState({ hiddenUntil: NOW + BANNER_CLOSE_MS + 1 }, NOW), NOW)).toBe(false);
    expect(isBannerClosed(parseBannerState({ hiddenUntil: NOW + BANNER_CLOSE_MS }, NOW), NOW)).toBe(true);
  });
});

describe('remembered state', () => {
  it('reads stored state defensively and forgets read marks outside the window', () => {
    expect(parseBannerState(null, NOW)).toEqual(EMPTY_BANNER_STATE);
    expect(parseBannerState('x', NOW)).toEqual(EMPTY_BANNER_STATE);
    expect(parseBannerState({ hiddenUntil: -5, read: [], watermark: { id: 1 } }, NOW)).toEqual(EMPTY_BANNER_STATE);
    const stored = { hiddenUntil: NOW + MIN, read: { a: NOW - HOUR, old: NOW - 8 * DAY, 'bad id!': NOW, b: 'x' }, watermark: { id: 'w', date: NOW - DAY } };
    expect(parseBannerState(stored, NOW)).toEqual({ hiddenUntil: NOW + MIN, read: { a: NOW - HOUR }, watermark: { id: 'w', date: NOW - DAY } });
  });

  it('keeps the announcement date JSON of setPrefSetting', () => {
    const value = serializeWatermark({ id: 'listing', date: NOW - HOUR });
    expect(JSON.parse(value)).toEqual({ id: 'listing', date: NOW - HOUR });
    expect(parseWatermarkPref(value)).toEqual({ id: 'listing', date: NOW - HOUR });
    expect(parseWatermarkPref(undefined)).toBeNull();
    expect(parseWatermarkPref('{')).toBeNull();
    expect(parseWatermarkPref('{"id":"x","date":"soon"}')).toBeNull();
  });

  it('joins two watermarks to the later one', () => {
    const a = { id: 'a', date: 1 };
    const b = { id: 'b', date: 2 };
    expect(laterWatermark(a, b)).toBe(b);
    expect(laterWatermark(b, a)).toBe(b);
    expect(laterWatermark(null, a)).toBe(a);
    expect(laterWatermark(null, null)).toBeNull();
  });
});

describe('article links (route helper)', () => {
  it('rebuilds the article URL from the slug in the page language', () => {
    expect(announcementSlug('/article/new-listing-ton-usdt-spot/')).toBe('new-listing-ton-usdt-spot');
    expect(announcementSlug('/en/article/a-b')).toBe('a-b');
    expect(announcementSlug('https://announcements.bybit.com/zh-TW/article/a-b/')).toBe('a-b');
    expect(announcementArticleUrl('zh-TW', 'a-b')).toBe('https://announcements.bybit.com/zh-TW/article/a-b/');
    expect(announcementArticleUrl('en', 'a-b')).toBe('https://announcements.bybit.com/en/article/a-b/');
  });

  it('gives no link for anything else', () => {
    for (const url of ['javascript:alert(1)', '//evil.example/article/a/', 'https://evil.example/article/a/', '/article/../x/', '/article/A B/', '/article/x/?q=<img>', '']) {
      expect(announcementSlug(url), url).toBeNull();
    }
    expect(announcementArticleUrl('en/../x', 'a')).toBeNull();
    expect(announcementArticleUrl('en', '../a')).toBeNull();
  });

  it('formats the release date in the reader\'s zone', () => {
    expect(bannerDate(Date.UTC(2026, 10, 2, 23, 30), 0)).toBe('2026-11-02');
    expect(bannerDate(Date.UTC(2026, 10, 2, 23, 30), 60)).toBe('2026-11-03');
    expect(bannerDate(Date.UTC(2026, 10, 2, 0, 30), -60)).toBe('2026-11-01');
  });
});
