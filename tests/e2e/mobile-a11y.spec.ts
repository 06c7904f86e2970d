import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { closeTradeGuide, COLD_START_MS } from './support/orderForm';
import { signIn } from './support/signIn';

/**
 * Accessibility of the phone page (issue 30): axe-core finds no serious or
 * critical violation of WCAG 2.2 A/AA, for a visitor and for a signed-in
 * trader with the order sheet open, in a left-to-right and a right-to-left
 * locale.
 */
test.describe.configure({ timeout: 90_000 });
// Reduced motion: axe reads colours as painted, and an announcement sliding in (every 5 s) is half transparent.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, reducedMotion: 'reduce' });

for (const locale of ['en', 'ar-SA']) {
  test(`${locale}: a visitor's phone page has no serious accessibility violation`, async ({ page }) => {
    await page.goto(`/${locale}/trade/spot/BTC/USDT`);
    await expect(page.getByTestId('mobile-page')).toBeVisible({ timeout: COLD_START_MS });
    await expect(page.locator('.ob-row').first()).toBeVisible({ timeout: COLD_START_MS });
    await expect(page.getByTestId('chart-view')).not.toBeEmpty({ timeout: COLD_START_MS });
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('a demo trader with the order sheet open: no serious accessibility violation', async ({ page }) => {
  await closeTradeGuide(page);
  await signIn(page, 'u-demo', '/en/trade/spot/BTC/USDT');
  await expect(page.locator('#orders-panel').getByText('No open orders')).toBeVisible({ timeout: COLD_START_MS });
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('group', { name: 'Trade', exact: true }).getByRole('button', { name: 'Buy BTC' }).tap();
  await expect(page.getByRole('dialog', { name: 'Trade BTC/USDT' })).toBeVisible();
  expect(await seriousViolations(page, '.order-sheet')).toEqual([]);
});
