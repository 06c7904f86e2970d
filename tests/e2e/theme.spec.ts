import { expect, test, type Page } from '@playwright/test';
import { COLD_START_MS } from './support/orderForm';

/**
 * A theme switch re-themes the canvas charts at once (issue 33 part 1): they
 * read their colours from CSS when made, so without a repaint they stayed
 * dark on a light page until a reload.
 */
test.describe.configure({ timeout: 90_000 });

/**
 * The colour the candle chart paints behind its plot: the commonest opaque colour of a 24 × 24 block near the
 * pane's top-left corner. One pixel was not enough: at some times of day a time-axis grid line crosses it.
 */
function chartBackground(page: Page): Promise<string> {
  return page.getByTestId('candle-chart').evaluate((chart) => {
    for (const canvas of chart.querySelectorAll('canvas')) {
      const context = canvas.getContext('2d');
      if (!context || canvas.width < 40 || canvas.height < 40) continue;
      const data = context.getImageData(4, 4, 24, 24).data;
      const counts = new Map<string, number>();
      for (let i = 0; i < data.length; i += 4) {
        if (data[i + 3] !== 255) continue;
        const colour = `rgb(${data[i]}, ${data[i + 1]}, ${data[i + 2]})`;
        counts.set(colour, (counts.get(colour) ?? 0) + 1);
      }
      const commonest = [...counts].sort((a, b) => b[1] - a[1])[0];
      if (commonest) return commonest[0];
    }
    return 'none';
  });
}

test('switching to the light theme repaints the candle chart at once, with its bars and view kept', async ({ page }) => {
  await page.goto('/en/trade/spot/BTC/USDT');
  const chart = page.getByTestId('candle-chart');
  await expect(chart).toHaveAttribute('data-bars', /^[1-9]\d*$/, { timeout: COLD_START_MS });
  await expect.poll(() => chartBackground(page)).toBe('rgb(22, 26, 30)');
  // The view is read once the chart has settled: read while the first bars were still being placed, it once
  // moved by a bar on its own before the switch (CI of b496207), which the switch was then blamed for.
  let view = await page.getByTestId('chart-view').textContent();
  await expect
    .poll(async () => {
      const before = view;
      await page.waitForTimeout(400);
      view = await page.getByTestId('chart-view').textContent();
      return view === before;
    })
    .toBe(true);
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

  await page.getByRole('button', { name: 'Light theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect.poll(() => chartBackground(page)).toBe('rgb(255, 255, 255)');
  // Not rebuilt: the same document, the same bars in view.
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await expect(page.getByTestId('chart-view')).toHaveText(view ?? '');

  await page.getByRole('button', { name: 'Dark theme' }).click();
  await expect.poll(() => chartBackground(page)).toBe('rgb(22, 26, 30)');
});

test.describe('a first visit on a system set to light', () => {
  test.use({ colorScheme: 'light' });

  test('opens in the light theme from the first frame; a chosen theme then wins over the system after a reload', async ({ page }) => {
    // What the first frame painted: the theme set before any of the app's code ran.
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { firstTheme?: string }).firstTheme = document.documentElement.dataset.theme;
      }),
    );
    await page.goto('/en/trade/spot/BTC/USDT');
    await expect(page.getByTestId('candle-chart')).toHaveAttribute('data-bars', /^[1-9]\d*$/, { timeout: COLD_START_MS });
    expect(await page.evaluate(() => (window as unknown as { firstTheme?: string }).firstTheme)).toBe('light');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#f5f5f5');
    await expect.poll(() => chartBackground(page)).toBe('rgb(255, 255, 255)');

    await page.getByRole('button', { name: 'Dark theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0b0e11');
    await page.reload();
    await expect(page.getByTestId('candle-chart')).toHaveAttribute('data-bars', /^[1-9]\d*$/, { timeout: COLD_START_MS });
    expect(await page.evaluate(() => (window as unknown as { firstTheme?: string }).firstTheme)).toBe('dark');
    await expect.poll(() => chartBackground(page)).toBe('rgb(22, 26, 30)');
  });

  test('with no choice made, the page follows the system switching to dark as it happens', async ({ page }) => {
    await page.goto('/en/trade/spot/BTC/USDT');
    await expect(page.getByTestId('candle-chart')).toHaveAttribute('data-bars', /^[1-9]\d*$/, { timeout: COLD_START_MS });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect.poll(() => chartBackground(page)).toBe('rgb(22, 26, 30)');
  });
});
