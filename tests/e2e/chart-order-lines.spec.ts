import { expect, test, type Page } from '@playwright/test';
import { heldBestBid } from './support/market';
import { closeTradeGuide, COLD_START_MS, orderField, orderForm, toast } from './support/orderForm';
import { signIn } from './support/signIn';

/** Moving and cancelling an order from its line on the chart (issue 20 part 4): drag, keys, the hint dialog, refusals. */
test.describe.configure({ timeout: 90_000 });

const TRADE_PATH = '/en/trade/spot/BTC/USDT';
const openOrders = (page: Page) => page.locator('#orders-panel').getByRole('table', { name: 'Open limit and market orders' });
const money = (price: number) => price.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const handle = (page: Page) => page.getByTestId('order-line-handles').getByRole('button', { name: /^Buy Limit 0\.500000/ });

interface SeriesProbe {
  priceToCoordinate(p: number): number | null;
  coordinateToPrice(y: number): number | null;
  priceLines(): Array<{ options(): { price: number } }>;
}
const series = `(window.spotChartDebug.chart.panes()[0].getSeries()[0])`;

/** The prices of the order lines the chart draws. */
const linePrices = (page: Page) => page.evaluate(`${series}.priceLines().map((l) => l.options().price)`) as Promise<number[]>;

/** Where a price is drawn, in page pixels from the top. */
const pageY = (page: Page, price: number) =>
  page.evaluate(
    ({ at }) => {
      const s = (window as unknown as { spotChartDebug: { chart: { panes(): Array<{ getSeries(): SeriesProbe[] }> } } }).spotChartDebug.chart.panes()[0]!.getSeries()[0]!;
      const y = s.priceToCoordinate(at);
      return y === null ? null : document.querySelector('[data-testid="candle-chart"]')!.getBoundingClientRect().top + y;
    },
    { at: price },
  );

/** Signs in, holds the market still and rests a 0.5 BTC buy at `below` under the best bid; that price. */
async function restBuy(page: Page, below: number, path = TRADE_PATH): Promise<{ price: number; best: number }> {
  await closeTradeGuide(page);
  await signIn(page, 'u-demo', path);
  await expect(page.locator('#orders-panel').getByText('No open orders')).toBeVisible({ timeout: COLD_START_MS });
  // Pauses the replay and waits until the book frames already on their way have landed.
  const best = Number(await heldBestBid(page));
  const price = Math.round((best - below) * 100) / 100;
  await orderField(page, 'Price').fill(price.toFixed(2));
  await orderField(page, 'Quantity').fill('0.5');
  await orderForm(page).getByRole('button', { name: 'Buy BTC' }).click();
  await expect(toast(page, 'Buy order for BTC placed')).toBeVisible();
  await expect(openOrders(page).locator('tr[data-order-id]')).toContainText(money(price));
  await expect.poll(() => linePrices(page)).toEqual([price]);
  await expect(handle(page)).toBeVisible();
  return { price, best };
}

/** Presses the handle, moves the pointer to page height `y` in steps, and lets go. */
async function dragHandleTo(page: Page, y: number): Promise<void> {
  const box = (await handle(page).boundingBox())!;
  const x = box.x + box.width / 2;
  await page.mouse.move(x, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(x, y, { steps: 8 });
  await page.mouse.up();
}

test('dragging a limit buy line down moves the order to the price dropped on: the line, the row and the exchange agree', async ({ page }) => {
  const { price } = await restBuy(page, 30);
  const from = (await pageY(page, price))!;
  await dragHandleTo(page, from + 40);
  await expect(toast(page, 'Order modified')).toBeVisible();
  const [moved] = await linePrices(page);
  expect(moved).toBeLessThan(price);
  // On the tick, and what the row and the exchange hold.
  expect(Math.round(moved! * 100) / 100).toBe(moved);
  await expect(openOrders(page).locator('tr[data-order-id]')).toContainText(money(moved!));
  const orders = await page.evaluate(async () => (await (await fetch('/mock/api/exchange/account?userId=u-demo')).json()) as { result: { openOrders: Array<{ price: string }> } });
  expect(orders.result.openOrders.map((o) => Number(o.price))).toEqual([moved]);
});

test('a line dragged above the market asks first; Back puts the line and the order where they were', async ({ page }) => {
  const { price, best } = await restBuy(page, 30);
  const above = (await pageY(page, best * 1.002))!;
  await dragHandleTo(page, Math.max(above, 5));
  const hint = page.getByRole('dialog', { name: 'Modify this order?' });
  await expect(hint).toContainText('The new buy price is above the market price');
  await hint.getByRole('button', { name: 'Back' }).click();
  await expect(hint).toBeHidden();
  await expect.poll(() => linePrices(page)).toEqual([price]);
  await expect(openOrders(page).locator('tr[data-order-id]')).toContainText(money(price));
});

test('by keyboard: arrow keys move the line by ticks, Escape puts it back, Enter sends, and the order moves in the book', async ({ page }) => {
  const { price, best } = await restBuy(page, 0.05);
  await handle(page).focus();
  await page.keyboard.press('ArrowUp');
  await expect.poll(() => linePrices(page)).toEqual([Math.round((price + 0.01) * 100) / 100]);
  await page.keyboard.press('Escape');
  await expect.poll(() => linePrices(page)).toEqual([price]);

  const target = Math.round((best - 0.02) * 100) / 100;
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowUp');
  await expect.poll(() => linePrices(page)).toEqual([target]);
  await page.keyboard.press('Enter');
  // The paused ticker's last trade can sit under the held best bid: then the hint asks first, and Modify sends.
  const hint = page.getByRole('dialog', { name: 'Modify this order?' });
  await expect(hint.or(toast(page, 'Order modified')).first()).toBeVisible();
  if (await hint.isVisible()) await hint.getByRole('button', { name: 'Modify' }).click();
  // A pointer left over the order book (where the dialog was) would freeze it.
  await page.mouse.move(0, 0);
  await expect(toast(page, 'Order modified')).toBeVisible();
  await expect(openOrders(page).locator('tr[data-order-id]')).toContainText(money(target));
  const level = page.locator('.ob-side--buy .ob-row').filter({ has: page.locator('.ob-cell--price', { hasText: new RegExp(`^${money(target)}$`) }) });
  await expect(level.getByRole('img', { name: 'Your order: 0.5' })).toBeVisible();
});

test('a modify the exchange refuses puts the line back at the order price', async ({ page }) => {
  const { price } = await restBuy(page, 30, `${TRADE_PATH}?mockFault=/spot/api/order/modify:error:1`);
  await handle(page).focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expect.poll(() => linePrices(page)).toEqual([price]);
  await expect(openOrders(page).locator('tr[data-order-id]')).toContainText(money(price));
});

test("the line's cancel button cancels the order", async ({ page }) => {
  await restBuy(page, 30);
  await page.getByRole('button', { name: /^Cancel Buy Limit 0\.500000 at / }).click();
  await expect(toast(page, 'Order cancelled')).toBeVisible();
  await expect.poll(() => linePrices(page)).toEqual([]);
  await expect(page.locator('#orders-panel').getByText('No open orders')).toBeVisible();
});
