import { expect, test, type Page } from '@playwright/test';
import { replay } from './support/market';
import { closeTradeGuide, COLD_START_MS, orderField, orderForm, toast } from './support/orderForm';
import { signIn } from './support/signIn';

/** Modifying an open order from its row (issue 19 part 4): the edit checks, the hint dialog, and the order moving in the book. */
test.describe.configure({ timeout: 90_000 });

const TRADE_PATH = '/en/trade/spot/BTC/USDT';
const openOrders = (page: Page) => page.locator('#orders-panel').getByRole('table', { name: 'Open limit and market orders' });
const money = (price: number) => price.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

test('a resting limit buy: Edit checks the new values, asks before crossing the market, and moves the order in the book', async ({ page }) => {
  await closeTradeGuide(page);
  await signIn(page, 'u-demo', TRADE_PATH);
  await expect(page.locator('#orders-panel').getByText('No open orders')).toBeVisible({ timeout: COLD_START_MS });
  await page.mouse.move(0, 0);
  await replay(page, { action: 'pause' });
  const bid = page.locator('.ob-side--buy .ob-row').first();
  await expect(bid).toBeVisible();
  const best = Number(((await bid.locator('.ob-cell--price').textContent()) ?? '').replace(/,/g, ''));

  const first = Math.round((best - 30) * 100) / 100;
  await orderField(page, 'Price').fill(first.toFixed(2));
  await orderField(page, 'Quantity').fill('0.5');
  await orderForm(page).getByRole('button', { name: 'Buy BTC' }).click();
  await expect(toast(page, 'Buy order for BTC placed')).toBeVisible();
  const row = openOrders(page).locator('tr[data-order-id]');
  await expect(row).toContainText(money(first));

  // A quantity is required.
  await row.getByRole('button', { name: /^Edit Buy order BTC\/USDT/ }).click();
  const price = row.getByRole('textbox', { name: 'New Price' });
  const qty = row.getByRole('textbox', { name: 'New Qty' });
  await expect(price).toBeFocused();
  await qty.fill('');
  await qty.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Enter the new quantity' })).toBeVisible();
  await expect(qty).toHaveAttribute('aria-invalid', 'true');

  // Above the market: asked first; Back keeps editing, Escape leaves the row as it was.
  await qty.fill('0.5');
  await price.fill((best * 1.01).toFixed(2));
  await row.getByRole('button', { name: 'Confirm' }).click();
  const hint = page.getByRole('dialog', { name: 'Modify this order?' });
  await expect(hint).toContainText('The new buy price is above the market price');
  await hint.getByRole('button', { name: 'Back' }).click();
  await expect(hint).toBeHidden();
  // The dialog's buttons sit over the order book: a pointer left there would freeze it (hover freezes the book).
  await page.mouse.move(0, 0);
  await price.press('Escape');
  await expect(row).toContainText(money(first));
  await expect(row.getByRole('textbox')).toHaveCount(0);

  // Just under the best bid (inside the rows the book shows): the row and the book follow.
  const second = Math.round((best - 0.02) * 100) / 100;
  await row.getByRole('button', { name: /^Edit Buy order BTC\/USDT/ }).click();
  await price.fill(second.toFixed(2));
  await price.press('Enter');
  // The paused ticker's last trade can sit under the held best bid: then the hint asks first, and Modify sends.
  await expect(hint.or(toast(page, 'Order modified')).first()).toBeVisible();
  if (await hint.isVisible()) await hint.getByRole('button', { name: 'Modify' }).click();
  // A pointer left over the order book (where the dialog was) would freeze it.
  await page.mouse.move(0, 0);
  await expect(toast(page, 'Order modified')).toBeVisible();
  await expect(row).toContainText(money(second));
  await expect(row).toHaveCount(1);
  const level = page.locator('.ob-side--buy .ob-row').filter({ has: page.locator('.ob-cell--price', { hasText: new RegExp(`^${money(second)}$`) }) });
  await expect(level.getByRole('img', { name: 'Your order: 0.5' })).toBeVisible();
  const orders = await page.evaluate(async () => (await (await fetch('/mock/api/exchange/account?userId=u-demo')).json()) as { result: { openOrders: Array<{ price: string }> } });
  expect(orders.result.openOrders.map((o) => Number(o.price))).toEqual([second]);
});
