import { expect, test, type Page } from '@playwright/test';
import { REPLAY_START } from './support/market';
import { closeTradeGuide, COLD_START_MS } from './support/orderForm';
import { signIn } from './support/signIn';
import { matching, recordToasts } from './support/toasts';
import { installClock, runExchangeInPage } from './support/clock';

// This spec drives the page's clock: the exchange runs in the page for all its tests (support/clock.ts).
test.beforeEach(({ context }) => runExchangeInPage(context));

/**
 * Leveraged-token orders end on the exchange 3 s after they are taken
 * (issue 22 part 3, docs/api/lt.md): the lt_order / user.lt.order push is
 * toasted once (spec 2 §4) and the order shows in the Subscription or
 * Redemption records (spec 2 §2), which demo and non-compliant accounts do
 * not have (§6).
 */
test.describe.configure({ timeout: 120_000 });

const TRADE_PATH = '/en/trade/spot/BTC/USDT';
const SYMBOL = 'BTC3LUSDT';
const ordersTabs = (page: Page) => page.getByRole('tablist', { name: 'My orders' });
const ordersPanel = (page: Page) => page.locator('#orders-panel');

interface Answer {
  code: number;
  result?: { orderId: string; status: number };
}

/** An LT call as the page makes it: same origin, the session cookie sent with it. */
const ltCall = (page: Page, path: string, body?: unknown): Promise<Answer> =>
  page.evaluate(
    async ([p, b]) => {
      const init: RequestInit = b === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) };
      return (await (await fetch(p as string, init)).json()) as Answer;
    },
    [path, body] as const,
  );

async function openSignedIn(page: Page, userId: string): Promise<void> {
  // A controlled clock: the 3 s of processing pass when the test says so.
  await installClock(page, { time: REPLAY_START });
  await closeTradeGuide(page);
  await signIn(page, userId, TRADE_PATH);
  await expect(page.getByTestId('order-available')).not.toHaveText(/—/, { timeout: COLD_START_MS });
}

async function openRecords(page: Page, kind: 'Subscription records' | 'Redemption records') {
  await ordersTabs(page).getByRole('tab', { name: 'LT records', exact: true }).click();
  await ordersPanel(page).getByRole('tablist', { name: 'Record type' }).getByRole('tab', { name: kind }).click();
  return ordersPanel(page).getByRole('table', { name: kind });
}

test('a 150 USDT subscription of BTC3L is toasted from its push and listed done; a redemption likewise', async ({ page }) => {
  const toasts = await recordToasts(page);
  await openSignedIn(page, 'u-uta');
  const available = page.getByTestId('order-available');
  const before = await available.textContent();

  const subscribed = await ltCall(page, '/spot/api/lt/v1/subscribe', { symbolId: SYMBOL, amount: '150' });
  expect(subscribed).toMatchObject({ code: 0, result: { status: 2 } });
  const subscriptionId = subscribed.result!.orderId;

  // Listed at once as in progress (from the created push, or the list's first read).
  const subscriptions = await openRecords(page, 'Subscription records');
  const subscriptionRow = subscriptions.locator(`tr[data-lt-order-id="${subscriptionId}"]`);
  await expect(subscriptionRow).toBeVisible();
  await expect(subscriptionRow).toContainText(/150(\.0+)? USDT/);

  await page.clock.runFor(3_500);
  await expect(subscriptionRow.locator('td').last()).toHaveText('Done');
  // The push comes on lt_order and on user.lt.order: one toast.
  await expect.poll(async () => matching(await toasts(), /^Subscribed 150(\.0+)? USDT to BTC3L: received [\d,.]+ BTC3L$/)).toHaveLength(1);
  expect(matching(await toasts(), /^Subscribed 150/)).toHaveLength(1);
  await expect(subscriptionRow).toContainText(/[\d.]+ BTC3L/);
  await expect(available).not.toHaveText(before ?? '');
  await expect(ordersPanel(page).getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/user/assets/order/fed/spot-lt-order/subscription');

  // Every range holds today's order.
  const ranges = ordersPanel(page).getByRole('group', { name: 'Time range' });
  for (const days of [30, 180, 7]) {
    await ranges.getByRole('button', { name: `Last ${days} days` }).click();
    await expect(ranges.getByRole('button', { name: `Last ${days} days` })).toHaveAttribute('aria-pressed', 'true');
    await expect(subscriptionRow).toBeVisible();
    await expect(subscriptionRow.locator('td').last()).toHaveText('Done');
  }

  // Redeem 20 of the ~31 tokens received (20 is the contract's minRedeem).
  const redeemed = await ltCall(page, '/spot/api/lt/v1/redeem', { symbolId: SYMBOL, quantity: '20' });
  expect(redeemed).toMatchObject({ code: 0, result: { status: 2 } });
  await page.clock.runFor(3_500);
  await expect.poll(async () => matching(await toasts(), /^Redeemed 20(\.0+)? BTC3L: received [\d,.]+ USDT$/)).toHaveLength(1);
  const redemptions = await openRecords(page, 'Redemption records');
  const redemptionRow = redemptions.locator(`tr[data-lt-order-id="${redeemed.result!.orderId}"]`);
  await expect(redemptionRow.locator('td').last()).toHaveText('Done');
  await expect(redemptionRow).toContainText(/20(\.0+)? BTC3L/);
  await expect(redemptionRow).toContainText(/[\d,.]+ USDT/);
  await expect(ordersPanel(page).getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/user/assets/order/fed/spot-lt-order/redemption');
  // The subscription is not a redemption.
  await expect(redemptions.locator(`tr[data-lt-order-id="${subscriptionId}"]`)).toHaveCount(0);
});

test('demo and non-compliant accounts have no LT records tab, and the exchange keeps the list from them', async ({ page }) => {
  await openSignedIn(page, 'u-demo');
  await expect(ordersTabs(page).getByRole('tab', { name: 'Trade history' })).toBeVisible();
  await expect(ordersTabs(page).getByRole('tab', { name: 'LT records' })).toHaveCount(0);
  expect(await ltCall(page, '/spot/api/lt/v1/orders?orderType=1&days=7')).toMatchObject({ code: 176011 });

  await page.context().clearCookies();
  await signIn(page, 'u-eaa', TRADE_PATH);
  await expect(ordersTabs(page).getByRole('tab', { name: 'Trade history' })).toBeVisible({ timeout: COLD_START_MS });
  await expect(ordersTabs(page).getByRole('tab', { name: 'LT records' })).toHaveCount(0);
});
