import { expect, test, type Page } from '@playwright/test';
import { replay } from './support/market';
import { closeTradeGuide, COLD_START_MS, toast } from './support/orderForm';
import { signIn } from './support/signIn';

/** Ordering from the chart (issue 20 part 5): the hover limit order and the quick market trade. */
test.describe.configure({ timeout: 90_000 });

const TRADE_PATH = '/en/trade/spot/BTC/USDT';
const openOrders = (page: Page) => page.locator('#orders-panel').getByRole('table', { name: 'Open limit and market orders' });
const plus = (page: Page) => page.getByRole('button', { name: /^Quick limit order at / });
const quickTrade = (page: Page) => page.getByRole('group', { name: 'Quick market trade' });
const priceOf = (name: string) => Number(name.replace(/^Quick limit order at /, '').replace(/,/g, ''));

async function signedIn(page: Page, path = TRADE_PATH): Promise<void> {
  await closeTradeGuide(page);
  await signIn(page, 'u-demo', path);
  await expect(page.getByTestId('order-available')).not.toHaveText(/—/, { timeout: COLD_START_MS });
  await page.mouse.move(0, 0);
  await replay(page, { action: 'pause' });
}

test('hovering the chart puts a plus at the price under the pointer; its dialog checks the quantity and places a limit order there', async ({ page }) => {
  await signedIn(page);
  const chart = (await page.getByTestId('candle-chart').boundingBox())!;
  // Before any hover the plus sits at the last price.
  const last = priceOf((await plus(page).getAttribute('aria-label'))!);
  // Walk the pointer down the chart until the price under it is clearly below the market, so the
  // buy order rests: where the market sits in the pane depends on how far the replay had run.
  let label = (await plus(page).getAttribute('aria-label'))!;
  let price = last;
  for (let share = 0.3; share < 0.95 && price > last * 0.9995; share += 0.05) {
    // Each step is far more than a tick, so the label changes once React has heard of the move. The move is
    // sent again until it has: a first-time tour may open over the chart and take it. A raw mouse move does not
    // run the tour's locator handler; the web-first assertion does (it closes the tour before it checks).
    const before = label;
    const y = chart.y + chart.height * share;
    let nudge = 0;
    await expect(async () => {
      await page.mouse.move(chart.x + chart.width / 3 + (nudge++ % 2), y);
      await expect(plus(page)).not.toHaveAttribute('aria-label', before, { timeout: 1_000 });
    }).toPass({ intervals: [100, 250, 500] });
    label = (await plus(page).getAttribute('aria-label'))!;
    price = priceOf(label);
  }
  expect(price, 'a price under the market somewhere in the chart').toBeLessThan(last * 0.9995);
  const box = (await plus(page).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.up();

  const money = price.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const dialog = page.getByRole('dialog', { name: `Limit order at ${money} USDT` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Buy BTC' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Enter a quantity above 0');
  await expect(dialog.getByRole('textbox', { name: 'Quantity (BTC)' })).toHaveAttribute('aria-invalid', 'true');
  // The order form's own checks follow: more than the balance buys.
  await dialog.getByRole('textbox', { name: 'Quantity (BTC)' }).fill('1000');
  await dialog.getByRole('button', { name: 'Buy BTC' }).click();
  await expect(dialog.getByRole('alert')).not.toHaveText('Enter a quantity above 0');
  await dialog.getByRole('textbox', { name: 'Quantity (BTC)' }).fill('0.5');
  await dialog.getByRole('button', { name: 'Buy BTC' }).click();
  await expect(toast(page, 'Buy order for BTC placed')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(openOrders(page).locator('tr[data-order-id]')).toContainText(money);
});

test('by keyboard: the plus sits at the last price, arrow keys move it by tick, Enter opens the dialog at that price', async ({ page }) => {
  await signedIn(page);
  await plus(page).focus();
  await expect(plus(page)).toHaveAttribute('aria-label', /^Quick limit order at [\d,.]+$/);
  // The first key takes the plus off the last price (which a late ticker push may still nudge);
  // from there on only the keys move it.
  await page.keyboard.press('ArrowUp');
  const start = priceOf((await plus(page).getAttribute('aria-label'))!);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const moved = Math.round((start - 0.03) * 100) / 100;
  const money = moved.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  await expect(plus(page)).toHaveAttribute('aria-label', `Quick limit order at ${money}`);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Limit order at ${money} USDT` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Quantity (BTC)' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('quick market trade buys the typed quantity at the market, and goes when switched off', async ({ page }) => {
  await signedIn(page);
  await replay(page, { action: 'play' });
  const qty = quickTrade(page).getByRole('textbox', { name: 'Quantity (BTC)' });
  await quickTrade(page).getByRole('button', { name: /^Buy BTC/ }).click();
  await expect(quickTrade(page).getByRole('alert')).toHaveText('Enter a quantity above 0');
  await qty.fill('0.001');
  await quickTrade(page).getByRole('button', { name: /^Buy BTC/ }).click();
  await expect(toast(page, /^Buy [\d.]+ BTC on BTC\/USDT filled at/)).toBeVisible();
  await expect(page.getByTestId('execution-markers')).toHaveText('Your fills on this chart: 1 bought, 0 sold');
  await expect(qty).toHaveValue('');

  await page.getByRole('button', { name: 'Display options' }).click();
  await page.getByRole('checkbox', { name: 'Show quick market trade' }).uncheck();
  await expect(quickTrade(page)).toBeHidden();
  await page.getByRole('checkbox', { name: 'Show quick limit order on hover' }).uncheck();
  await expect(plus(page)).toHaveCount(0);
});

test('a banned side is blocked and a pair with a notice asks for it first (BIT/USDT)', async ({ page }) => {
  await signedIn(page, '/en/trade/spot/BIT/USDT');
  await quickTrade(page).getByRole('textbox', { name: 'Quantity (BIT)' }).fill('20');
  await quickTrade(page).getByRole('button', { name: /^Sell BIT/ }).click();
  await expect(quickTrade(page).getByRole('alert')).toHaveText('Selling BIT is suspended on this pair.');
  await quickTrade(page).getByRole('button', { name: /^Buy BIT/ }).click();
  const disclaimer = page.getByRole('dialog', { name: 'BIT disclaimer' });
  await expect(disclaimer).toBeVisible();
  await disclaimer.getByRole('button', { name: 'Cancel' }).click();
  await expect(disclaimer).toBeHidden();
  await expect(toast(page, /BIT/)).toHaveCount(0);
});

test('a visitor is sent to log in, with the way back, by the plus and by the quick trade', async ({ page }) => {
  await closeTradeGuide(page);
  await page.goto(TRADE_PATH);
  await expect(plus(page)).toBeAttached({ timeout: COLD_START_MS });
  await plus(page).focus();
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === '/login');
  expect(new URL(page.url()).searchParams.get('redirect_url')).toBe(TRADE_PATH);

  await page.goto(TRADE_PATH);
  await quickTrade(page).getByRole('button', { name: /^Sell BTC/ }).click({ timeout: COLD_START_MS });
  await page.waitForURL((url) => url.pathname === '/login');
  expect(new URL(page.url()).searchParams.get('redirect_url')).toBe(TRADE_PATH);
});
