import { expect, test, type Page } from '@playwright/test';
import { closeTradeGuide, COLD_START_MS, toast } from './support/orderForm';
import { signIn } from './support/signIn';

/** The grid bot (issue 21 part 2): create from the Tools tab, see it run in the panel that replaces the order lists, close it. */
test.describe.configure({ timeout: 90_000 });

const TRADE_PATH = '/en/trade/spot/BTC/USDT';

async function openGridTool(page: Page, userId: string): Promise<void> {
  await closeTradeGuide(page);
  await signIn(page, userId, TRADE_PATH);
  await expect(page.getByTestId('order-available')).not.toHaveText(/—/, { timeout: COLD_START_MS });
  await page.getByRole('tablist', { name: 'Trade or tools' }).getByRole('tab', { name: 'Tools' }).click();
  await page.getByRole('list', { name: 'Tools' }).getByRole('button', { name: /^Grid bot/ }).click();
}

const exchangeOpenOrders = (page: Page) =>
  page.evaluate(async () => (await (await fetch('/mock/api/exchange/account?userId=u-uta')).json()) as { result: { openOrders: Array<{ price: string }> } });

test('a unified account creates a grid bot, sees it running with its orders resting, keeps it over a reload, and closes it', async ({ page }) => {
  await openGridTool(page, 'u-uta');
  const form = page.getByRole('form', { name: 'Grid bot' });
  // The grid panel takes the order-list area while the tool is open.
  const running = page.getByRole('table', { name: 'Running' });
  await expect(page.getByText('No grid bot is running')).toBeVisible();

  await form.getByRole('button', { name: 'Create grid bot' }).click();
  await expect(form.getByText('Enter the lowest price')).toBeVisible();

  const bid = page.locator('.ob-side--buy .ob-row').first();
  const best = Math.floor(Number(((await bid.locator('.ob-cell--price').textContent()) ?? '').replace(/,/g, '')));
  await form.getByRole('textbox', { name: 'Lowest price' }).fill(String(best - 400));
  await form.getByRole('textbox', { name: 'Highest price' }).fill(String(best + 400));
  await form.getByRole('textbox', { name: 'Number of grids' }).fill('4');
  await form.getByRole('textbox', { name: 'Investment (USDT)' }).fill('2000');
  await expect(form.getByText(/Profit per grid \(after fees\)\s*[\d.]+ % – [\d.]+ %/)).toBeVisible();
  // Before starting: what it would have done over the session played so far, through the same engine.
  await form.getByRole('button', { name: 'Backtest on this session' }).click();
  const report = form.getByRole('region', { name: 'Backtest' });
  await expect(report).toContainText(/Over [\d.]+ (h|min) of the recorded session/);
  await expect(report).toContainText(/Fills \/ round trips\s*\d+ \/ \d+/);
  await expect(report).toContainText(/APR \(grid \/ total\)\s*-?[\d.,]+ % \/ -?[\d.,]+ %/);
  // A changed input makes the report go: it spoke of other inputs.
  await form.getByRole('textbox', { name: 'Number of grids' }).fill('3');
  await expect(report).toBeHidden();
  await form.getByRole('textbox', { name: 'Number of grids' }).fill('4');
  await form.getByRole('button', { name: 'Create grid bot' }).click();
  await expect(toast(page, 'Grid bot on BTC/USDT created')).toBeVisible();

  const row = running.locator('tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Running');
  await expect(row).toContainText('4 grids');
  // The bot's buys below the price and sells above it rest in the exchange (not in the user's own order lists).
  await expect.poll(async () => (await exchangeOpenOrders(page)).result.openOrders.length).toBeGreaterThanOrEqual(3);

  // A reload keeps the bot: it is saved with the exchange (the panel opens again from Tools).
  const botId = await row.getAttribute('data-bot-id');
  await page.reload();
  await page.getByRole('tablist', { name: 'Trade or tools' }).getByRole('tab', { name: 'Tools' }).click({ timeout: COLD_START_MS });
  await page.getByRole('list', { name: 'Tools' }).getByRole('button', { name: /^Grid bot/ }).click();
  await expect(row).toHaveAttribute('data-bot-id', botId!);
  await expect(row).toContainText('Running');

  await row.getByRole('button', { name: /^Close grid bot BTCUSDT/ }).click();
  await page.getByRole('dialog', { name: 'Close this grid bot?' }).getByRole('button', { name: 'Close' }).click();
  await expect(toast(page, 'Grid bot closed')).toBeVisible();
  await expect(page.getByText('No grid bot is running')).toBeVisible();
  await page.getByRole('tab', { name: 'Completed' }).click();
  await expect(page.getByRole('table', { name: 'Completed' }).locator('tbody tr')).toContainText('Completed · closed manually');
  expect((await exchangeOpenOrders(page)).result.openOrders).toEqual([]);

  // The back arrow returns the order lists.
  await page.getByRole('button', { name: 'Back to the order lists' }).click();
  await expect(page.getByRole('tablist', { name: 'My orders' })).toBeVisible();
});

test('a demo account has no grid bot', async ({ page }) => {
  await closeTradeGuide(page);
  await signIn(page, 'u-demo', TRADE_PATH);
  await expect(page.getByTestId('order-available')).not.toHaveText(/—/, { timeout: COLD_START_MS });
  await page.getByRole('tablist', { name: 'Trade or tools' }).getByRole('tab', { name: 'Tools' }).click();
  await expect(page.getByRole('list', { name: 'Tools' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Tools' }).getByRole('button', { name: /^Grid bot/ })).toHaveCount(0);
});
