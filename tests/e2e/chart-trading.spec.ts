import { expect, test, type Page } from '@playwright/test';
import { replay } from './support/market';
import { closeTradeGuide, COLD_START_MS, marketBuy, orderField, orderForm, toast } from './support/orderForm';
import { signIn } from './support/signIn';

/** The trader's own trading on the chart (issue 20): execution marks. */
test.describe.configure({ timeout: 90_000 });

const TRADE_PATH = '/en/trade/spot/BTC/USDT';


interface ChartProbe {
  chart: {
    timeScale(): { timeToCoordinate(t: number): number | null };
    panes(): Array<{
      getSeries(): Array<{
        data(): ReadonlyArray<{ time: number; low?: number; value?: number }>;
        priceToCoordinate(p: number): number | null;
        priceLines(): Array<{ options(): { price: number; title: string } }>;
      }>;
    }>;
  };
  /** the trader overlays keep the marks they were given (a private field, read here only to find the marked bar) */
  overlays: { markers: ReadonlyArray<{ time: number; side: string }> };
}

/**
 * Where the low of the bar carrying the first buy mark is drawn, in page
 * pixels, measured now (the demo build exposes its chart as
 * window.spotChartDebug). Measured again on each try: the page may still
 * reflow after a fill (the orders panel, a scrollbar), moving the chart.
 */
const markedBarLow = (page: Page) =>
  page.evaluate(() => {
    const c = (window as unknown as { spotChartDebug: ChartProbe }).spotChartDebug;
    const mark = c.overlays.markers.find((m) => m.side === 'Buy');
    const series = c.chart.panes()[0]!.getSeries()[0]!;
    const bar = mark && series.data().find((b) => b.time * 1000 === mark.time);
    if (!bar) return null;
    const x = c.chart.timeScale().timeToCoordinate(bar.time);
    const y = series.priceToCoordinate(bar.low ?? bar.value ?? 0);
    const box = document.querySelector('[data-testid="candle-chart"]')!.getBoundingClientRect();
    return x === null || y === null ? null : { x: box.left + x, y: box.top + y };
  });

test('a fill puts a buy mark on its candle; hovering the mark shows its price, quantity, fee and time', async ({ page }) => {
  await closeTradeGuide(page);
  await signIn(page, 'u-demo', TRADE_PATH);
  await expect(page.getByTestId('order-available')).not.toHaveText(/—/, { timeout: COLD_START_MS });
  await expect(page.getByTestId('execution-markers')).toHaveCount(0);

  await marketBuy(page, '500');
  await expect(toast(page, /^Buy [\d.]+ BTC on BTC\/USDT filled at/)).toBeVisible();
  await expect(page.getByTestId('execution-markers')).toHaveText('Your fills on this chart: 1 bought, 0 sold');
  // Held still, so the mark stays where it was measured.
  await replay(page, { action: 'pause' });

  const card = page.getByRole('tooltip').filter({ hasText: 'Bought · fills: 1' });
  // The mark sits under the bar's low: try the few pixels below it until the chart reports it hovered
  // (each position given a moment: the hover reaches the card through the chart's event and a render).
  await expect(async () => {
    const low = await markedBarLow(page);
    expect(low, 'the marked bar is on the chart').not.toBeNull();
    for (const dy of [8, 12, 16, 20, 24, 28]) {
      await page.mouse.move(low!.x, low!.y + dy);
      if (await card.waitFor({ state: 'visible', timeout: 400 }).then(() => true, () => false)) return;
    }
    throw new Error(`no mark under the bar at ${JSON.stringify(low)}`);
  }).toPass({ timeout: 20_000 });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Avg. price');
  await expect(card).toContainText(/Quantity\s*0\.00\d+/);
  await expect(card).toContainText(/Fee\s*[\d.]+ BTC/);
  await expect(card).toContainText(/Time\s*\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);

  // A click on the mark opens the deal history with the mark's fills marked.
  await page.mouse.down();
  await page.mouse.up();
  const deals = page.getByRole('dialog', { name: 'Trade info' });
  await expect(deals).toBeVisible();
  const marked = deals.locator('tbody tr[aria-current="true"]');
  await expect(marked.first()).toContainText(/^Buy · Market/);
  await expect(deals.getByRole('columnheader')).toHaveText(['Order type', 'Deal price', 'Quantity', 'Filled value', 'Trading fee', 'Transaction time']);
  await page.keyboard.press('Escape');
  await expect(deals).toBeHidden();
  await page.mouse.move(0, 0);
  await expect(card).toBeHidden();

  // By keyboard: the marks' summary is a button that opens the same history.
  await page.getByTestId('execution-markers').focus();
  await page.keyboard.press('Enter');
  await expect(deals).toBeVisible();
  await expect(deals.locator('tbody tr')).not.toHaveCount(0);
});

