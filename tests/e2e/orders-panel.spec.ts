import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { control } from './support/market';
import { closeTradeGuide } from './support/orderForm';
import { signIn } from './support/signIn';

/** The positions-and-orders panel: a signed-in user's open orders, cancel, cancel-all and history; a visitor's log-in prompt. */
test.describe.configure({ timeout: 90_000 });

const TRADE_PATH = '/en/trade/spot/BTC/USDT';
const RESTING_BUY = { userId: 'u-uta', symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.01', price: '1000' };

/** The orders panel's tab content (the panel body is labelled by the selected tab). */
const panel = (page: Page) => page.locator('#orders-panel');
/** The first list answers once the in-page exchange has started its markets: on a loaded 2-core CI machine that can pass 15 s. */
const FIRST_LIST_MS = 45_000;
const openOrders = (page: Page) => panel(page).getByRole('table', { name: 'Open limit and market orders' });

async function placeResting(page: Page, extra: Record<string, string | number | undefined> = {}): Promise<string> {
  const answer = await control(page, '/mock/api/exchange/orders', { ...RESTING_BUY, ...extra });
  expect(answer).toMatchObject({ code: 0 });
  return (answer.result as { orderId: string }).orderId;
}

test('a signed-in user sees a resting order, cancels it from its row and finds it cancelled in the history', async ({ page }) => {
  await closeTradeGuide(page);
  await signIn(page, 'u-uta', TRADE_PATH);
  await expect(panel(page).getByText('No open orders')).toBeVisible({ timeout: FIRST_LIST_MS });
  const orderId = await placeResting(page);

  const row = openOrders(page).locator(`tr[data-order-id="${orderId}"]`);
  await expect(row).toBeVisible();
  await expect(row).toContainText('BTC/USDT');
  await expect(row).toContainText('Buy');
  await expect(row).toContainText('1,000.00');
  await expect(row).toContainText('Open');

  const cancel = row.getByRole('button', { name: /^Cancel Buy order BTC\/USDT 0\.01\d* at 1,000\.00$/ });
  await cancel.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Order cancelled' })).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(panel(page).getByText('No open orders')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel all' })).toBeDisabled();

  await page.getByRole('tab', { name: 'Order history' }).click();
  const history = panel(page).getByRole('table', { name: 'Finished orders' });
  const finished = history.locator(`tr[data-order-id="${orderId}"]`);
  await expect(finished).toContainText('Cancelled');
  await panel(page).getByRole('button', { name: 'Last 30 days' }).click();
  await expect(panel(page).getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(finished).toContainText('Cancelled');
});

