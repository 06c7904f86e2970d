import { describe, expect, it } from 'vitest';
import { contiguousPages, mergePages, olderPageTo, pagesToEvict } from './klinePaging';

const bar = (time: number, tag = '') => ({ time, tag });
const full = (end: number) => [bar(end - 2), bar(end - 1)];

describe('kline paging', () => {
  it('asks for the next older page from the oldest bar while pages come back full, 3 extra pages at most', () => {
    expect(olderPageTo([full(100)], 2)).toBe(98);
    expect(olderPageTo([full(100), full(98), full(96)], 2)).toBe(94);
    expect(olderPageTo([full(100), full(98), full(96), full(94)], 2)).toBeUndefined();
  });

  it('stops after a short or empty page, and has nothing to page from before the first', () => {
    expect(olderPageTo([full(100), [bar(97)]], 2)).toBeUndefined();
    expect(olderPageTo([[]], 2)).toBeUndefined();
    expect(olderPageTo([], 2)).toBeUndefined();
    expect(olderPageTo([Array.from({ length: 500 }, (_, i) => bar(i + 10))])).toBe(10);
  });

  it('merges pages fetched newest first into one strictly ascending series', () => {
    expect(mergePages([[bar(3), bar(4)], [bar(1), bar(2)]]).map((b) => b.time)).toEqual([1, 2, 3, 4]);
    const merged = mergePages([[bar(2, 'new'), bar(3)], [bar(2, 'old'), bar(1), bar(0)]]);
    expect(merged.map((b) => b.time)).toEqual([0, 1, 2, 3]);
    expect(merged[2]?.tag).toBe('new');
    expect(mergePages([])).toEqual([]);
  });
});

describe('kline cache size rule', () => {
  const entry = (key: string, page: number, lastUsedAt: number) => ({ key, page, lastUsedAt });

  it('evicts nothing within the cap', () => {
    expect(pagesToEvict([entry('a', 0, 1), entry('b', 0, 2)], 2)).toEqual([]);
    expect(pagesToEvict([], 0)).toEqual([]);
  });

  it('evicts the least recently used first, a series from its oldest page', () => {
    const entries = [entry('b0', 0, 20), entry('a0', 0, 10), entry('a1', 1, 10), entry('a2', 2, 10), entry('c0', 0, 30)];
    expect(pagesToEvict(entries, 4)).toEqual(['a2']);
    expect(pagesToEvict(entries, 2)).toEqual(['a2', 'a1', 'a0']);
    expect(pagesToEvict(entries, 0)).toHaveLength(5);
    expect(pagesToEvict(entries, -3)).toHaveLength(5);
  });

  it('keeps only the gap-free run of pages from the newest, 4 at most', () => {
    const rows = (...pages: number[]) => pages.map((page) => ({ page }));
    expect(contiguousPages(rows(1, 0, 2)).map((r) => r.page)).toEqual([0, 1, 2]);
    expect(contiguousPages(rows(0, 2, 3)).map((r) => r.page)).toEqual([0]);
    expect(contiguousPages(rows(1, 2))).toEqual([]);
    expect(contiguousPages(rows(0, 1, 2, 3, 4)).map((r) => r.page)).toEqual([0, 1, 2, 3]);
  });
});