/** The last bar's low price; 0 until the chart has drawn its bars. */
const lastLow = (page: Page) =>
  page.evaluate(() => {
    const bars = (window as unknown as { spotChartDebug?: ChartProbe }).spotChartDebug?.chart.panes()[0]?.getSeries()[0]?.data() ?? [];
    return bars[bars.length - 1]?.low ?? 0;
  });

/** The average and order lines the chart's price series draws (a unified account's position line and grid ranges left out): titles and prices. */
const priceLines = (page: Page) =>
  page.evaluate(() => {
    const c = (window as unknown as { spotChartDebug: ChartProbe }).spotChartDebug;
    return c.chart.panes()[0]!.getSeries()[0]!.priceLines().map((l) => l.options()).map((o) => ({ title: o.title, price: o.price })).filter((l) => !/^(Position|Grid) /.test(l.title));
  });

test('the average buy line appears once switched on, at the average of the buys, and goes when switched off', async ({ page }) => {
  await closeTradeGuide(page);
  await signIn(page, 'u-demo', TRADE_PATH);
  await expect(page.getByTestId('order-available')).not.toHaveText(/—/, { timeout: COLD_START_MS });
  await marketBuy(page, '500');
  // Found and read in one step: the toast leaves after 2.5 s, and a starved machine can take that long between two.
  const filled = await page.waitForFunction(
    () => Array.from(document.querySelectorAll('[role="status"]'), (e) => e.textContent ?? '').find((text) => /^Buy [\d.]+ BTC on BTC\/USDT filled at/.test(text)),
    undefined,
    { polling: 100 },
  );
  const fillPrice = Number(String(await filled.jsonValue()).replace(/.* filled at /, '').replace(/,/g, ''));

  await page.getByRole('button', { name: 'Display options' }).click();
  const buyLine = page.getByRole('checkbox', { name: 'Average buy price line' });
  await buyLine.check();
  await expect.poll(() => priceLines(page)).toEqual([{ title: 'Avg buy · 30 days', price: expect.any(Number) }]);
  const [line] = await priceLines(page);
  // One buy: its average is its own price (the toast shows it at the pair's decimals).
  expect(Math.abs(line!.price - fillPrice)).toBeLessThan(0.02);

  await page.getByRole('combobox', { name: 'Average buy line period' }).selectOption({ label: '1 year' });
  await expect.poll(() => priceLines(page)).toEqual([{ title: 'Avg buy · 1 year', price: line!.price }]);
  await buyLine.uncheck();
  await expect.poll(() => priceLines(page)).toEqual([]);
});

test('an open order is a line on the chart at its price, labelled with side, kind and quantity; it goes when cancelled or switched off', async ({ page }) => {
  await closeTradeGuide(page);
  await signIn(page, 'u-demo', TRADE_PATH);
  await expect(page.getByTestId('order-available')).not.toHaveText(/—/, { timeout: COLD_START_MS });
  // Resting a little under the market, where the chart shows it (lines far off the view are not drawn).
  await expect.poll(() => lastLow(page)).toBeGreaterThan(0);
  const price = Math.floor(await lastLow(page)) - 100;
  await orderField(page, 'Price').fill(price.toFixed(2));
  await orderField(page, 'Quantity').fill('0.5');
  await orderForm(page).getByRole('button', { name: 'Buy BTC' }).click();
  await expect(toast(page, 'Buy order for BTC placed')).toBeVisible();
  // The line keeps its price on the axis; its handle carries the label.
  await expect.poll(() => priceLines(page)).toEqual([{ title: '', price }]);
  await expect(page.getByTestId('order-line-handles').getByRole('button', { name: /^Buy Limit 0\.500000 at / })).toHaveText('Buy Limit 0.500000');

  await page.getByRole('button', { name: 'Display options' }).click();
  const entrust = page.getByRole('checkbox', { name: 'Show entrust orders' });
  await entrust.uncheck();
  await expect.poll(() => priceLines(page)).toEqual([]);
  await entrust.check();
  await expect.poll(() => priceLines(page)).toHaveLength(1);
  await page.keyboard.press('Escape');

  await page.locator('#orders-panel').getByRole('button', { name: /^Cancel Buy order BTC\/USDT/ }).click();
  await expect(toast(page, 'Order cancelled')).toBeVisible();
  await expect.poll(() => priceLines(page)).toEqual([]);
});
