import { describe, expect, it } from 'vitest';
import { MalformedResponseError } from '../http';
import { parseAnnouncements } from './announcements';

describe('parseAnnouncements', () => {
  it('keeps good items and drops bad ones', () => {
    const items = parseAnnouncements({
      list: [
        { id: 'a', symbolName: 'ALL', info: ' Hello ', url: '/x' },
        { id: 7, symbolName: 'BTCUSDT', info: 'Numeric id', url: 5 },
        { id: '', symbolName: 'ALL', info: 'no id', url: '/x' },
        { id: 'b', symbolName: '  ', info: 'no symbols', url: '/x' },
        { id: 'c', symbolName: 'ALL', info: '', url: '/x' },
        null,
        'junk',
      ],
    });
    expect(items).toEqual([
      { id: 'a', symbolName: 'ALL', info: 'Hello', url: '/x' },
      { id: '7', symbolName: 'BTCUSDT', info: 'Numeric id', url: '' },
    ]);
  });

  it('a missing list is a malformed answer', () => {
    expect(() => parseAnnouncements({})).toThrow(MalformedResponseError);
    expect(() => parseAnnouncements(null)).toThrow(MalformedResponseError);
  });
});
