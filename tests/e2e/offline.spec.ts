import { expect, test } from '@playwright/test';
import { COLD_START_MS } from './support/orderForm';
import { waitForOfflineReady } from './support/offline';

// First loads wait for the in-page exchange to load its session: allow for a loaded CI machine.
test.describe.configure({ timeout: 120_000 });

// Offline starts come from the PWA worker's caches: it must register (the suite blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

test.describe('offline start from the PWA cache', () => {
  test('the shell reloads offline in English', async ({ page, context }) => {
    await page.goto('/en/trade/spot/BTC/USDT');
    // A first load: as long as any first load may take on a loaded CI machine.
    await expect(page.getByRole('tab', { name: 'Order book' })).toBeVisible({ timeout: COLD_START_MS });
    await waitForOfflineReady(page, 'en');
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'BTC/USDT', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Order book' })).toBeVisible();
    await expect(page.locator('#spot-trade-container').getByRole('link', { name: 'Log in' })).toBeVisible();
    const banner = page.getByRole('status').filter({ hasText: 'You are offline' });
    await expect(banner).toBeVisible();
    await context.setOffline(false);
    await expect(banner).toHaveCount(0);
  });

  test('offline, the page draws in its own fonts (Inter, and Noto Sans Arabic in Arabic), as online', async ({ page, context }) => {
    await page.goto('/ar-SA/trade/spot/BTC/USDT');
    await expect(page.getByRole('tab', { name: 'دفتر الأوامر' })).toBeVisible({ timeout: 45_000 });
    await waitForOfflineReady(page, 'ar-SA');
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('tab', { name: 'دفتر الأوامر' })).toBeVisible();
    // The faces the page's text needed, loaded from the worker's precache (not the system's fonts).
    // None failed: a face fetched from the network would have (the page is offline).
    const faces = () => page.evaluate(async () => {
      await document.fonts.ready;
      const byStatus = (status: FontFaceLoadStatus) => [...new Set([...document.fonts].filter((f) => f.status === status).map((f) => f.family.replace(/"/g, '')))].sort();
      return { loaded: byStatus('loaded'), failed: byStatus('error') };
    });
    await expect.poll(faces).toMatchObject({ loaded: expect.arrayContaining(['Inter Variable', 'Noto Sans Arabic Variable']), failed: [] });
  });

  test('the phone page reloads offline like the installed app: chart, book, Buy / Sell bar', async ({ page, context }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/en/trade/spot/BTC/USDT');
    await expect(page.getByTestId('mobile-page')).toBeVisible();
    await expect(page.getByTestId('header-last-price')).toHaveText(/^[\d,]+\.\d{2}$/, { timeout: 45_000 });
    await waitForOfflineReady(page, 'en');
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('mobile-page')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Order book' })).toBeVisible();
    // The in-page exchange still runs from the worker's cache: the market and the Buy / Sell bar work.
    await expect(page.getByTestId('header-last-price')).toHaveText(/^[\d,]+\.\d{2}$/, { timeout: 45_000 });
    await page.getByRole('group', { name: 'Trade', exact: true }).getByRole('button', { name: 'Buy BTC' }).click();
    await expect(page.getByRole('dialog', { name: 'Trade BTC/USDT' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  });

  test('zh-TW works offline after one visit', async ({ page, context }) => {
    await page.goto('/zh-TW/trade/spot/BTC/USDT');
    await expect(page.getByRole('tab', { name: '訂單簿' })).toBeVisible({ timeout: COLD_START_MS });
    await waitForOfflineReady(page, 'zh-TW');
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('tab', { name: '訂單簿' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
  });

  test('a demo market seen once trades offline: its session comes from the worker cache', async ({ page, context }) => {
    await page.goto('/en/trade/spot/ETH/USDT');
    await expect(page.getByTestId('header-last-price')).toHaveText(/^[\d,]+\.\d{2}$/, { timeout: 45_000 });
    await waitForOfflineReady(page, 'en');
    await expect
      .poll(() => page.evaluate(async () => (await (await caches.open('sessions')).keys()).map((r) => new URL(r.url).pathname).join()), { timeout: 30_000 })
      .toMatch(/ETHUSDT\.jsonl-/);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('header-last-price')).toHaveText(/^[\d,]+\.\d{2}$/, { timeout: 45_000 });
  });

  test('the web manifest names the app and its icons', async ({ request }) => {
    const manifest = await (await request.get('/manifest.webmanifest')).json();
    expect(manifest.display).toBe('standalone');
    const sizes = manifest.icons.map((i: { sizes: string }) => i.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) {
      expect((await request.get(icon.src)).ok(), icon.src).toBe(true);
    }
  });
});
