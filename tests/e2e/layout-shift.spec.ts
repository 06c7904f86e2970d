import { expect, test, type Page } from '@playwright/test';
import { COLD_START_MS } from './support/orderForm';

/**
 * Nothing moves once painted (issue 18 §0): late arrivals — the announcement
 * bar 3 s after load, lazy panels, translations, the account's data — must
 * land in space held for them. Measured the way Lighthouse does: the sum of
 * layout-shift entries not caused by input, over the whole load.
 */
async function watchShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShiftSum: number; layoutShifts: Array<{ value: number; nodes: string[] }> };
    w.layoutShiftSum = 0;
    w.layoutShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node }> }>) {
        if (entry.hadRecentInput) continue;
        w.layoutShiftSum += entry.value;
        const nodes = (entry.sources ?? []).map((s) => (s.node instanceof Element ? `${s.node.tagName}#${s.node.id}.${s.node.className}` : String(s.node?.nodeName)));
        w.layoutShifts.push({ value: entry.value, nodes });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const cls = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { layoutShiftSum: number; layoutShifts: unknown[] };
    return { layoutShiftSum: w.layoutShiftSum, layoutShifts: w.layoutShifts };
  });

for (const [name, size] of [['desktop', { width: 1400, height: 900 }], ['wide desktop', { width: 1920, height: 1080 }]] as const) {
  test(`the ${name} trading page does not shift as it loads and the announcement bar appears (CLS ≤ 0.02)`, async ({ page }) => {
    await page.setViewportSize(size);
    await watchShifts(page);
    await page.goto('/en/trade/spot/BTC/USDT');
    // A first load, as long as any first load may take on a starved machine; what is measured is how far things move, not when they come.
    await expect(page.getByRole('region', { name: 'Announcements' })).toBeVisible({ timeout: COLD_START_MS });
    await expect(page.locator('#orderbook-area')).toBeVisible();
    // One more second for anything scheduled behind the bar.
    await page.waitForTimeout(1_000);
    const { layoutShiftSum: total, layoutShifts: shifts } = await cls(page);
    expect(total, `layout shifts: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(0.02);
  });
}

for (const width of [320, 390, 500]) {
  test.describe(`a ${width} px phone`, () => {
    // Playwright's own context for the phone, closed whatever the test's outcome.
    test.use({ viewport: { width, height: 844 }, isMobile: true, hasTouch: true });

    test(`the phone page at ${width} px does not shift as the header, chart and book arrive (CLS ≤ 0.02)`, async ({ page }) => {
      await watchShifts(page);
      await page.goto('/en/trade/spot/BTC/USDT');
      await expect(page.getByTestId('mobile-page')).toBeVisible({ timeout: COLD_START_MS });
      await expect(page.getByRole('region', { name: 'Announcements' })).toBeVisible({ timeout: COLD_START_MS });
      await expect(page.locator('.ob-row').first()).toBeVisible();
      await expect(page.getByTestId('chart-view')).not.toBeEmpty();
      await page.waitForTimeout(1_000);
      const { layoutShiftSum: total, layoutShifts: shifts } = await cls(page);
      expect(total, `layout shifts: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(0.02);
    });
  });
}
