import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { control } from './support/market';
import { closeTradeGuide, COLD_START_MS } from './support/orderForm';
import { signIn } from './support/signIn';

/**
 * Both themes pass axe (issue 33 part 2): no serious or critical WCAG 2.2
 * A/AA finding in dark and light, on a desktop and a phone, for a visitor
 * and for a trader with an open order, with the order form and the main
 * dialogs open. Light text had been the spec's up / down / accent colours
 * and a grey of 4.3:1 on white — 62 findings on the visitor's desktop page.
 */
test.describe.configure({ timeout: 120_000 });

const TRADE_PATH = '/en/trade/spot/BTC/USDT';
const RESTING_BUY = { userId: 'u-uta', symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.01', price: '1000' };
const SIZES = {
  desktop: { viewport: { width: 1440, height: 900 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
} as const;

/** The market has painted: a book row and the chart's bars. */
async function marketShown(page: Page): Promise<void> {
  await expect(page.locator('.ob-row').first()).toBeVisible({ timeout: COLD_START_MS });
  await expect(page.getByTestId('chart-view')).not.toBeEmpty({ timeout: COLD_START_MS });
}

/** Opens a dialog with `open`, audits it alone, and closes it with Escape. */
async function auditDialog(page: Page, name: string, open: () => Promise<void>): Promise<void> {
  await open();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page, 'dialog[open]'), `the ${name} dialog`).toEqual([]);
  // Escape again until it closes: a phone's first-time order-form tour may open inside the sheet while axe reads
  // it, and the first Escape is that tour's.
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden({ timeout: 1_000 });
  }).toPass();
}

for (const theme of ['dark', 'light'] as const) {
  for (const [size, device] of Object.entries(SIZES)) {
    test.describe(`${theme} theme, ${size}`, () => {
      // Reduced motion: axe reads colours as painted, and an announcement sliding in is half transparent.
      test.use({ ...device, reducedMotion: 'reduce' });
      test.beforeEach(async ({ page }) => {
        await page.addInitScript((chosen) => localStorage.setItem('SPOT_theme', chosen), theme);
      });

      test('a visitor, and the sign-in page: no serious accessibility violation', async ({ page }) => {
        await page.goto(TRADE_PATH);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await marketShown(page);
        expect(await seriousViolations(page)).toEqual([]);

        // The simulated exchange's sign-in page wears the same theme.
        await page.goto(`/login?redirect_url=${encodeURIComponent(TRADE_PATH)}`);
        await expect(page.locator('.signin__choice').first()).toBeVisible({ timeout: COLD_START_MS });
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        expect(await seriousViolations(page), 'the sign-in page').toEqual([]);
      });

      test('a trader with an open order, the order form and the main dialogs: no serious accessibility violation', async ({ page }) => {
        await closeTradeGuide(page);
        await signIn(page, 'u-uta', TRADE_PATH);
        await marketShown(page);
        await expect(page.locator('#orders-panel').getByText('No open orders')).toBeVisible({ timeout: COLD_START_MS });
        expect(await control(page, '/mock/api/exchange/orders', RESTING_BUY)).toMatchObject({ code: 0 });
        await expect(page.locator('#orders-panel tbody tr')).toHaveCount(1);
        expect(await seriousViolations(page)).toEqual([]);

        const tap = size === 'phone';
        const press = (name: string, scope = page.locator('body')) => async () => {
          const button = scope.getByRole('button', { name, exact: true }).first();
          await (tap ? button.tap() : button.click());
        };
        await auditDialog(page, 'Cancel all orders?', press('Cancel all', page.locator('#orders-panel')));
        if (size === 'phone') {
          await auditDialog(page, 'Trade BTC/USDT', press('Buy BTC', page.getByRole('group', { name: 'Trade', exact: true })));
        } else {
          await auditDialog(page, 'Indicators', press('Indicators', page.getByRole('toolbar', { name: 'Chart tools' })));
          await auditDialog(page, 'Reset layout?', press('Reset layout'));
          await auditDialog(page, 'Network', () => page.locator('#footer-bar').getByRole('button', { name: /^Network ·/ }).click());
        }
      });
    });
  }
}
