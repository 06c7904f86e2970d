import { describe, expect, it } from 'vitest';
import { DEFAULT_STATS, visibleStats } from './headerStats';

const widths = { high: 100, low: 100, turnover: 100, change: 80, lastPrice: 90, volume: 100 };

describe('header statistics by width', () => {
  it('shows the default three (high, low, turnover) when only they fit', () => {
    expect(visibleStats(340, widths)).toEqual(['high', 'low', 'turnover']);
    expect(DEFAULT_STATS).toEqual(['high', 'low', 'turnover']);
  });
  it('adds change, last price and volume as room grows, in display order', () => {
    expect(visibleStats(436, widths)).toEqual(['change', 'high', 'low', 'turnover']);
    expect(visibleStats(2000, widths)).toEqual(['lastPrice', 'change', 'high', 'low', 'volume', 'turnover']);
  });
  it('drops from the least important end when narrow', () => {
    expect(visibleStats(216, widths)).toEqual(['high', 'low']);
    expect(visibleStats(50, widths)).toEqual([]);
  });
  it('counts unmeasured stats at the fallback width', () => {
    expect(visibleStats(300, {}, { fallbackWidth: 90, gap: 10 })).toEqual(['high', 'low', 'turnover']);
  });
});
