import { describe, expect, it } from 'vitest';
import {
  announcementsFor, announcementsSignature, clampAnnouncementIndex, isAnnouncementClosed, nextAnnouncementIndex, type Announcement,
} from './announcements';

const item = (id: string, symbolName: string, info = `info ${id}`, url = `/a/${id}`): Announcement => ({ id, symbolName, info, url });
const LIST = [item('1', 'ALL'), item('2', 'BTCUSDT,ETHUSDT'), item('3', 'WIFUSDT'), item('4', ' solusdt , xrpusdt '), item('5', 'all')];

describe('announcement filter (spec 2 §3: comma list or ALL)', () => {
  it('keeps ALL and the items listing the symbol, in server order', () => {
    expect(announcementsFor(LIST, 'BTCUSDT').map((i) => i.id)).toEqual(['1', '2', '5']);
    expect(announcementsFor(LIST, 'WIFUSDT').map((i) => i.id)).toEqual(['1', '3', '5']);
    expect(announcementsFor(LIST, 'ETHBTC').map((i) => i.id)).toEqual(['1', '5']);
  });

  it('is case-insensitive and trims blanks', () => {
    expect(announcementsFor(LIST, 'xrpusdt').map((i) => i.id)).toEqual(['1', '4', '5']);
    expect(announcementsFor(LIST, ' SOLUSDT').map((i) => i.id)).toEqual(['1', '4', '5']);
  });

  it('matches whole symbols only; an empty symbolName matches nothing', () => {
    expect(announcementsFor([item('x', 'BTCUSDT')], 'BTC')).toEqual([]);
    expect(announcementsFor([item('x', ' , ')], 'BTCUSDT')).toEqual([]);
    expect(announcementsFor([], 'BTCUSDT')).toEqual([]);
  });
});

describe('announcement list signature', () => {
  it('is stable for the same items in any order', () => {
    expect(announcementsSignature([...LIST].reverse())).toBe(announcementsSignature(LIST));
    expect(announcementsSignature([item('1', 'BTCUSDT, ETHUSDT')])).toBe(announcementsSignature([item('1', 'ethusdt,btcusdt')]));
  });

  it('changes when an item is added, removed or edited', () => {
    const base = announcementsSignature(LIST);
    expect(announcementsSignature(LIST.slice(1))).not.toBe(base);
    expect(announcementsSignature([...LIST, item('6', 'ALL')])).not.toBe(base);
    expect(announcementsSignature(LIST.map((i) => (i.id === '2' ? { ...i, info: 'edited' } : i)))).not.toBe(base);
    expect(announcementsSignature(LIST.map((i) => (i.id === '3' ? { ...i, url: '/other' } : i)))).not.toBe(base);
  });

  it('a close is remembered only against the same signature; stored junk is not a close', () => {
    const sig = announcementsSignature(LIST);
    expect(isAnnouncementClosed(sig, sig)).toBe(true);
    expect(isAnnouncementClosed(announcementsSignature(LIST.slice(1)), sig)).toBe(false);
    expect(isAnnouncementClosed(undefined, sig)).toBe(false);
    expect(isAnnouncementClosed(42, sig)).toBe(false);
  });
});

describe('rotation index', () => {
  it('wraps around and survives a list that shrank', () => {
    expect(nextAnnouncementIndex(0, 3)).toBe(1);
    expect(nextAnnouncementIndex(2, 3)).toBe(0);
    expect(nextAnnouncementIndex(5, 3)).toBe(0);
    expect(nextAnnouncementIndex(0, 1)).toBe(0);
    expect(nextAnnouncementIndex(0, 0)).toBe(0);
    expect(nextAnnouncementIndex(-1, 2)).toBe(1);
    expect(clampAnnouncementIndex(4, 3)).toBe(1);
    expect(clampAnnouncementIndex(1, 0)).toBe(0);
  });
});