test('cancel all asks first, then cancels every open order', async ({ page }) => {
  await closeTradeGuide(page);
  await signIn(page, 'u-uta', TRADE_PATH);
  // The empty list answering means the in-page exchange is up for the control calls.
  await expect(panel(page).getByText('No open orders')).toBeVisible({ timeout: FIRST_LIST_MS });
  const first = await placeResting(page);
  const second = await placeResting(page, { price: '1100' });
  await expect(openOrders(page).locator('tbody tr')).toHaveCount(2);

  const cancelAll = panel(page).getByRole('button', { name: 'Cancel all' });
  await cancelAll.click();
  const dialog = page.getByRole('dialog', { name: 'Cancel all orders?' });
  await expect(dialog).toContainText('All 2 open limit and market orders');
  // Keeping them changes nothing.
  await dialog.getByRole('button', { name: 'Keep orders' }).click();
  await expect(dialog).toBeHidden();
  await expect(openOrders(page).locator('tbody tr')).toHaveCount(2);

  await cancelAll.click();
  await dialog.getByRole('button', { name: 'Cancel all' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Operation successful' })).toBeVisible();
  await expect(panel(page).getByText('No open orders')).toBeVisible();
  await expect(cancelAll).toBeDisabled();

  await page.getByRole('tab', { name: 'Order history' }).click();
  const history = panel(page).getByRole('table', { name: 'Finished orders' });
  for (const id of [first, second]) await expect(history.locator(`tr[data-order-id="${id}"]`)).toContainText('Cancelled');
});

test('a visitor still sees the log-in prompt in every orders tab', async ({ page }) => {
  await closeTradeGuide(page);
  await page.goto(TRADE_PATH);
  await expect(panel(page)).toContainText('Log in or sign up to see your orders.');
  await page.getByRole('tab', { name: 'Order history' }).click();
  await expect(panel(page)).toContainText('Log in or sign up to see your orders.');
  await expect(panel(page).getByRole('table')).toHaveCount(0);
});

test('sub-tabs: a stop-limit order lists under Stop-limit only, and its cancel-all leaves the conditional order; OCO is offered to this account', async ({ page }) => {
  await closeTradeGuide(page);
  await signIn(page, 'u-uta', TRADE_PATH);
  await expect(panel(page).getByText('No open orders')).toBeVisible({ timeout: FIRST_LIST_MS });
  // A plan order needs the market's price (its trigger side is read from it): wait for the book.
  await expect(page.locator('.ob-side--buy .ob-row').first()).toBeVisible();
  const plan = { orderType: 'Limit', price: '200000', triggerPrice: '200000', qty: '0.001' };
  const stopLimit = await placeResting(page, { ...plan, planType: 8 } as unknown as Record<string, string>);
  const conditional = await placeResting(page, { ...plan, planType: 1 } as unknown as Record<string, string>);

  const subTabs = panel(page).getByRole('tablist', { name: 'Order kinds' });
  await expect(subTabs.getByRole('tab')).toHaveText(['Limit & market', 'Stop-limit', 'Conditional', 'OCO']);
  await subTabs.getByRole('tab', { name: 'Stop-limit' }).click();
  const stopRows = panel(page).getByRole('table', { name: 'Open stop-limit orders' }).locator('tr[data-order-id]');
  await expect(stopRows).toHaveCount(1);
  await expect(stopRows).toHaveAttribute('data-order-id', stopLimit);
  await subTabs.getByRole('tab', { name: 'Conditional' }).click();
  const conditionalRows = panel(page).getByRole('table', { name: 'Open conditional orders' }).locator('tr[data-order-id]');
  await expect(conditionalRows).toHaveCount(1);
  await expect(conditionalRows).toHaveAttribute('data-order-id', conditional);

  await subTabs.getByRole('tab', { name: 'Stop-limit' }).click();
  await panel(page).getByRole('button', { name: 'Cancel all' }).click();
  await page.getByRole('dialog', { name: 'Cancel all orders?' }).getByRole('button', { name: 'Cancel all' }).click();
  await expect(stopRows).toHaveCount(0);
  await subTabs.getByRole('tab', { name: 'Conditional' }).click();
  await expect(conditionalRows).toHaveCount(1);
});

test('a demo account has no OCO sub-tab', async ({ page }) => {
  await closeTradeGuide(page);
  await signIn(page, 'u-demo', TRADE_PATH);
  await expect(panel(page).getByText('No open orders')).toBeVisible({ timeout: FIRST_LIST_MS });
  await expect(panel(page).getByRole('tablist', { name: 'Order kinds' }).getByRole('tab')).toHaveText(['Limit & market', 'Stop-limit', 'Conditional']);
});

test('with "Ask before cancelling all" turned off, cancel all cancels at once', async ({ page }) => {
  await closeTradeGuide(page);
  await signIn(page, 'u-standard', TRADE_PATH);
  await expect(panel(page).getByText('No open orders')).toBeVisible({ timeout: FIRST_LIST_MS });
  await page.getByRole('button', { name: 'Trade preferences' }).click();
  const ask = page.getByRole('checkbox', { name: 'Ask before cancelling all orders' });
  await expect(ask).toBeChecked();
  await ask.uncheck();
  await expect(ask).not.toBeChecked();
  await page.keyboard.press('Escape');

  await placeResting(page, { userId: 'u-standard' });
  await expect(openOrders(page).locator('tbody tr')).toHaveCount(1);
  await panel(page).getByRole('button', { name: 'Cancel all' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Operation successful' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Cancel all orders?' })).toBeHidden();
  await expect(panel(page).getByText('No open orders')).toBeVisible();
});

test('"Show all pairs" off: the lists keep to the page\'s pair, cancel all leaves other pairs, and the choice survives a reload', async ({ page }) => {
  await closeTradeGuide(page);
  await signIn(page, 'u-uta', TRADE_PATH);
  await expect(panel(page).getByText('No open orders')).toBeVisible({ timeout: FIRST_LIST_MS });
  const btc = await placeResting(page);
  const eth = await placeResting(page, { symbol: 'ETHUSDT', price: '100' });
  const rows = openOrders(page).locator('tr[data-order-id]');
  await expect(rows).toHaveCount(2);

  const allPairs = panel(page).getByRole('checkbox', { name: 'Show all pairs' });
  await expect(allPairs).toBeChecked();
  await allPairs.uncheck();
  await expect(rows).toHaveCount(1);
  await expect(rows).toHaveAttribute('data-order-id', btc);
  await page.reload();
  await expect(rows).toHaveCount(1, { timeout: FIRST_LIST_MS });
  await expect(allPairs).not.toBeChecked();

  await panel(page).getByRole('button', { name: 'Cancel all' }).click();
  await page.getByRole('dialog', { name: 'Cancel all orders?' }).getByRole('button', { name: 'Cancel all' }).click();
  await expect(panel(page).getByText('No open orders')).toBeVisible();
  await allPairs.check();
  await expect(rows).toHaveCount(1);
  await expect(rows).toHaveAttribute('data-order-id', eth);
});

test('past 100 orders: every open order is listed (long lists render a window of rows), and the history pages on with Load more', async ({ page }) => {
  // 105 durable orders, a reload and a cancel of all: 1.0 min in the green run of 2026-11-28 noon, over its 90 s twice in the slower afternoon run.
  test.slow();
  await closeTradeGuide(page);
  await signIn(page, 'u-uta', TRADE_PATH);
  await expect(panel(page).getByText('No open orders')).toBeVisible({ timeout: FIRST_LIST_MS });
  const placed = await page.evaluate(async (order) => {
    const ids: string[] = [];
    for (let i = 0; i < 105; i++) {
      const answer = await (await fetch('/mock/api/exchange/orders', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...order, price: String(1000 + i) }) })).json();
      if (answer.code !== 0) throw new Error(`order ${i}: ${JSON.stringify(answer)}`);
      ids.push(answer.result.orderId);
    }
    return ids;
  }, RESTING_BUY);
  expect(placed).toHaveLength(105);
  await page.reload();
  // 105 orders and the header row; only the rows in and near view are in the document.
  await expect(openOrders(page)).toHaveAttribute('aria-rowcount', '106', { timeout: FIRST_LIST_MS });
  const rows = openOrders(page).locator('tr[data-order-id]');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeLessThan(105);
  // Newest first: the first order placed is the last row, reached by scrolling the panel to its end.
  const oldest = openOrders(page).locator(`tr[data-order-id="${placed[0]}"]`);
  await expect(oldest).toHaveCount(0);
  await panel(page).evaluate((body) => body.scrollTo({ top: body.scrollHeight }));
  await expect(oldest).toBeVisible();
  await expect(oldest).toHaveAttribute('aria-rowindex', '106');
  await expect(oldest).toContainText('1,000.00');

  await panel(page).getByRole('button', { name: 'Cancel all' }).click();
  await page.getByRole('dialog', { name: 'Cancel all orders?' }).getByRole('button', { name: 'Cancel all' }).click();
  await expect(panel(page).getByText('No open orders')).toBeVisible();
  await page.getByRole('tab', { name: 'Order history' }).click();
  const finished = panel(page).getByRole('table', { name: 'Finished orders' });
  await expect(finished).toHaveAttribute('aria-rowcount', '101');
  await panel(page).getByRole('button', { name: 'Load more' }).click();
  await expect(finished).toHaveAttribute('aria-rowcount', '106');
  await expect(panel(page).getByRole('button', { name: 'Load more' })).toHaveCount(0);
});

