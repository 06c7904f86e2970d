import { expect, test, type Page } from '@playwright/test';
import { control } from './support/market';
import { closeTradeGuide, COLD_START_MS, orderField, orderForm } from './support/orderForm';
import { signIn } from './support/signIn';

/**
 * Spec 1 §5 available amount and balances (issue 27 part 2): an innovation
 * pair caps a buy by the quota left today, and each account type reads its
 * own balance call with its own fields.
 */
const panel = (page: Page) => page.locator('#orders-panel');

test('an innovation pair refuses a buy above the quota left today, and Max buy stops at it', async ({ page }) => {
  // Two signed-in page loads (and 49 orders placed between them): each is a cold start of the in-page exchange.
  test.slow();
  await closeTradeGuide(page);
  await signIn(page, 'u-uta', '/en/trade/spot/PEPE/USDT');
  await expect(orderForm(page).getByTestId('order-available')).toContainText('USDT', { timeout: COLD_START_MS });

  // 19,500 of the 20,000 USDT quota held by bids resting far below the market, placed elsewhere (an order takes
  // at most 100,000,000 PEPE: 400 USDT at this price).
  const bid = (qty: string) => control(page, '/mock/api/exchange/orders', { userId: 'u-uta', symbol: 'PEPEUSDT', side: 'Buy', orderType: 'Limit', qty, price: '0.000004' });
  for (let i = 0; i < 48; i++) expect(await bid('100000000')).toMatchObject({ code: 0 });
  expect(await bid('75000000')).toMatchObject({ code: 0 });
  await page.reload();

  await orderForm(page).getByRole('button', { name: 'Limit', exact: true }).click({ timeout: COLD_START_MS });
  await orderField(page, 'Price').fill('0.000006');
  // Max buy: the 500 USDT left buys 83,333,333 PEPE at that price, though the balance could pay for far more.
  await expect(orderForm(page).getByTestId('order-max')).toHaveText('83,333,333 PEPE');
  await orderField(page, 'Quantity').fill('90000000');
  await orderForm(page).getByRole('button', { name: 'Buy PEPE' }).click();
  await expect(orderForm(page).getByText('Innovation-zone buys left today: 500 USDT')).toBeVisible();
  // Nothing was sent: still the 49 resting bids.
  await expect
    .poll(() => page.evaluate(async () => ((await (await fetch('/spot/api/order/innovation_remain?symbol_id=PEPEUSDT')).json()) as { result: unknown }).result))
    .toEqual({ coin: 'PEPE', limit: '20000', totalAmount: '19500', remainAmount: '500' });
});

test('a classic account reads its balance lines with what can be transferred; a unified account its coin list with the USDT in orders', async ({ page }) => {
  // Two signed-in page loads (and 49 orders placed between them): each is a cold start of the in-page exchange.
  test.slow();
  await closeTradeGuide(page);
  await signIn(page, 'u-standard');
  const assets = panel(page).getByRole('table', { name: 'Your coin balances' });
  await page.getByRole('tab', { name: 'Assets' }).click({ timeout: COLD_START_MS });
  await expect(assets.getByRole('columnheader')).toHaveText(['Coin', 'Total', 'Available', 'In orders', 'Transferable']);
  await expect(assets.locator('tr[data-coin="USDT"] [data-column="transferable"]')).toHaveText('100,000');

  await page.context().clearCookies();
  await signIn(page, 'u-uta');
  await page.getByRole('tab', { name: 'Assets' }).click({ timeout: COLD_START_MS });
  await expect(assets.getByRole('columnheader')).toHaveText(['Coin', 'Total', 'Available', 'In orders', 'In orders (USDT)']);
  // A resting buy of 0.01 BTC at 1,000 holds 10 USDT (and its fee headroom): the coin list values it in USDT.
  expect(await control(page, '/mock/api/exchange/orders', { userId: 'u-uta', symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.01', price: '1000' })).toMatchObject({ code: 0 });
  await expect(assets.locator('tr[data-coin="USDT"] [data-column="inOrdersUsdt"]')).toHaveText(/^10(\.0\d)?$/);
});
