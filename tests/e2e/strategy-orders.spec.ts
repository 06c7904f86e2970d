import { expect, test, type Page } from '@playwright/test';
import { fault } from './support/market';
import { closeTradeGuide, COLD_START_MS, toast } from './support/orderForm';
import { signIn } from './support/signIn';

/** Iceberg, TWAP and chase (issue 21 part 3): started from the Tools tab, run by the exchange, followed and cancelled in their order-list tabs. */
test.describe.configure({ timeout: 90_000 });

const TRADE_PATH = '/en/trade/spot/BTC/USDT';
const ordersPanel = (page: Page) => page.locator('#orders-panel');

async function openTool(page: Page, userId: string, tool: 'Iceberg' | 'TWAP' | 'Chase'): Promise<void> {
  await closeTradeGuide(page);
  await signIn(page, userId, TRADE_PATH);
  await expect(page.getByTestId('order-available')).not.toHaveText(/—/, { timeout: COLD_START_MS });
  await page.getByRole('tablist', { name: 'Trade or tools' }).getByRole('tab', { name: 'Tools' }).click();
  await page.getByRole('list', { name: 'Tools' }).getByRole('button', { name: new RegExp(`^${tool}`) }).click();
}

async function bestBid(page: Page): Promise<number> {
  const bid = page.locator('.ob-side--buy .ob-row').first();
  return Number(((await bid.locator('.ob-cell--price').textContent()) ?? '').replace(/,/g, ''));
}

/** The user's resting orders as the exchange holds them (the strategy's children are not in the page's own lists). */
const exchangeOpenOrders = (page: Page) =>
  page.evaluate(async () => ((await (await fetch('/mock/api/exchange/account?userId=u-uta')).json()) as { result: { openOrders: Array<{ price: string; origQty: string; side: string }> } }).result.openOrders);

const ordersTabs = (page: Page) => page.getByRole('tablist', { name: 'My orders' });

async function strategyTab(page: Page, name: 'Iceberg' | 'TWAP' | 'Chase') {
  await ordersTabs(page).getByRole('tab', { name, exact: true }).click();
}

