import { expect, test, type Page } from '@playwright/test';
import { replay } from './support/market';
import { closeTradeGuide, COLD_START_MS, toast } from './support/orderForm';
import { signIn } from './support/signIn';

/** The Tools tab of the right-hand panel (issue 21 part 1) and the scaled order tool. */
test.describe.configure({ timeout: 90_000 });

const TRADE_PATH = '/en/trade/spot/BTC/USDT';
const sideTabs = (page: Page) => page.getByRole('tablist', { name: 'Trade or tools' });
const toolsTab = (page: Page) => sideTabs(page).getByRole('tab', { name: 'Tools' });
const tools = (page: Page) => page.getByRole('list', { name: 'Tools' });
const toolNames = (page: Page) => tools(page).locator('.tools-panel__name').allTextContents();

async function openTools(page: Page, userId: string): Promise<void> {
  await closeTradeGuide(page);
  await signIn(page, userId, TRADE_PATH);
  await expect(page.getByTestId('order-available')).not.toHaveText(/—/, { timeout: COLD_START_MS });
  await toolsTab(page).click();
  await expect(tools(page)).toBeVisible();
}

test('a unified account: the tools it may use, links that carry the pair, and Tools toggling back to Trade', async ({ page }) => {
  await openTools(page, 'u-uta');
  expect(await toolNames(page)).toEqual(['Grid bot', 'OTC convert', 'Auto invest', 'Iceberg', 'TWAP', 'Scaled order', 'Chase']);
  await expect(tools(page).getByRole('link', { name: /^OTC convert/ })).toHaveAttribute('href', '/user/assets/otc/index?fromCoin=USDT&toCoin=BTC&source=spot_convert_block_trade');
  await expect(tools(page).getByRole('link', { name: /^Auto invest/ })).toHaveAttribute('href', '/fiat/trade/invest/home?source=spot_trade&target=BTC&type=crypto');

  // Tools: with a tool open it goes back to the list; on the list it returns to Trade.
  await tools(page).getByRole('button', { name: /^Scaled order/ }).click();
  await expect(page.getByRole('form', { name: 'Scaled order' })).toBeVisible();
  await toolsTab(page).click();
  await expect(tools(page)).toBeVisible();
  await toolsTab(page).click();
  await expect(page.getByRole('form', { name: 'Order form' })).toBeVisible();
  await expect(sideTabs(page).getByRole('tab', { name: 'Trade' })).toHaveAttribute('aria-selected', 'true');
});

test('demo, sub and copy-trading leader accounts see the tools the rules give them', async ({ page }) => {
  await openTools(page, 'u-demo');
  expect(await toolNames(page)).toEqual(['OTC convert', 'Auto invest', 'Iceberg', 'TWAP', 'Future spread', 'Chase']);
  await expect(tools(page).getByRole('link', { name: /^Future spread/ })).toHaveAttribute('target', '_blank');

  await page.context().clearCookies();
  await openTools(page, 'u-sub');
  expect(await toolNames(page)).toEqual(['Grid bot', 'OTC convert', 'Iceberg', 'TWAP', 'Scaled order', 'Chase']);
});

test('a visitor has the Trade panel only', async ({ page }) => {
  await closeTradeGuide(page);
  await page.goto(TRADE_PATH);
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible({ timeout: COLD_START_MS });
  await expect(sideTabs(page)).toHaveCount(0);
});

test('a scaled order checks its inputs, previews its orders, and places them all', async ({ page }) => {
  await openTools(page, 'u-uta');
  await page.mouse.move(0, 0);
  await replay(page, { action: 'pause' });
  const bid = page.locator('.ob-side--buy .ob-row').first();
  const best = Number(((await bid.locator('.ob-cell--price').textContent()) ?? '').replace(/,/g, ''));
  await tools(page).getByRole('button', { name: /^Scaled order/ }).click();
  const form = page.getByRole('form', { name: 'Scaled order' });

  await form.getByRole('button', { name: 'Buy BTC' }).click();
  await expect(form.getByText('Enter the lower price')).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Lower price' })).toHaveAttribute('aria-invalid', 'true');

  const lower = Math.floor(best) - 300;
  await form.getByRole('textbox', { name: 'Lower price' }).fill(String(lower));
  await form.getByRole('textbox', { name: 'Upper price' }).fill(String(lower + 200));
  await form.getByRole('textbox', { name: 'Number of orders' }).fill('3');
  await form.getByRole('textbox', { name: 'Total quantity' }).fill('0.03');
  await form.getByRole('radio', { name: 'Larger towards the lower price' }).check();
  const preview = form.getByRole('table', { name: 'Orders to place' });
  await expect(preview.locator('tbody tr')).toHaveCount(3);
  const money = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  await expect(preview.locator('tbody tr').first()).toHaveText(`${money(lower)}0.015000`);

  await form.getByRole('button', { name: 'Buy BTC · 3 orders' }).click();
  await expect(toast(page, 'Buy orders for BTC placed: 3')).toBeVisible();
  const rows = page.locator('#orders-panel').getByRole('table', { name: 'Open limit and market orders' }).locator('tr[data-order-id]');
  await expect(rows).toHaveCount(3);
  for (const price of [lower, lower + 100, lower + 200]) await expect(rows.filter({ hasText: money(price) })).toHaveCount(1);
  await expect(form.getByRole('textbox', { name: 'Total quantity' })).toHaveValue('');
});
