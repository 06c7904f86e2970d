import { expect, test, type Page } from '@playwright/test';
import { REPLAY_START, replay } from './support/market';
import { signIn } from './support/signIn';
import { installClock, runExchangeInPage } from './support/clock';

// This spec drives the page's clock: the exchange runs in the page for all its tests (support/clock.ts).
test.beforeEach(({ context }) => runExchangeInPage(context));


async function openAs(page: Page, userId: string) {
  await signIn(page, userId);
  // A first visit may open the trade guide over the page at any moment; close it whenever it is in the way.
  await page.addLocatorHandler(page.locator('dialog.tour[open]'), async () => {
    await page.keyboard.press('Escape');
  });
  await installClock(page, { time: REPLAY_START });
  await page.goto('/en/trade/spot/BTC/USDT');
  // The in-page exchange loads the BTCUSDT session first; with two workers on 2 cores that can take a while.
  await expect(page.getByTestId('header-last-price')).toBeVisible({ timeout: 45_000 });
}

const chartArea = (page: Page) => page.locator('#chart-area');

test.describe('trade analysis', () => {
  test.describe.configure({ timeout: 120_000 });
  test('shows the market flow of the replayed trades, and it moves while the replay runs', async ({ page }) => {
    await openAs(page, 'u-uta');
    await chartArea(page).getByRole('tab', { name: 'Trade analysis' }).click();
    const panel = chartArea(page).getByRole('region', { name: 'Trade analysis' });
    const buy = panel.getByTestId('flow-buy-qty');
    await expect(buy).toHaveText(/^\d/, { timeout: 20_000 });
    await expect(panel.getByRole('button', { name: '1h' })).toHaveAttribute('aria-pressed', 'true');
    await expect(panel.getByRole('img', { name: /^Buy \d+(\.\d)?%, sell \d+(\.\d)?% of the volume$/ })).toBeVisible();
    await expect(panel.getByRole('img', { name: /^12 bars: / })).toBeVisible();
    // The replay started with the page: the flow is only known since then.
    await expect(panel.getByText(/^Counted since \d\d:\d\d$/)).toBeVisible();

    // Trades keep coming: the live stream folds into the numbers between refetches.
    const before = `${await buy.textContent()} ${await panel.getByTestId('flow-sell-qty').textContent()}`;
    await replay(page, { action: 'speed', speed: 10 });
    await expect
      .poll(async () => `${await buy.textContent()} ${await panel.getByTestId('flow-sell-qty').textContent()}`, { timeout: 20_000 })
      .not.toBe(before);

    // The period switch works by keyboard; 24 h has 24 hourly bars, and large trades show once enough trades came.
    await panel.getByRole('button', { name: '24h' }).focus();
    await page.keyboard.press('Enter');
    await expect(panel.getByRole('button', { name: '24h' })).toHaveAttribute('aria-pressed', 'true');
    await expect(panel.getByRole('img', { name: /^24 bars: / })).toBeVisible();
    const largeRows = panel.getByRole('table').getByRole('row');
    await expect.poll(() => largeRows.count(), { timeout: 20_000 }).toBeGreaterThan(1);
    await expect(largeRows.nth(1).getByRole('cell').first()).toHaveText(/^\d\d:\d\d:\d\d$/);
  });

  test('a demo account has no Trade analysis tab', async ({ page }) => {
    await openAs(page, 'u-demo');
    await expect(chartArea(page).getByRole('tab', { name: 'Chart' })).toBeVisible();
    await expect(chartArea(page).getByRole('tab', { name: 'Trade analysis' })).toHaveCount(0);
  });
});
