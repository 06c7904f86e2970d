import { expect, test, type Page } from '@playwright/test';
import { REPLAY_START } from './support/market';
import { installClock, runExchangeInPage } from './support/clock';

// This spec drives the page's clock: the exchange runs in the page for all its tests (support/clock.ts).
test.beforeEach(({ context }) => runExchangeInPage(context));

const PHONE_WIDTHS = [320, 360, 390, 430, 500];

/** Page width against the viewport: anything wider lets the whole page scroll sideways. */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Candle-coloured pixels (up #20b26c, down #ef454a) on the chart's canvases: > 0 once candles are drawn. */
async function candlePixels(page: Page): Promise<number> {
  return page.getByTestId('candle-chart').evaluate((chart) => {
    let count = 0;
    for (const canvas of chart.querySelectorAll('canvas')) {
      const context = canvas.getContext('2d');
      if (!context || canvas.width === 0 || canvas.height === 0) continue;
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      for (let i = 0; i < data.length; i += 4) {
        const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
        if ((Math.abs(r - 0x20) < 12 && Math.abs(g - 0xb2) < 12 && Math.abs(b - 0x6c) < 12) || (Math.abs(r - 0xef) < 12 && Math.abs(g - 0x45) < 12 && Math.abs(b - 0x4a) < 12)) count += 1;
      }
    }
    return count;
  });
}

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

  for (const locale of ['en', 'zh-TW', 'ar-SA']) {
    test(`${locale}: nothing is wider than the phone at 320–500 px, in both themes`, async ({ page }) => {
      await installClock(page, { time: REPLAY_START });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/${locale}/trade/spot/BTC/USDT`);
      await expect(page.getByTestId('mobile-page')).toBeVisible({ timeout: 20_000 });
      await expect(page.locator('#footer-bar')).toBeVisible();
      for (const theme of ['dark', 'light']) {
        if (theme === 'light') {
          await page.locator('.settings-menu__button').click();
          await page.locator('.settings-menu__panel').getByRole('button').first().click();
          await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
          // The browser's bar (an installed app's title bar) follows the theme.
          await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#f5f5f5');
        }
        for (const width of PHONE_WIDTHS) {
          await page.setViewportSize({ width, height: 844 });
          await expect.poll(() => overflow(page), { message: `${locale} ${theme} at ${width} px` }).toBeLessThanOrEqual(0);
        }
      }
    });
  }

  test('the chart takes a fixed share of the phone and draws candles; the time frames sit under it', async ({ page }) => {
    await installClock(page, { time: REPLAY_START });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/en/trade/spot/BTC/USDT');
    const chart = page.getByTestId('candle-chart');
    await expect(chart).toBeVisible({ timeout: 20_000 });
    const box = await page.locator('#chart-area').boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(844 * 0.45);
    await expect.poll(async () => (await chart.boundingBox())!.height).toBeGreaterThan(200);
    await expect.poll(() => candlePixels(page), { timeout: 20_000 }).toBeGreaterThan(200);
    // The time-frame row is below the drawing area, not over the legend.
    const frames = await page.getByRole('group', { name: 'Time frames' }).boundingBox();
    expect(frames!.y).toBeGreaterThanOrEqual((await chart.boundingBox())!.y + 200);
  });

  test('the settings fold into a menu that opens, works and closes by keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/en/trade/spot/BTC/USDT');
    const menu = page.locator('.settings-bar').getByRole('button', { name: 'Settings' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false', { timeout: 20_000 });
    await expect(page.getByTestId('language-picker')).toBeHidden();
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByTestId('language-picker')).toBeVisible();
    await page.getByTestId('language-picker').focus();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('language-picker')).toBeHidden();
    await expect(menu).toBeFocused();
  });
});
