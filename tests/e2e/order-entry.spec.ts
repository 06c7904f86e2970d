import { expect, test, type Page } from '@playwright/test';
import { heldBestBid } from './support/market';
import { closeTradeGuide, COLD_START_MS, orderField, orderForm, toast } from './support/orderForm';
import { signIn } from './support/signIn';

/** Order entry on the Trade tab (issue 18): placing, the validation chain, one order per click, the visitor's links. */
test.describe.configure({ timeout: 90_000 });

const TRADE_PATH = '/en/trade/spot/BTC/USDT';
const form = orderForm;
const field = orderField;
const openOrders = (page: Page) => page.locator('#orders-panel').getByRole('table', { name: 'Open limit and market orders' });

async function signedInOnPair(page: Page, userId: string) {
  await closeTradeGuide(page);
  await signIn(page, userId, TRADE_PATH);
  await expect(page.locator('#orders-panel').getByText('No open orders')).toBeVisible({ timeout: COLD_START_MS });
  await expect(page.getByTestId('order-available')).not.toHaveText(/—/, { timeout: COLD_START_MS });
}


test('a visitor sees the form with its fields, and Log in / Sign up that come back to this page', async ({ page }) => {
  await closeTradeGuide(page);
  await page.goto(TRADE_PATH);
  await expect(field(page, 'Price')).toBeVisible({ timeout: COLD_START_MS });
  await expect(field(page, 'Quantity')).toBeVisible();
  await expect(field(page, 'Order value')).toBeVisible();
  const login = form(page).getByRole('link', { name: 'Log in' });
  await expect(login).toHaveAttribute('href', `/login?redirect_url=${encodeURIComponent(TRADE_PATH)}`);
  await expect(form(page).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', /redirect_url=/);
  await expect(form(page).getByRole('button', { name: 'Buy BTC' })).toHaveCount(0);
});

test('a limit buy below the market is in Current orders and marked in the book at its price, cancels; an order survives a reload', async ({ page }) => {
  await signedInOnPair(page, 'u-demo');
  const best = await heldBestBid(page);
  // One tick under the best bid: inside the rows the book shows, and resting, not taking.
  const price = (Number(best) - 0.01).toFixed(2);
  const before = await bidAmount(page, price);
  await field(page, 'Price').fill(price);
  await field(page, 'Quantity').fill('0.5');
  await expect(field(page, 'Order value')).toHaveValue(String(Number(price) * 0.5));
  await form(page).getByRole('button', { name: 'Buy BTC' }).click();
  await expect(toast(page, 'Buy order for BTC placed')).toBeVisible();
  // The form keeps the price for the next order and clears the size.
  await expect(field(page, 'Price')).toHaveValue(price);
  await expect(field(page, 'Quantity')).toHaveValue('');

  const row = openOrders(page).locator('tr[data-order-id]');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(money(price));
  // The exchange merges own resting orders into the public book: the level grows by the order's size.
  await expect.poll(() => bidAmount(page, price)).toBeCloseTo(before + 0.5, 6);
  // …and marks the row as the user's own.
  await expect(page.locator('#orderbook-area').getByRole('img', { name: 'Your order: 0.5' })).toBeVisible();

  await row.getByRole('button', { name: /^Cancel Buy order BTC\/USDT/ }).click();
  await expect(toast(page, 'Order cancelled')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.locator('#orderbook-area').getByRole('img', { name: /^Your order/ })).toHaveCount(0);

  // A reload replays the market from its start, which may cross a price near today's: the order that must survive rests far below.
  const far = (Number(best) * 0.8).toFixed(2);
  await field(page, 'Price').fill(far);
  await field(page, 'Quantity').fill('0.01');
  await form(page).getByRole('button', { name: 'Buy BTC' }).click();
  await expect(toast(page, 'Buy order for BTC placed')).toBeVisible();
  await expect(row).toHaveCount(1);
  await page.reload();
  await expect(row).toHaveCount(1, { timeout: COLD_START_MS });
  await expect(row).toContainText(money(far));
  await row.getByRole('button', { name: /^Cancel Buy order BTC\/USDT/ }).click();
  await expect(toast(page, 'Order cancelled')).toBeVisible();
  await expect(row).toHaveCount(0);
});

const money = (price: string) => Number(price).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The amount the page's order book shows at a bid price (0 when there is no such row). */
async function bidAmount(page: Page, price: string): Promise<number> {
  const row = page.locator('.ob-side--buy .ob-row').filter({ has: page.locator('.ob-cell--price', { hasText: new RegExp(`^${money(price)}$`) }) });
  if ((await row.count()) === 0) return 0;
  return Number(((await row.first().locator('.ob-cell').nth(1).textContent()) ?? '0').replace(/,/g, ''));
}

test('a market buy by value fills and moves both balances', async ({ page }) => {
  await signedInOnPair(page, 'u-demo');
  await expect(page.getByTestId('available-USDT')).toHaveText('100,000');
  await form(page).getByRole('button', { name: 'Market', exact: true }).click();
  await field(page, 'Order value').fill('1000');
  await expect(page.getByRole('region', { name: 'Cost preview' })).toBeVisible();
  await expect(page.getByTestId('preview-levels')).not.toHaveText('0');
  await form(page).getByRole('button', { name: 'Buy BTC' }).click();
  await expect(toast(page, 'Buy order for BTC placed')).toBeVisible();
  // About 1,000 USDT spent (the last lot's remainder stays), and the BTC bought arrives less its fee.
  const amount = async (coin: string) => Number(((await page.getByTestId(`available-${coin}`).textContent()) ?? '').replace(/,/g, ''));
  await expect.poll(() => amount('USDT')).toBeLessThan(99_001);
  expect(await amount('USDT')).toBeGreaterThan(98_999);
  await expect.poll(() => amount('BTC')).toBeGreaterThan(1);
  const btc = await amount('BTC');
  expect(btc).toBeLessThan(1.1);
});

test('each validation step shows its message for its bad input, in the chain order', async ({ page }) => {
  await signedInOnPair(page, 'u-standard');
  const buy = form(page).getByRole('button', { name: 'Buy BTC' });
  const expectToast = async (text: string) => {
    await buy.click();
    await expect(toast(page, text)).toBeVisible();
  };
  // 1: empty price first, then the quantity.
  await expectToast('Enter the buying price');
  await field(page, 'Price').fill('0');
  await field(page, 'Quantity').fill('0.00001');
  // 2: the price under the tick comes before the quantity under the minimum.
  await expectToast('The price must be at least 0.01');
  await field(page, 'Price').fill('10');
  // 4: quantity under the minimum.
  await expectToast('The quantity must be at least 0.000048 BTC');
  await field(page, 'Quantity').fill('0.00005');
  // 5: value under the minimum.
  await expectToast('The order value of a buy must be at least 1 USDT');
  // 6: a classic account must hold what it spends.
  await field(page, 'Price').fill('60000');
  await field(page, 'Quantity').fill('2');
  await expectToast('Insufficient USDT balance');
  await expect(field(page, 'Quantity')).toHaveAttribute('aria-invalid', 'true');

  // 3 and 7: a conditional order's trigger, then its price against the trigger.
  await form(page).getByRole('button', { name: 'Conditional', exact: true }).click();
  await field(page, 'Trigger price').fill('0');
  await field(page, 'Price').fill('60000');
  await field(page, 'Quantity').fill('0.01');
  await expectToast('The trigger price must be at least 0.01');
  await field(page, 'Trigger price').fill('50000');
  await expectToast('A conditional buy price must be at most 110% of the trigger (55000)');
  await expect(openOrders(page).locator('tr[data-order-id]')).toHaveCount(0);
});

test('pasting "1,234.5" reads as a number; letters are explained and never show NaN', async ({ page }) => {
  await signedInOnPair(page, 'u-demo');
  const price = field(page, 'Price');
  await price.focus();
  await page.evaluate(() => {
    const input = document.activeElement as HTMLInputElement;
    const paste = (text: string) => {
      const data = new DataTransfer();
      data.setData('text', text);
      input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    };
    paste('1,234.5');
  });
  await expect(price).toHaveValue('1234.50');
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.setData('text', 'abc');
    document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect(price).toHaveValue('1234.50');
  await expect(form(page).getByText('That is not a number: use digits and one decimal point.')).toBeVisible();
  await expect(form(page)).not.toContainText('NaN');
});

test('a double click and a held Enter place one order; a book price fills the price field', async ({ page }) => {
  await signedInOnPair(page, 'u-demo');
  await heldBestBid(page);
  const bid = page.locator('.ob-side--buy .ob-row').first();
  await bid.click();
  // Read after the click: the pointer over the book freezes it, so the row shows the price it handed over
  // (book frames already on their way when the replay paused may have moved it since it was first read).
  const best = ((await bid.locator('.ob-cell--price').textContent()) ?? '').replace(/,/g, '');
  await expect(field(page, 'Price')).toHaveValue(best);
  await field(page, 'Price').fill((Number(best) - 100).toFixed(2));
  await field(page, 'Quantity').fill('0.01');
  await form(page).getByRole('button', { name: 'Buy BTC' }).dblclick();
  await expect(toast(page, 'Buy order for BTC placed')).toBeVisible();
  await field(page, 'Quantity').fill('0.02');
  await field(page, 'Quantity').focus();
  await page.keyboard.down('Enter');
  await page.keyboard.down('Enter');
  await page.keyboard.down('Enter');
  await page.keyboard.up('Enter');
  await expect(openOrders(page).locator('tr[data-order-id]')).toHaveCount(2);
  const orders = await page.evaluate(async () => (await (await fetch('/mock/api/exchange/account?userId=u-demo')).json()) as { result: { openOrders: unknown[] } });
  expect(orders.result.openOrders).toHaveLength(2);
});

test("a limit order's TP/SL: checked against the price, shown on the open row, and placed as an OCO once the order fills", async ({ page }) => {
  await signedInOnPair(page, 'u-demo');
  const best = Number(await heldBestBid(page));
  const tpsl = form(page).getByRole('checkbox', { name: 'TP/SL' });
  await expect(tpsl).not.toBeChecked();
  await tpsl.check();
  const takeProfit = field(page, 'Take-profit trigger price');
  const stopLoss = field(page, 'Stop-loss trigger price');
  const buy = form(page).getByRole('button', { name: 'Buy BTC' });

  // Resting far below the market: a take-profit under the buy price is explained, then the prices ride on the open row.
  const low = (best * 0.9).toFixed(2);
  await field(page, 'Price').fill(low);
  await field(page, 'Quantity').fill('0.01');
  await takeProfit.fill((best * 0.85).toFixed(2));
  await buy.click();
  await expect(toast(page, `The take-profit price must be above the order price (${low})`)).toBeVisible();
  await takeProfit.fill((best * 1.05).toFixed(2));
  await stopLoss.fill((best * 0.85).toFixed(2));
  await buy.click();
  await expect(toast(page, 'Buy order for BTC placed')).toBeVisible();
  const row = openOrders(page).locator('tr[data-order-id]');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`TP ${money((best * 1.05).toFixed(2))} · SL ${money((best * 0.85).toFixed(2))}`);
  await row.getByRole('button', { name: /^Cancel Buy order BTC\/USDT/ }).click();
  await expect(row).toHaveCount(0);

  // Marketable: it fills at once, and the exchange places the closing OCO for what was bought (less the fee).
  await field(page, 'Price').fill((best * 1.02).toFixed(2));
  await field(page, 'Quantity').fill('0.01');
  await takeProfit.fill((best * 1.1).toFixed(2));
  await stopLoss.fill((best * 0.9).toFixed(2));
  await buy.click();
  await expect(toast(page, 'Buy order for BTC placed')).toBeVisible();
  await page.locator('#orders-panel').getByRole('tab', { name: 'Conditional' }).click();
  const legs = page.locator('#orders-panel').getByRole('table', { name: 'Open conditional orders' }).locator('tr[data-order-id]');
  await expect(legs).toHaveCount(2);
  for (const leg of await legs.all()) {
    await expect(leg).toContainText('Sell');
    await expect(leg).toContainText('OCO');
    await expect(leg).toContainText('0.00999');
  }
});
