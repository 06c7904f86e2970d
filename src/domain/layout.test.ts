import { describe, expect, it } from 'vitest';
import {
  crossesMobileThreshold, defaultLayout, defaultTopRows, gridHeight, gridWidth, isMobileWidth, mirrorLayout, sameGeometry, sanitizeLayout,
  splitForWidth,
} from './layout';

describe('chart / order-book split by window width', () => {
  it.each([
    [1080, 80, 40], [1400, 80, 40], [1420, 80, 40], [1421, 90, 30], [1650, 90, 30], [1699, 90, 30],
    [1700, 96, 24], [1800, 96, 24], [1980, 100, 20], [2539, 100, 20], [2540, 105, 15], [2600, 105, 15],
    [3659, 105, 15], [3660, 110, 10], [5000, 110, 10],
  ])('%i px gives %i/%i', (width, chart, orderbook) => {
    expect(splitForWidth(width)).toEqual({ chart, orderbook });
  });
});

describe('page geometry', () => {
  it('keeps 300 px for the right column and never goes below 1080', () => {
    expect(gridWidth(1400)).toBe(1100);
    expect(gridWidth(900)).toBe(780);
  });
  it('treats 500 px and below as mobile', () => {
    expect(isMobileWidth(500)).toBe(true);
    expect(isMobileWidth(501)).toBe(false);
    expect(crossesMobileThreshold(800, 480)).toBe(true);
    expect(crossesMobileThreshold(480, 320)).toBe(false);
  });
  it('computes default heights from a viewport clamped to 800–1600', () => {
    expect(defaultTopRows(600)).toBe(defaultTopRows(800));
    expect(defaultTopRows(5000)).toBe(defaultTopRows(1600));
    expect(defaultTopRows(800)).toBe(14);
    expect(defaultTopRows(1000)).toBe(18);
    expect(defaultTopRows(Number.NaN)).toBe(14);
  });
});

describe('default layout', () => {
  it('puts chart then order book, positions full width below', () => {
    const layout = defaultLayout({ windowWidth: 1800, viewportHeight: 1000, rtl: false });
    expect(layout.map(({ i, x, y, w, h }) => ({ i, x, y, w, h }))).toEqual([
      { i: 'chart', x: 0, y: 0, w: 96, h: 18 },
      { i: 'orderbook', x: 96, y: 0, w: 24, h: 18 },
      { i: 'position', x: 0, y: 18, w: 120, h: 8 },
    ]);
  });
  it('puts the order book first in right-to-left locales', () => {
    const layout = defaultLayout({ windowWidth: 1400, viewportHeight: 900, rtl: true });
    expect(layout.find((l) => l.i === 'orderbook')?.x).toBe(0);
    expect(layout.find((l) => l.i === 'chart')?.x).toBe(40);
  });
  it('caps the order book at maxH 23 on tall screens', () => {
    const layout = defaultLayout({ windowWidth: 1400, viewportHeight: 1600, rtl: false });
    expect(layout.find((l) => l.i === 'orderbook')?.h).toBe(23);
    expect(layout.find((l) => l.i === 'chart')?.h).toBe(31);
  });
  it('carries the spec minimums', () => {
    const [chart, book, position] = defaultLayout({ windowWidth: 1400, viewportHeight: 900, rtl: false });
    expect([chart?.minW, chart?.minH, book?.minW, book?.minH, book?.maxH, position?.minW, position?.minH])
      .toEqual([60, 6, 30, 4, 23, 60, 5]);
  });
});

describe('stored layout sanitising', () => {
  const fallback = defaultLayout({ windowWidth: 1400, viewportHeight: 900, rtl: false });
  it('falls back on garbage', () => {
    expect(sanitizeLayout('nope', fallback)).toBe(fallback);
    expect(sanitizeLayout([{ i: 'chart', x: 0, y: 0, w: 80, h: 10 }], fallback)).toBe(fallback);
    expect(sanitizeLayout([{ i: 'chart', x: 'a' }, null, 3], fallback)).toBe(fallback);
  });
  it('clamps sizes to the spec limits and positions into the grid', () => {
    const out = sanitizeLayout([
      { i: 'chart', x: 0, y: 0, w: 10, h: 2 },
      { i: 'orderbook', x: 118, y: 0, w: 30, h: 99 },
      { i: 'position', x: -5, y: 20, w: 120, h: 8 },
    ], fallback);
    expect(out.map(({ i, x, y, w, h }) => ({ i, x, y, w, h }))).toEqual([
      { i: 'chart', x: 0, y: 0, w: 60, h: 6 },
      { i: 'orderbook', x: 90, y: 0, w: 30, h: 23 },
      { i: 'position', x: 0, y: 20, w: 120, h: 8 },
    ]);
  });
  it('keeps an order book as narrow as the width table makes it (below its resize minimum)', () => {
    const wide = defaultLayout({ windowWidth: 3800, viewportHeight: 900, rtl: false });
    expect(sanitizeLayout(wide, fallback)).toEqual(wide);
    const tooNarrow = wide.map((item) => (item.i === 'orderbook' ? { ...item, w: 4 } : item));
    expect(sanitizeLayout(tooNarrow, fallback).find((i) => i.i === 'orderbook')?.w).toBe(10);
  });
  it('compares geometry only', () => {
    const moved = fallback.map((item) => (item.i === 'chart' ? { ...item, h: item.h + 1 } : item));
    expect(sameGeometry(fallback, fallback.map((i) => ({ ...i })))).toBe(true);
    expect(sameGeometry(fallback, moved)).toBe(false);
  });
  it('mirrors x for direction changes', () => {
    const mirrored = mirrorLayout(fallback);
    expect(mirrored.find((l) => l.i === 'orderbook')?.x).toBe(0);
    expect(mirrored.find((l) => l.i === 'chart')?.x).toBe(40);
  });
});

describe('grid height (the space held while the grid loads)', () => {
  it('is the lowest panel\'s bottom row, rows of 44 px with 4 px between them', () => {
    expect(gridHeight([{ y: 0, h: 10 }, { y: 10, h: 6 }, { y: 0, h: 3 }])).toBe(16 * 44 + 15 * 4);
    expect(gridHeight([{ y: 0, h: 1 }])).toBe(44);
  });

  it('is nothing for no panels', () => {
    expect(gridHeight([])).toBe(0);
  });
});
