/**
 * What the chart benchmark does inside the page: reads the chart
 * controller's User Timing entries (recorded when `spotChartBench` is set
 * before the page loads), the kline requests' resource timing, the Dexie
 * kline cache's row count, and drags the chart back in time for older pages.
 * Functions passed to page.evaluate stay self-contained (Playwright
 * serialises them).
 */
import type { Page } from '@playwright/test';

export const PAGE_PATH = '/en/trade/spot/BTC/USDT';
const CHART = '[data-testid="candle-chart"]';

/**
 * Before any of the page's scripts: the controller's User Timing on, the pro
 * chart (default layout MA 7, MA 25, VOL) on the 1-minute interval.
 */
export const CHART_INIT_SCRIPT = `(() => {
  globalThis.spotChartBench = true;
  try {
    localStorage.setItem('SPOT_kline_type', 'tradingview');
    localStorage.setItem('SPOT_kline_interval', '1m');
  } catch {}
})();`;

export interface DrawEntry {
  start: number;
  duration: number;
  bars: number;
  indicators: number;
}

export interface FirstCandleReading {
  /** chart:firstCandle mark: ms since navigation start */
  firstCandle: number;
  /** the chart's first (empty) whole-series draw: the chart exists, its data not yet */
  mounted: number | null;
  /** the first whole-series draw with bars */
  firstDraw: DrawEntry | null;
  /**
   * The next whole-series draw with bars after the first (within the wait):
   * on a warm load, the network's page replacing the cached series. The
   * exchange answers in-page (no resource timing), so this draw is when the
   * kline request's answer reached the chart.
   */
  nextDraw: DrawEntry | null;
}

/**
 * Waits for the first candle and reads what led to it; with `swapWaitMs`, also
 * waits that long for a second whole-series draw (the network answer after a
 * series drawn from the cache).
 */
export async function readFirstCandle(page: Page, timeoutMs: number, swapWaitMs = 0): Promise<FirstCandleReading> {
  await page.waitForFunction(() => performance.getEntriesByName('chart:firstCandle').length > 0, null, { timeout: timeoutMs, polling: 50 });
  if (swapWaitMs > 0) {
    await page
      .waitForFunction(() => (performance.getEntriesByName('chart:setBars') as PerformanceMeasure[]).filter((d) => ((d.detail as { bars?: number } | null)?.bars ?? 0) > 0).length >= 2, null, { timeout: swapWaitMs, polling: 50 })
      .catch(() => undefined);
  }
  return page.evaluate(() => {
    const mark = performance.getEntriesByName('chart:firstCandle')[0]!;
    const draws = (performance.getEntriesByName('chart:setBars') as PerformanceMeasure[]).map((m) => {
      const detail = (m.detail ?? {}) as { bars?: number; indicators?: number };
      return { start: m.startTime, duration: m.duration, bars: detail.bars ?? 0, indicators: detail.indicators ?? 0 };
    });
    const withBars = draws.filter((d) => d.bars > 0);
    return { firstCandle: mark.startTime, mounted: draws[0]?.start ?? null, firstDraw: withBars[0] ?? null, nextDraw: withBars[1] ?? null };
  });
}

/** Rows in the Dexie kline page cache (0 when the database or table does not exist yet). */
export function cachedPageCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((done) => {
        const open = indexedDB.open('spot-trading-page');
        open.onerror = () => done(0);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('klinePages')) {
            db.close();
            done(0);
            return;
          }
          const count = db.transaction('klinePages', 'readonly').objectStore('klinePages').count();
          count.onsuccess = () => {
            db.close();
            done(count.result);
          };
          count.onerror = () => {
            db.close();
            done(0);
          };
        };
      }),
  );
}

/** Whole-series draws and live updates recorded so far. */
export function readDraws(page: Page): Promise<{ setBars: DrawEntry[]; updates: DrawEntry[] }> {
  // No named inner functions in here: tsx would wrap them in a __name() the page lacks.
  return page.evaluate(() => {
    const [setBars, updates] = ['chart:setBars', 'chart:update'].map((name) =>
      (performance.getEntriesByName(name) as PerformanceMeasure[]).map((m) => {
        const detail = (m.detail ?? {}) as { bars?: number; indicators?: number };
        return { start: m.startTime, duration: m.duration, bars: detail.bars ?? 0, indicators: detail.indicators ?? 0 };
      }),
    );
    return { setBars: setBars!, updates: updates! };
  });
}

export async function chartAttribute(page: Page, name: 'data-bars' | 'data-pages'): Promise<number> {
  return Number((await page.locator(CHART).getAttribute(name)) ?? 0);
}

/**
 * Drags the chart to the right (back in time) until 4 pages (2,000 bars) are
 * loaded, as a user does; each drag moves a few hundred bars. Returns the
 * pages loaded.
 */
export async function loadOlderPages(page: Page, wanted: number, maxDrags = 40): Promise<number> {
  const box = await page.locator(CHART).boundingBox();
  if (!box) throw new Error('the candle chart is not laid out');
  for (let i = 0; i < maxDrags && (await chartAttribute(page, 'data-pages')) < wanted; i += 1) {
    await page.mouse.move(box.x + 60, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width - 120, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    await page.waitForTimeout(400);
  }
  return chartAttribute(page, 'data-pages');
}

/**
 * Back to the newest bar with the default bar spacing, so live ticks land in
 * view: lightweight-charts resets its time scale on a double click on the
 * time axis (bottom strip of the chart).
 */
export async function backToNewest(page: Page): Promise<void> {
  const box = await page.locator(CHART).boundingBox();
  if (!box) throw new Error('the candle chart is not laid out');
  await page.mouse.dblclick(box.x + box.width / 2, box.y + box.height - 10);
  await page.waitForTimeout(300);
}
