import { expect, test } from '@playwright/test';

test.describe('mobile page (≤ 500 px)', () => {
  test('shows the panels in one column', async ({ page }) => {
    await page.setViewportSize({ width: 480, height: 900 });
    await page.goto('/en/trade/spot/ETH/USDT');
    await expect(page.getByTestId('mobile-page')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'ETH/USDT', level: 1 })).toBeVisible();
    const ids = ['#chart-area', '#orderbook-area', '#spot-trade-container', '#position-area'];
    const tops: number[] = [];
    for (const id of ids) {
      const box = await page.locator(id).boundingBox();
      expect(box, id).not.toBeNull();
      expect(box!.width).toBeLessThanOrEqual(480);
      tops.push(box!.y);
    }
    expect([...tops].sort((a, b) => a - b)).toEqual(tops);
    await expect(page.locator('.trade-grid')).toHaveCount(0);
  });

  test('crossing 500 px reloads into the other page', async ({ page }) => {
    await page.goto('/en/trade/spot/BTC/USDT');
    await expect(page.locator('.trade-grid')).toBeVisible();
    await page.evaluate(() => ((window as unknown as { beforeCrossing: boolean }).beforeCrossing = true));
    const reloaded = page.waitForEvent('load');
    await page.setViewportSize({ width: 420, height: 900 });
    await reloaded;
    await expect(page.getByTestId('mobile-page')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { beforeCrossing?: boolean }).beforeCrossing)).toBeUndefined();

    const back = page.waitForEvent('load');
    await page.setViewportSize({ width: 1200, height: 900 });
    await back;
    await expect(page.locator('.trade-grid')).toBeVisible();
  });

  test('a resize that stays on one side does not reload', async ({ page }) => {
    await page.goto('/en/trade/spot/BTC/USDT');
    await expect(page.locator('.trade-grid')).toBeVisible();
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.setViewportSize({ width: 1900, height: 1000 });
    await expect(page.locator('#orderbook-area')).toBeVisible();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });
});
