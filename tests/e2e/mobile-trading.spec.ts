import { expect, test, type Page } from '@playwright/test';
import { closeTradeGuide, COLD_START_MS, toast } from './support/orderForm';
import { replay } from './support/market';
import { signIn } from './support/signIn';

/**
 * Trading on the phone page (issue 30 part 2): the Buy / Sell bar opens the
 * order form in a bottom sheet; the order shows in the orders panel below and
 * cancels from there. Phone emulation: touch, a mobile viewport.
 */
test.describe.configure({ timeout: 90_000 });

const TRADE_PATH = '/en/trade/spot/BTC/USDT';
const sheet = (page: Page) => page.getByRole('dialog', { name: 'Trade BTC/USDT' });
const sheetField = (page: Page, name: string) => sheet(page).getByRole('form', { name: 'Order form' }).getByRole('textbox', { name, exact: true });
const bar = (page: Page) => page.getByRole('group', { name: 'Trade', exact: true });

for (const phone of [{ name: 'small phone', width: 320, height: 640 }, { name: 'large phone', width: 430, height: 932 }]) {
  test.describe(phone.name, () => {
    test.use({ viewport: { width: phone.width, height: phone.height }, isMobile: true, hasTouch: true });

    test('a demo trader places a limit buy from the bottom sheet, sees it in the orders panel and cancels it', async ({ page }) => {
      await closeTradeGuide(page);
      await signIn(page, 'u-demo', TRADE_PATH);
      await expect(page.getByTestId('mobile-page')).toBeVisible({ timeout: COLD_START_MS });
      await expect(page.locator('#orders-panel').getByText('No open orders')).toBeVisible({ timeout: COLD_START_MS });

      await bar(page).getByRole('button', { name: 'Buy BTC' }).tap();
      await expect(sheet(page)).toBeVisible();
      await expect(sheetField(page, 'Price')).toHaveAttribute('inputmode', 'decimal');
      await sheetField(page, 'Price').fill('1000');
      await sheetField(page, 'Quantity').fill('0.01');
      await sheet(page).getByRole('form', { name: 'Order form' }).getByRole('button', { name: 'Buy BTC' }).tap();
      await expect(toast(page, 'Buy order for BTC placed')).toBeVisible();
      // Closing keeps what the form holds: the price is still there when it opens again.
      await sheet(page).getByRole('button', { name: 'Close' }).tap();
      await expect(sheet(page)).toBeHidden();

      const row = page.locator('#orders-panel').getByRole('table', { name: 'Open limit and market orders' }).locator('tr[data-order-id]');
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('1,000.00');
      await row.getByRole('button', { name: /^Cancel Buy order BTC\/USDT/ }).tap();
      await expect(toast(page, 'Order cancelled')).toBeVisible();
      await expect(row).toHaveCount(0);

      await bar(page).getByRole('button', { name: 'Sell BTC' }).tap();
      await expect(sheet(page).getByRole('form', { name: 'Order form' }).getByRole('button', { name: 'Sell BTC' })).toBeVisible();
      await expect(sheetField(page, 'Price')).toHaveValue('1000.00');
      if (process.env.SHOT) await page.screenshot({ path: `/tmp/sheet-${phone.width}.png` });
      // Nothing is wider than the phone with the sheet open either.
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

      // A tap on a book row brings the sheet up with that row's price.
      await sheet(page).getByRole('button', { name: 'Close' }).tap();
      const bid = page.locator('.ob-side--buy .ob-row').first();
      await bid.scrollIntoViewIfNeeded();
      const shown = ((await bid.locator('.ob-cell--price').textContent()) ?? '').replace(/,/g, '');
      await bid.tap();
      await expect(sheet(page)).toBeVisible();
      await expect(sheetField(page, 'Price')).not.toHaveValue('1000.00');
      expect(Math.abs(Number(await sheetField(page, 'Price').inputValue()) - Number(shown))).toBeLessThan(Number(shown) * 0.01);

      // So does a tap on a latest trade: the sheet comes up with the trade's price.
      await sheet(page).getByRole('button', { name: 'Close' }).tap();
      await page.locator('#orderbook-area').getByRole('tab', { name: 'Latest trades' }).tap();
      // A paused market holds the list still between reading a row and tapping it.
      await replay(page, { action: 'pause' });
      const trade = page.locator('#latest-trades .trade-row[data-side]').nth(2);
      await expect(trade).toBeVisible();
      // Frames already on their way when the market paused still land (CI once read a row the next push then
      // shifted): read the list only once it has held still for two push intervals.
      const list = page.locator('#latest-trades');
      await expect.poll(async () => {
        const before = await list.innerText();
        await page.waitForTimeout(700);
        return (await list.innerText()) === before;
      }).toBe(true);
      const traded = ((await trade.locator('.trade-cell--price').textContent()) ?? '').replace(/,/g, '');
      await trade.tap();
      await expect(sheet(page)).toBeVisible();
      await expect(sheetField(page, 'Price')).toHaveValue(traded);
    });

    test('orders placed from the sheet are modified and cancelled all at once from the orders panel', async ({ page }) => {
      await closeTradeGuide(page);
      await signIn(page, 'u-demo', TRADE_PATH);
      await expect(page.locator('#orders-panel').getByText('No open orders')).toBeVisible({ timeout: COLD_START_MS });
      await bar(page).getByRole('button', { name: 'Buy BTC' }).tap();
      for (const price of ['1000', '1100']) {
        await sheetField(page, 'Price').fill(price);
        await sheetField(page, 'Quantity').fill('0.01');
        await sheet(page).getByRole('form', { name: 'Order form' }).getByRole('button', { name: 'Buy BTC' }).tap();
        await expect(toast(page, 'Buy order for BTC placed').first()).toBeVisible();
      }
      await sheet(page).getByRole('button', { name: 'Close' }).tap();
      const rows = page.locator('#orders-panel').getByRole('table', { name: 'Open limit and market orders' }).locator('tr[data-order-id]');
      await expect(rows).toHaveCount(2);

      // Held by its id: once editing, the row's price is a field, not text.
      const id = await rows.filter({ hasText: '1,000.00' }).getAttribute('data-order-id');
      const first = page.locator(`#orders-panel tr[data-order-id="${id}"]`);
      await first.getByRole('button', { name: /^Edit Buy order BTC\/USDT/ }).tap();
      const price = first.getByRole('textbox', { name: 'New Price' });
      await expect(price).toHaveAttribute('inputmode', 'decimal');
      await price.fill('1050');
      await first.getByRole('button', { name: 'Confirm' }).tap();
      await expect(toast(page, 'Order modified')).toBeVisible();
      await expect(rows.filter({ hasText: '1,050.00' })).toHaveCount(1);
      if (process.env.SHOT) await page.locator('#position-area').screenshot({ path: `/tmp/orders-${phone.width}.png` });
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

      // The list's tools wrap rather than run off the panel: Cancel all is in full view.
      const cancelAll = page.locator('#orders-panel').getByRole('button', { name: 'Cancel all' });
      const box = (await cancelAll.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
      await cancelAll.tap();
      const dialog = page.getByRole('dialog', { name: 'Cancel all orders?' });
      await dialog.getByRole('button', { name: 'Cancel all' }).tap();
      await expect(rows).toHaveCount(0);
      await expect(page.locator('#orders-panel').getByText('No open orders')).toBeVisible();
    });

    test('a visitor gets Log in / Sign up in the sheet', async ({ page }) => {
      await page.goto(TRADE_PATH);
      await bar(page).getByRole('button', { name: 'Buy BTC' }).tap({ timeout: COLD_START_MS });
      const form = sheet(page).getByRole('form', { name: 'Order form' });
      await expect(form.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', `/login?redirect_url=${encodeURIComponent(TRADE_PATH)}`);
      await expect(form.getByRole('link', { name: 'Sign up' })).toBeVisible();
    });
  });
}
