// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createAnnouncementStore, validateAnnouncements } from './announcements';

describe('announcement list of the embedded exchange', () => {
  it('ships a valid fixture with ALL, comma-list and single-symbol items', () => {
    const list = createAnnouncementStore().list();
    expect(list.length).toBeGreaterThanOrEqual(4);
    expect(list.map((i) => i.symbolName)).toEqual(expect.arrayContaining(['ALL', 'BTCUSDT,ETHUSDT', 'WIFUSDT']));
  });

  it('replaces the list, and hands out copies', () => {
    const store = createAnnouncementStore();
    store.replace([{ id: 'a', symbolName: 'ALL', info: 'x', url: '' }]);
    const list = store.list();
    list[0]!.info = 'changed';
    expect(store.list()).toEqual([{ id: 'a', symbolName: 'ALL', info: 'x', url: '' }]);
  });

  it('refuses malformed lists with a reason', () => {
    expect(validateAnnouncements('x')).toBe('list must be an array');
    expect(validateAnnouncements([{ id: 'a', symbolName: 'ALL', info: '', url: '' }])).toMatch(/info/);
    expect(validateAnnouncements([{ id: 'a', symbolName: ' ', info: 'x', url: '' }])).toMatch(/symbolName/);
    expect(validateAnnouncements([{ id: 'a', symbolName: 'ALL', info: 'x' }])).toMatch(/url/);
    expect(validateAnnouncements([null])).toMatch(/id/);
    const dup = { id: 'a', symbolName: 'ALL', info: 'x', url: '' };
    expect(validateAnnouncements([dup, dup])).toMatch(/repeated/);
    expect(() => createAnnouncementStore({})).toThrow(/fixtures/);
  });
});