test('Export CSV downloads the list as shown', async ({ page }) => {
  await closeTradeGuide(page);
  await signIn(page, 'u-uta', TRADE_PATH);
  await expect(panel(page).getByText('No open orders')).toBeVisible({ timeout: FIRST_LIST_MS });
  const exportButton = panel(page).getByRole('button', { name: 'Export CSV' });
  await expect(exportButton).toBeDisabled();
  const orderId = await placeResting(page);
  await expect(openOrders(page).locator(`tr[data-order-id="${orderId}"]`)).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
  expect(download.suggestedFilename()).toMatch(/^orders-current-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '').trim().split('\r\n');
  expect(lines[0]).toBe('Pair,Time,Side,Type,Trigger price,Price,Qty,Filled,Avg. price,Status');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(/^BTC\/USDT,\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},Buy,Limit,,1000\.00,0\.010000,0\.000000,0,Open$/);
});

test('a unified account sees its coins under Assets, and repays a spot-margin loan under Borrowing', async ({ page }) => {
  await closeTradeGuide(page);
  await signIn(page, 'u-uta', TRADE_PATH);
  await expect(panel(page).getByText('No open orders')).toBeVisible({ timeout: FIRST_LIST_MS });
  await page.getByRole('tab', { name: 'Assets' }).click();
  const assets = panel(page).getByRole('table', { name: 'Your coin balances' });
  await expect(assets.locator('tr[data-coin="USDT"]')).toContainText('100,000');
  await expect(assets.locator('tr[data-coin="BTC"]')).toContainText('1');

  // A margin sell of 1.5 BTC resting far above the market borrows the 0.5 BTC the account lacks.
  const answers = await page.evaluate(async () => {
    const post = async (path: string, body: unknown) =>
      (await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json();
    // Spot margin goes on only after the leverage confirmation and the quiz (spot-margin.spec does them on the page).
    await post('/unified/api/spot_margin/confirm', {});
    await post('/unified/api/spot_margin/quiz', { answers: { loss: 'multiplied', owe: 'loanAndInterest', liquidation: 'liquidated' } });
    const margin = await post('/unified/api/spot_margin/settings', { spotMargin: true });
    const order = await post('/spot/api/order/create', { symbol_id: 'BTCUSDT', side: 'Sell', type: 'limit', price: '200000', quantity: '1.5', is_leverage: true });
    return [margin.code, order.code, order.result?.orderId];
  });
  expect(answers.slice(0, 2)).toEqual([0, 0]);
  await page.getByRole('tab', { name: 'Borrowing' }).click();
  const loan = panel(page).getByRole('table', { name: 'Your spot-margin loans' }).locator('tr[data-coin="BTC"]');
  await expect(loan).toContainText('0.5');

  // The borrowed coins are held by the order: cancel it, then repay from the free balance.
  await page.evaluate(async (orderId) => {
    await fetch('/spot/api/order/cancel', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ order_id: orderId }) });
  }, answers[2]);
  await loan.getByRole('button', { name: /^Repay 0\.5/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Repay this loan?' });
  await dialog.getByRole('button', { name: 'Repay' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Repaid 0\.5\d* BTC$/ })).toBeVisible();
  await expect(panel(page).getByText('Nothing borrowed')).toBeVisible();
});

