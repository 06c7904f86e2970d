import { expect, test, type Page } from '@playwright/test';
import { Decimal } from 'decimal.js';
import { formatDecimal } from '../../src/domain/format';
import { formatBookTotal } from '../../src/domain/orderbookRows';
import { control, REPLAY_START, replay, truthBook, type Book } from './support/market';
import { installClock, runExchangeInPage } from './support/clock';

// This spec drives the page's clock: the exchange runs in the page for all its tests (support/clock.ts).
test.beforeEach(({ context }) => runExchangeInPage(context));

/**
 * Issue 7 in the built demo app: the exchange engine runs in the page's
 * embedded backend on the replayed market. A demo account's resting order is
 * part of the order book every client sees, its fills print in the public
 * trade tape, and its lock shows in the account's balances. Orders are placed
 * through the engine's test controls (/mock/api/exchange), as the order form
 * is a later issue.
 */
const SYMBOL = 'BTCUSDT';
const USER = 'u-demo';
const QUANTITY_DECIMALS = 6;
const levels = (page: Page) => page.getByTestId('orderbook');

test.describe.configure({ timeout: 120_000 });

async function openPausedBook(page: Page): Promise<Book> {
  await installClock(page, { time: REPLAY_START });
  await page.goto('/en/trade/spot/BTC/USDT');
  await expect(levels(page)).not.toHaveAttribute('data-book-version', '', { timeout: 45_000 });
  return settled(page);
}

/** Holds the recorded market still and waits until the page shows the exchange's last pushed book. */
async function settled(page: Page): Promise<Book> {
  await replay(page, { action: 'pause' });
  await page.clock.runFor(700);
  const truth = await truthBook(page, 'mergedDepth', SYMBOL, 2);
  if (!truth) throw new Error('the exchange pushed no book');
  await expect(levels(page)).toHaveAttribute('data-book-version', truth.version);
  return truth;
}

const qtyAt = (book: Book, side: 'bids' | 'asks', price: string) => new Decimal(book[side].find(([p]) => new Decimal(p ?? '0').eq(price))?.[1] ?? '0');

async function buyRowQuantity(page: Page, price: string): Promise<string | null> {
  const shown = formatDecimal(price, 2);
  return levels(page).evaluate((element, wanted) => {
    for (const row of element.querySelectorAll('.ob-side--buy .ob-row')) {
      const cells = [...row.querySelectorAll('.ob-cell')].map((cell) => cell.textContent ?? '');
      if (cells[0] === wanted) return cells[1] ?? null;
    }
    return null;
  }, shown);
}

async function account(page: Page): Promise<{ openOrders: Array<Record<string, string>>; balances: Array<Record<string, string>> }> {
  return page.evaluate(async (userId) => ((await (await fetch(`/mock/api/exchange/account?userId=${userId}`)).json()) as { result: never }).result, USER);
}

test('a demo limit order joins the order book with its lock, and leaves it when cancelled', async ({ page }) => {
  const before = await openPausedBook(page);
  const bestBid = new Decimal(before.bids[0]![0]!);
  // Five ticks under the touch: on the book's visible rows, and not marketable.
  const price = bestBid.minus('0.05').toFixed(2);
  const recorded = qtyAt(before, 'bids', price);

  const placed = await control(page, '/mock/api/exchange/orders', { userId: USER, symbol: SYMBOL, side: 'Buy', orderType: 'Limit', price, qty: '0.5' });
  expect(placed.success, JSON.stringify(placed)).toBe(true);
  const order = placed.result as Record<string, string>;
  expect(order.status).toBe('New');

  const withOrder = await settled(page);
  expect(qtyAt(withOrder, 'bids', price).toFixed(), 'the level holds the recording plus the order').toBe(recorded.plus('0.5').toFixed());
  await expect.poll(() => buyRowQuantity(page, price)).toBe(formatBookTotal(recorded.plus('0.5').toFixed(), QUANTITY_DECIMALS));

  const held = await account(page);
  expect(held.openOrders.map((o) => [o.orderId, o.price, o.origQty, o.status])).toEqual([[order.orderId, price, '0.500000', 'New']]);
  const usdt = held.balances.find((b) => b.tokenId === 'USDT')!;
  expect(usdt.locked, 'price × quantity is locked').toBe(new Decimal(price).times('0.5').toFixed());

  const cancelled = await control(page, '/mock/api/exchange/cancel', { userId: USER, orderId: order.orderId });
  expect((cancelled.result as Record<string, string>).status).toBe('Cancelled');
  const after = await settled(page);
  expect(qtyAt(after, 'bids', price).toFixed()).toBe(recorded.toFixed());
  const released = await account(page);
  expect(released.openOrders).toEqual([]);
  expect(released.balances.find((b) => b.tokenId === 'USDT')!.locked).toBe('0');
});

test('a demo market sell fills against the recorded bids and prints in the latest trades', async ({ page }) => {
  // The tape must hold a recorded trade before the market is held still: on a slow run the book showed (and the
  // replay was paused) before the session's first trade, and a paused market never prints one.
  await installClock(page, { time: REPLAY_START });
  await page.goto('/en/trade/spot/BTC/USDT');
  await expect(levels(page)).not.toHaveAttribute('data-book-version', '', { timeout: 45_000 });
  await page.getByRole('tab', { name: 'Latest trades' }).click();
  await expect(page.getByTestId('trade-rows').getByRole('row').first()).toBeVisible({ timeout: 45_000 });
  await page.getByRole('tab', { name: 'Order book' }).click();
  const before = await settled(page);
  const [bestBid = '', bidQty = '0'] = before.bids[0]!;
  expect(new Decimal(bidQty).gte('0.001'), 'the best bid can take the sale').toBe(true);
  await page.getByRole('tab', { name: 'Latest trades' }).click();
  // The page's clock is fake: trades that reached the page after settled() ran it wait for it to move again
  // before they are drawn, so it moves while we wait (on a slow machine they came late and never showed).
  await expect
    .poll(async () => {
      await page.clock.runFor(100);
      return page.getByTestId('trade-rows').getByRole('row').count();
    })
    .toBeGreaterThan(0);

  const sold = await control(page, '/mock/api/exchange/orders', { userId: USER, symbol: SYMBOL, side: 'Sell', orderType: 'Market', qty: '0.001' });
  expect(sold.success, JSON.stringify(sold)).toBe(true);
  // The order meets the book after the exchange's entry latency, on its next pump.
  await page.clock.runFor(700);

  const newest = page.getByTestId('trade-rows').getByRole('row').first();
  await expect(newest.locator('.trade-cell--price')).toHaveText(formatDecimal(bestBid, 2)!);
  await expect(newest).toHaveAttribute('data-side', 'sell');
  await expect(newest).toContainText('0.001000');

  const after = await account(page);
  const btc = after.balances.find((b) => b.tokenId === 'BTC')!;
  expect(btc.total, '1 BTC less the 0.001 sold').toBe('0.999');
  const usdt = after.balances.find((b) => b.tokenId === 'USDT')!;
  const proceeds = new Decimal(bestBid).times('0.001');
  expect(usdt.total, 'the proceeds less the 0.1 % taker fee').toBe(new Decimal('100000').plus(proceeds.minus(proceeds.times('0.001'))).toFixed());
  // What the sale took is off the book until the recording changes that level.
  await page.getByRole('tab', { name: 'Order book' }).click();
  const book = await settled(page);
  expect(qtyAt(book, 'bids', bestBid).toFixed()).toBe(new Decimal(bidQty).minus('0.001').toFixed());
});
