// @vitest-environment jsdom
import { setupServer } from 'msw/node';
import { afterEach, describe, expect, it } from 'vitest';
import { createHandlers } from './handlers';
import { ANNOUNCEMENT_SEARCH_PATH, loadFooterAnnouncements, releaseTime, validateStoredAnnouncements, type SearchHit } from './footerAnnouncements';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** 23:30 UTC: the latest hour of a day, when fixture ages counted from midnight are largest. */
const LATE = Date.UTC(2026, 10, 2, 23, 30);
const EARLY = Date.UTC(2026, 10, 3, 0, 10);

const servers: ReturnType<typeof setupServer>[] = [];
afterEach(() => servers.splice(0).forEach((s) => s.close()));

function backend(now: number) {
  const server = setupServer(...createHandlers({ scheduler: { now: () => now } }));
  server.listen({ onUnhandledFrame: 'error' });
  servers.push(server);
}

interface Answer { ret_code: number; ret_msg: string; result: { hits?: SearchHit[] } }

async function search(params: Record<string, string | number>): Promise<Answer> {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  return (await (await fetch(`${ANNOUNCEMENT_SEARCH_PATH}?${query}`)).json()) as Answer;
}

describe('announcement search (spec 2 §7)', () => {
  it('answers ret_code 0 and result.hits: topic Spot, 7 days back, newest first, every category', async () => {
    for (const now of [LATE, EARLY]) {
      backend(now);
      const answer = await search({ topics: 'Spot', date_from: now - 7 * DAY });
      expect(answer.ret_code).toBe(0);
      const hits = answer.result.hits ?? [];
      const ids = hits.map((h) => h.objectID);
      // Other topics and dates outside the window are not answered; other categories are (the page skips them).
      expect(ids).not.toContain('fa-perpetual-listing');
      expect(ids).not.toContain('fa-old-listing');
      expect(ids).not.toContain('fa-old-delisting');
      expect(ids[0]).toBe('fa-wallet-maintenance');
      expect(ids).toContain('fa-markup-title');
      expect(new Set(hits.map((h) => h.category.key))).toEqual(
        new Set(['maintenance_updates', 'new_crypto', 'latest_bybit_news', 'latest_activities', 'product_updates', 'partnership_announcement', 'delisting']),
      );
      const dates = hits.map((h) => h.date_timestamp);
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
      expect(dates.every((d) => d <= now && d >= now - 7 * DAY)).toBe(true);
      expect(hits[0]).toMatchObject({ url: '/article/scheduled-wallet-maintenance-ton/', topics: ['Spot'], category: { title: 'Maintenance Updates' } });
      servers.splice(0).forEach((s) => s.close());
    }
  });

  it('keeps dates over a day and moves them at midnight', () => {
    const [item] = loadFooterAnnouncements();
    expect(releaseTime(item!, LATE)).toBe(releaseTime(item!, LATE - 20 * HOUR));
    expect(releaseTime(item!, EARLY) - releaseTime(item!, LATE)).toBe(DAY);
  });

  it('answers every topic without topics, and filters by words and page size', async () => {
    backend(LATE);
    const all = await search({ date_from: 0 });
    expect(all.result.hits?.map((h) => h.objectID)).toContain('fa-perpetual-listing');
    expect(all.result.hits).toHaveLength(11);
    const words = await search({ date_from: 0, query: 'delisting SPOT' });
    expect(words.result.hits?.map((h) => h.objectID)).toEqual(['fa-delisting-xyz', 'fa-old-delisting']);
    expect((await search({ date_from: 0, page_size: 2 })).result.hits).toHaveLength(2);
  });

  it('refuses bad parameters in its own envelope', async () => {
    backend(LATE);
    expect(await search({ topics: 'Spot' })).toMatchObject({ ret_code: 10001, ret_msg: 'date_from is required' });
    expect(await search({ date_from: 'yesterday' })).toMatchObject({ ret_code: 10001, ret_msg: /date_from/ });
    expect(await search({ date_from: 10, date_to: 5 })).toMatchObject({ ret_code: 10001, ret_msg: /date_to/ });
    expect(await search({ date_from: 0, page_size: 0 })).toMatchObject({ ret_code: 10001, ret_msg: /page_size/ });
  });

  it('checks its fixture', () => {
    expect(validateStoredAnnouncements('x')).toMatch(/array/);
    const ok = { objectID: 'a', title: 't', description: '', slug: 'a-b', category: { key: 'new_crypto', title: 'New' }, topics: ['Spot'], ageHours: 1 };
    expect(validateStoredAnnouncements([ok])).toHaveLength(1);
    expect(validateStoredAnnouncements([ok, ok])).toMatch(/unique/);
    expect(validateStoredAnnouncements([{ ...ok, slug: '../x' }])).toMatch(/slug/);
    expect(validateStoredAnnouncements([{ ...ok, topics: [] }])).toMatch(/topics/);
    expect(validateStoredAnnouncements([{ ...ok, ageHours: -1 }])).toMatch(/ageHours/);
    expect(() => loadFooterAnnouncements({})).toThrow(/fixtures/);
  });
});