test('a classic account has Assets but no Borrowing tab', async ({ page }) => {
  await closeTradeGuide(page);
  await signIn(page, 'u-standard', TRADE_PATH);
  await expect(panel(page).getByText('No open orders')).toBeVisible({ timeout: FIRST_LIST_MS });
  await expect(page.getByRole('tab', { name: 'Assets' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Borrowing' })).toHaveCount(0);
});

test('a unified account: trailing stops have their own tab with an editable distance; Open order and Positions list the integrated views; links out name the full lists', async ({ page }) => {
  await closeTradeGuide(page);
  await signIn(page, 'u-uta', TRADE_PATH);
  await expect(panel(page).getByText('No open orders')).toBeVisible({ timeout: FIRST_LIST_MS });
  await expect(panel(page).getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/user/assets/order/fed/spot-current-orders/active');
  // A market trailing stop needs the pair's price (170143 before it traded): the lists can answer before the market's session has loaded.
  await expect(page.getByTestId('header-last-price')).toBeVisible({ timeout: FIRST_LIST_MS });
  const trailing = await placeResting(page, { side: 'Sell', orderType: 'Market', price: undefined, planType: 4, activationPrice: '900000', trailingPercentage: '1.5' });

  await page.getByRole('tab', { name: 'Trailing stop' }).click();
  const row = panel(page).getByRole('table', { name: 'Open trailing stop orders' }).locator(`tr[data-order-id="${trailing}"]`);
  await expect(row).toContainText('900,000.00');
  await expect(row).toContainText('1.50%');
  await expect(panel(page).getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/user/assets/order/fed/spot-current-orders/conditional');
  await row.getByRole('button', { name: /^Edit Sell order BTC\/USDT/ }).click();
  const distance = row.getByRole('textbox', { name: 'New Trailing distance' });
  await distance.fill('25');
  await distance.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: '0.1' })).toBeVisible();
  await distance.fill('2.5');
  await distance.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Order modified' })).toBeVisible();
  await expect(row).toContainText('2.50%');

  // Under Current orders, Conditional no longer lists the trailing stop.
  await page.getByRole('tab', { name: 'Current orders' }).click();
  await panel(page).getByRole('tab', { name: 'Conditional' }).click();
  await expect(panel(page).getByText('No open orders')).toBeVisible();

  await page.getByRole('tab', { name: 'Open order' }).click();
  await expect(panel(page).getByRole('table', { name: 'Open orders of every market' }).locator(`tr[data-order-id="${trailing}"]`)).toContainText('Spot');
  await page.getByRole('tab', { name: 'Positions' }).click();
  await expect(panel(page).getByRole('table', { name: 'Spot positions' }).locator('tr[data-coin="BTC"]')).toBeVisible();
  await page.getByRole('tab', { name: 'Order history' }).click();
  await expect(panel(page).getByRole('link', { name: 'Performance' })).toHaveAttribute('href', '/user/assets/home/performance?tab=spot');
});
