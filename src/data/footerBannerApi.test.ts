import { describe, expect, it } from 'vitest';
import { ApiError, MalformedResponseError } from './http';
import { parseAnnouncementSearch } from './footerBannerApi';

const hit = {
  objectID: 'a', title: ' New listing ', description: 'd', url: '/article/a/', date_timestamp: 1_700_000_000_000,
  category: { key: 'new_crypto', title: 'New Listings' }, topics: ['Spot'],
};

describe('announcement search answer (spec 2 §7: ret_code 0, result.hits)', () => {
  it('reads the hits and drops bad ones on their own', () => {
    const items = parseAnnouncementSearch({
      ret_code: 0,
      result: {
        hits: [
          hit,
          { ...hit, objectID: 'b', date_timestamp: '1700000000001', topics: undefined, description: 5 },
          { ...hit, objectID: '' },
          { ...hit, objectID: 'c', title: '  ' },
          { ...hit, objectID: 'd', date_timestamp: 'soon' },
          { ...hit, objectID: 'e', category: null },
          null,
        ],
      },
    });
    expect(items).toEqual([
      { id: 'a', title: 'New listing', description: 'd', url: '/article/a/', date: 1_700_000_000_000, category: 'new_crypto', topics: ['Spot'] },
      { id: 'b', title: 'New listing', description: '', url: '/article/a/', date: 1_700_000_000_001, category: 'new_crypto', topics: ['Spot'] },
    ]);
  });

  it('keeps markup in a title as the text it is', () => {
    const [item] = parseAnnouncementSearch({ ret_code: 0, result: { hits: [{ ...hit, title: '<img src=x onerror=alert(1)>' }] } });
    expect(item?.title).toBe('<img src=x onerror=alert(1)>');
  });

  it('a non-zero ret_code is a refusal; another envelope or no hit list is malformed', () => {
    expect(() => parseAnnouncementSearch({ ret_code: 10001, ret_msg: 'date_from is required', result: {} })).toThrow(ApiError);
    expect(() => parseAnnouncementSearch({ code: 0, success: true, result: { hits: [] } })).toThrow(MalformedResponseError);
    expect(() => parseAnnouncementSearch({ ret_code: 0, result: {} })).toThrow(MalformedResponseError);
    expect(() => parseAnnouncementSearch(null)).toThrow(MalformedResponseError);
  });
});