test('an iceberg shows only its visible part in the book, is listed running, and cancels to Finished', async ({ page }) => {
  await openTool(page, 'u-uta', 'Iceberg');
  const form = page.getByRole('form', { name: 'Iceberg' });
  await form.getByRole('button', { name: /^Buy BTC · iceberg/ }).click();
  await expect(form.getByText('Enter the buying quantity')).toBeVisible();

  // Well under the market, so the part rests.
  const price = Math.floor((await bestBid(page)) * 0.98);
  await form.getByRole('textbox', { name: 'Price' }).fill(String(price));
  await form.getByRole('textbox', { name: 'Total quantity' }).fill('0.3');
  await form.getByRole('textbox', { name: 'Visible quantity' }).fill('0.5');
  await form.getByRole('button', { name: /^Buy BTC · iceberg/ }).click();
  await expect(form.getByText('The visible quantity must not be more than the total')).toBeVisible();
  await form.getByRole('textbox', { name: 'Visible quantity' }).fill('0.1');
  await expect(form.getByText(/Parts\s*3 × 0\.1/)).toBeVisible();
  await form.getByRole('button', { name: /^Buy BTC · iceberg/ }).click();
  await expect(toast(page, 'Buy iceberg order for BTC started')).toBeVisible();

  // One part of 0.1 rests at the price; never the whole 0.3.
  await expect.poll(async () => (await exchangeOpenOrders(page)).filter((o) => Number(o.price) === price).map((o) => Number(o.origQty))).toEqual([0.1]);

  await strategyTab(page, 'Iceberg');
  const running = ordersPanel(page).getByRole('table', { name: 'Running iceberg orders' });
  const row = running.locator('tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`0.100000 shown at ${price.toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
  await row.getByRole('button', { name: 'Cancel iceberg order on BTC/USDT' }).click();
  await expect(toast(page, 'iceberg order cancelled')).toBeVisible();
  await expect(ordersPanel(page).getByText('No running iceberg orders')).toBeVisible();
  await expect.poll(async () => (await exchangeOpenOrders(page)).filter((o) => Number(o.price) === price)).toEqual([]);
  await ordersPanel(page).getByRole('tab', { name: 'Finished' }).click();
  await expect(ordersPanel(page).getByRole('table', { name: 'Finished iceberg orders' }).locator('tbody tr').first()).toContainText('Ended · cancelled');
});

test('a TWAP buys its slices over time and stays listed over a reload', async ({ page }) => {
  await openTool(page, 'u-uta', 'TWAP');
  const form = page.getByRole('form', { name: 'TWAP' });
  await form.getByRole('textbox', { name: 'Total quantity' }).fill('0.01');
  await form.getByRole('textbox', { name: 'Duration' }).fill('5');
  await form.getByRole('textbox', { name: 'Interval' }).fill('5');
  await expect(form.getByText(/Slices\s*60 × 0\.000166 BTC/)).toBeVisible();
  await form.getByRole('button', { name: /^Buy BTC · TWAP/ }).click();
  await expect(toast(page, 'Buy TWAP order for BTC started')).toBeVisible();

  await strategyTab(page, 'TWAP');
  const row = ordersPanel(page).getByRole('table', { name: 'Running TWAP orders' }).locator('tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('5 min, every 5 s');
  // The first slices trade at the market: the filled quantity grows above zero.
  await expect(row.locator('td').nth(4)).not.toHaveText(/^0(\.0+)?$/, { timeout: 30_000 });

  await page.reload();
  await strategyTab(page, 'TWAP');
  await expect(ordersPanel(page).getByRole('table', { name: 'Running TWAP orders' }).locator('tbody tr')).toHaveCount(1, { timeout: COLD_START_MS });
  await ordersPanel(page).getByRole('button', { name: 'Cancel all' }).click();
  await page.getByRole('dialog', { name: 'Cancel all orders?' }).getByRole('button', { name: 'Cancel all' }).click();
  await expect(toast(page, '1 TWAP order cancelled')).toBeVisible();
});

test('a chase order rests at the best bid and never crosses the spread', async ({ page }) => {
  await openTool(page, 'u-uta', 'Chase');
  const form = page.getByRole('form', { name: 'Chase' });
  await form.getByRole('textbox', { name: 'Total quantity' }).fill('0.05');
  await form.getByRole('textbox', { name: 'Distance from the best price' }).fill('2');
  await form.getByRole('button', { name: /^Buy BTC · chase/ }).click();
  await expect(form.getByText('The distance must be 0 to 1 %')).toBeVisible();
  await form.getByRole('textbox', { name: 'Distance from the best price' }).fill('0.1');
  await form.getByRole('button', { name: /^Buy BTC · chase/ }).click();
  await expect(toast(page, 'Buy chase order for BTC started')).toBeVisible();

  await strategyTab(page, 'Chase');
  const row = ordersPanel(page).getByRole('table', { name: 'Running chase orders' }).locator('tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('0.1 % from the best price');
  // Its one child sits below the best ask (a maker), about 0.1 % under the best bid.
  await expect.poll(async () => (await exchangeOpenOrders(page)).filter((o) => o.side === 'Buy').length).toBe(1);
  const [child] = (await exchangeOpenOrders(page)).filter((o) => o.side === 'Buy');
  const bid = await bestBid(page);
  expect(Number(child!.price)).toBeLessThan(bid * 1.0005);
  expect(Number(child!.price)).toBeGreaterThan(bid * 0.995);
  await row.getByRole('button', { name: 'Cancel chase order on BTC/USDT' }).click();
  await expect(toast(page, 'chase order cancelled')).toBeVisible();
});

test('accounts without UTA compliance see no split tools and no strategy tabs', async ({ page }) => {
  await closeTradeGuide(page);
  await signIn(page, 'u-eaa', TRADE_PATH);
  await expect(page.getByTestId('order-available')).not.toHaveText(/—/, { timeout: COLD_START_MS });
  await expect(ordersTabs(page).getByRole('tab', { name: 'Trade history' })).toBeVisible();
  for (const name of ['Iceberg', 'TWAP', 'Chase', 'Positions']) await expect(ordersTabs(page).getByRole('tab', { name, exact: true })).toHaveCount(0);
  await page.getByRole('tablist', { name: 'Trade or tools' }).getByRole('tab', { name: 'Tools' }).click();
  await expect(page.getByRole('list', { name: 'Tools' }).locator('.tools-panel__name')).toHaveText(['OTC convert', 'Auto invest', 'Scaled order']);
});

test('a strategy cancelled elsewhere while the connection was down leaves the running list once it is back', async ({ page }) => {
  await openTool(page, 'u-uta', 'Iceberg');
  const form = page.getByRole('form', { name: 'Iceberg' });
  const price = Math.floor((await bestBid(page)) * 0.98);
  await form.getByRole('textbox', { name: 'Price' }).fill(String(price));
  await form.getByRole('textbox', { name: 'Total quantity' }).fill('0.2');
  await form.getByRole('textbox', { name: 'Visible quantity' }).fill('0.1');
  await form.getByRole('button', { name: /^Buy BTC · iceberg/ }).click();
  await expect(toast(page, 'Buy iceberg order for BTC started')).toBeVisible();
  await strategyTab(page, 'Iceberg');
  const row = ordersPanel(page).getByRole('table', { name: 'Running iceberg orders' }).locator('tbody tr');
  await expect(row).toHaveCount(1);
  const strategyId = await row.getAttribute('data-strategy-id');

  // The sockets drop; meanwhile another device of the same user cancels the iceberg.
  await fault(page, { kind: 'dropSockets' });
  const answer = await page.evaluate(
    async (id) => (await (await fetch('/spot/api/strategy/v1/cancel', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ strategyId: id }) })).json()) as { code: number },
    strategyId,
  );
  expect(answer.code).toBe(0);
  await expect(ordersPanel(page).getByText('No running iceberg orders')).toBeVisible();
  await ordersPanel(page).getByRole('tab', { name: 'Finished' }).click();
  await expect(ordersPanel(page).locator(`tr[data-strategy-id="${strategyId}"]`)).toContainText('Ended · cancelled');
});
