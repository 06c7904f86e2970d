import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { replay, replayStatus } from './support/market';
import { closeTradeGuide, orderField, orderForm } from './support/orderForm';
import { signIn } from './support/signIn';

/**
 * One embedded exchange per browser (a shared worker): every tab of a
 * signed-in trader sees the same market and the same orders, a new tab joins
 * the running replay, and the exchange outlives the tab that started it.
 */
test.describe.configure({ timeout: 120_000 });

const TRADE_PATH = '/en/trade/spot/BTC/USDT';
const FIRST_LIST_MS = 30_000;
const panel = (page: Page) => page.locator('#orders-panel');
const openOrders = (page: Page) => panel(page).getByRole('table', { name: 'Open limit and market orders' });
const rowAt = (page: Page, price: string) => openOrders(page).locator('tr', { hasText: price });
/** A push from the exchange reaches a tab in well under this; a tab that only refetched would not. */
const ONE_PUSH_MS = 3_000;

async function placeLimitBuy(page: Page, price: string) {
  await orderForm(page).getByRole('button', { name: 'Limit', exact: true }).click();
  await orderField(page, 'Price').fill(price);
  await orderField(page, 'Quantity').fill('0.01');
  await orderForm(page).getByRole('button', { name: 'Buy BTC' }).click();
  // The form clears once the exchange has taken the order, and stays so: its 2.5 s toast can come and go
  // while a starved machine is still returning from the click (seen after a failover in CI).
  await expect(orderField(page, 'Quantity')).toHaveValue('');
}

async function replayPosition(page: Page): Promise<number> {
  return (await replayStatus(page)).replay.position as number;
}

/** The trader signed in on the trading page, and a second tab of the same browser on it too; both with their first list shown. */
async function openTwoTabs(page: Page, context: BrowserContext): Promise<Page> {
  await closeTradeGuide(page);
  await signIn(page, 'u-uta', TRADE_PATH);
  await expect(panel(page).getByText('No open orders')).toBeVisible({ timeout: FIRST_LIST_MS });
  const second = await context.newPage();
  await closeTradeGuide(second);
  await second.goto(TRADE_PATH);
  await expect(panel(second).getByText('No open orders')).toBeVisible({ timeout: FIRST_LIST_MS });
  return second;
}

test('two tabs of one account trade on one exchange; the second keeps trading when the first closes', async ({ page, context }) => {
  const first = page;
  const second = await openTwoTabs(first, context);

  // One replay clock: the second tab joined the running market, it did not start its own.
  await replay(first, { action: 'pause' });
  const [a, b] = [await replayPosition(first), await replayPosition(second)];
  expect(a).toBeGreaterThan(0);
  expect(b).toBe(a);
  await replay(second, { action: 'resume' });

  // An order placed in one tab shows in the other from the exchange's push.
  await placeLimitBuy(first, '1000');
  await expect(rowAt(second, '1,000.00')).toHaveCount(1, { timeout: ONE_PUSH_MS });
  // Cancelled in the second, gone from the first.
  await rowAt(second, '1,000.00').getByRole('button', { name: /^Cancel Buy order BTC\/USDT/ }).click();
  await expect(rowAt(second, '1,000.00')).toHaveCount(0);
  await expect(rowAt(first, '1,000.00')).toHaveCount(0, { timeout: ONE_PUSH_MS });

  // A reload while another tab is open joins the same running market.
  const beforeReload = await replayPosition(second);
  await second.reload();
  await expect(panel(second).getByText('No open orders')).toBeVisible({ timeout: FIRST_LIST_MS });
  expect(await replayPosition(second)).toBeGreaterThanOrEqual(beforeReload);

  // The tab that started the exchange goes away; the exchange and its market stay for the other.
  const before = await replayPosition(second);
  await first.close();
  await placeLimitBuy(second, '1100');
  await expect(rowAt(second, '1,100.00')).toHaveCount(1);
  expect(await replayPosition(second)).toBeGreaterThanOrEqual(before);
  // The last tab's reload ends the worker (a browser keeps none without a page); the order was on disk,
  // and the new exchange continues the market where it stood instead of replaying it from the start.
  const beforeLastReload = await replayPosition(second);
  await second.reload();
  await expect(rowAt(second, '1,100.00')).toHaveCount(1, { timeout: FIRST_LIST_MS });
  // (The status knows the position once the new exchange has loaded the session again: 0 until then.)
  await expect.poll(() => replayPosition(second), { timeout: FIRST_LIST_MS }).toBeGreaterThanOrEqual(beforeLastReload);
});

test('two tabs placing orders at the same moment lose none of them', async ({ page, context }) => {
  const other = await openTwoTabs(page, context);

  const prices = ['1001', '1002', '1003', '1004', '1005', '1006'];
  const place = (tab: Page, price: string) =>
    tab.evaluate(async (p) => {
      const response = await fetch('/mock/api/exchange/orders', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userId: 'u-uta', symbol: 'BTCUSDT', side: 'Buy', orderType: 'Limit', qty: '0.01', price: p }),
      });
      return ((await response.json()) as { code: number }).code;
    }, price);
  const codes = await Promise.all(prices.map((price, i) => place(i % 2 === 0 ? page : other, price)));
  expect(codes).toEqual(prices.map(() => 0));
  for (const tab of [page, other]) await expect(openOrders(tab).locator('tbody tr')).toHaveCount(prices.length, { timeout: ONE_PUSH_MS });
  // And all of them were on disk before their answers: a fresh tab after both reload finds every one.
  await other.close();
  await page.reload();
  await expect(openOrders(page).locator('tbody tr')).toHaveCount(prices.length, { timeout: FIRST_LIST_MS });
});

test.describe('a browser without SharedWorker', () => {
  test.beforeEach(async ({ context }) => {
    // As in a browser that lacks it: each tab then starts a dedicated worker, and one of them leads.
    await context.addInitScript(() => Object.defineProperty(window, 'SharedWorker', { value: undefined, configurable: true }));
  });

  test('its tabs still trade on one exchange, and the second takes it over when the first closes', async ({ page, context }) => {
    const first = page;
    const second = await openTwoTabs(first, context);
    expect(await second.evaluate(() => typeof SharedWorker)).toBe('undefined');

    // One market: the second tab's calls are answered by the exchange the first tab's worker runs.
    await replay(first, { action: 'pause' });
    expect(await replayPosition(second)).toBe(await replayPosition(first));
    await replay(second, { action: 'resume' });
    await placeLimitBuy(first, '1000');
    await expect(rowAt(second, '1,000.00')).toHaveCount(1, { timeout: ONE_PUSH_MS });

    // The leading tab goes: the second tab's worker boots the exchange from the database and trades on,
    // on the market where it stood.
    const before = await replayPosition(second);
    await first.close();
    await placeLimitBuy(second, '1100');
    await expect(rowAt(second, '1,100.00')).toHaveCount(1);
    await expect(rowAt(second, '1,000.00')).toHaveCount(1);
    // (The status knows the position once the new leader has loaded the session again.)
    await expect.poll(() => replayPosition(second), { timeout: FIRST_LIST_MS }).toBeGreaterThanOrEqual(before);
    await second.reload();
    await expect(rowAt(second, '1,100.00')).toHaveCount(1, { timeout: FIRST_LIST_MS });
    await expect(rowAt(second, '1,000.00')).toHaveCount(1);
  });
});
