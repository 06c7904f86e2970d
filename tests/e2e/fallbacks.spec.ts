import { expect, test } from '@playwright/test';
import { installClock, runExchangeInPage } from './support/clock';

// This spec drives the page's clock: the exchange runs in the page for all its tests (support/clock.ts).
test.beforeEach(({ context }) => runExchangeInPage(context));

test.describe('overlays and fallbacks (spec 1 §2.8)', () => {
  test.describe.configure({ timeout: 120_000 });
  test('a panel that cannot read its data shows the panel fallback, and refresh recovers it', async ({ page }) => {
    // The embedded backend answers the symbol list once with a malformed body.
    await page.goto('/en/trade/spot/BTC/USDT?mockFault=/spot/api/basic/symbol_list:malformed:1');
    const fallback = page.getByRole('alert').filter({ hasText: 'Failed to load data' });
    // The symbol list is asked once the route probes are done; on a loaded 2-core CI machine that can pass 15 s.
    await expect(fallback).toBeVisible({ timeout: 45_000 });
    // The rest of the page is still there: no white page.
    await expect(page.locator('#orderbook-area')).toBeVisible();
    await expect(page.locator('#spot-trade-container')).toBeVisible();
    await fallback.getByRole('button', { name: 'Refresh' }).click();
    await expect(fallback).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'BTC/USDT', level: 1 })).toBeVisible();
    await expect(page.getByText('Tick size: 0.01')).toBeVisible();
  });

  test('an unreachable exchange shows the network-error overlay, whose refresh reloads', async ({ page }) => {
    await installClock(page);
    await page.goto('/en/trade/spot/BTC/USDT?mockFault=/spot/api/basic/symbol_list:network');
    await expect(page.locator('#orderbook-area')).toBeVisible();
    // Two retries with back-off before the page gives up.
    await page.clock.runFor(10_000);
    const overlay = page.getByRole('alertdialog');
    await expect(overlay).toContainText('Network error');
    const reloaded = page.waitForEvent('load');
    await overlay.getByRole('button', { name: 'Refresh' }).click();
    await reloaded;
  });

  test('the static loading placeholder is gone once the page renders', async ({ page }) => {
    await page.goto('/en/trade/spot/BTC/USDT');
    await expect(page.locator('#chart-area')).toBeVisible();
    await expect(page.locator('#boot-placeholder')).toHaveCount(0);
  });

  test('the static loading placeholder goes after 5 s even if the app never starts', async ({ page }) => {
    await installClock(page);
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/en/trade/spot/BTC/USDT');
    await expect(page.locator('#boot-placeholder')).toHaveCount(1);
    await page.clock.runFor(5_000);
    await expect(page.locator('#boot-placeholder')).toHaveCount(0);
    // Not a blank page: the static note with a reload button.
    await expect(page.getByRole('alert')).toContainText('Please reload the page');
    await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
  });

  test('panel tabs work by keyboard', async ({ page }) => {
    await page.goto('/en/trade/spot/BTC/USDT');
    const book = page.getByRole('tab', { name: 'Order book' });
    await book.focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Latest trades' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'Latest trades' })).toHaveAttribute('aria-selected', 'true');
  });
});
