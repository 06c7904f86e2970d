import { expect, test, type Page } from '@playwright/test';
import { Decimal } from 'decimal.js';
import { formatDecimal } from '../../src/domain/format';
import { formatBookTotal, rowsPerSide, rowsThatFit, type BookLayout } from '../../src/domain/orderbookRows';
import { fault, REPLAY_START, replay, truthBook, type Book } from './support/market';
import { installClock, runExchangeInPage } from './support/clock';

// This spec drives the page's clock: the exchange runs in the page for all its tests (support/clock.ts).
test.beforeEach(({ context }) => runExchangeInPage(context));

/**
 * Issue 5, order book and latest trades, against the replayed BTCUSDT market
 * on a controlled clock: what the rows show is compared with the exchange's
 * own last pushed mergedDepth book (prices and cumulative totals).
 */
const SYMBOL = 'BTCUSDT';
/** BTCUSDT: quantityPrecision 6, pricePrecision 2 (fixtures/instruments.json). */
const QUANTITY_DECIMALS = 6;
const PRICE_PRECISION = 2;
const LAYOUT_NAMES: Record<BookLayout, string> = {
  stacked: 'Buy and sell orders',
  buy: 'Buy orders only',
  sell: 'Sell orders only',
  split: 'Buy and sell orders side by side',
};
const STEPS = [
  { step: '0.01', dumpScale: 2, priceDecimals: 2 },
  { step: '10', dumpScale: -1, priceDecimals: 0 },
] as const;

const levels = (page: Page) => page.getByTestId('orderbook');
/** The in-page exchange loads the BTCUSDT session first; a busy 2-core machine needs a while. */
const FIRST_BOOK_MS = 45_000;

test.describe.configure({ timeout: 120_000 });

async function openBook(page: Page) {
  await installClock(page, { time: REPLAY_START });
  await page.goto('/en/trade/spot/BTC/USDT');
  await expect(levels(page)).not.toHaveAttribute('data-book-version', '', { timeout: FIRST_BOOK_MS });
}

/** The cells of each shown row, per side, best level first. */
async function renderedRows(page: Page): Promise<{ buy: string[][]; sell: string[][]; height: number }> {
  return levels(page).evaluate((element) => {
    const side = (which: string) => {
      const group = element.querySelector(`.ob-side--${which}`);
      if (!group) return [];
      const rows = [...group.querySelectorAll('.ob-row')].map((row) => [...row.querySelectorAll('.ob-cell')].map((cell) => cell.textContent ?? ''));
      return group.classList.contains('ob-side--reversed') ? rows.reverse() : rows;
    };
    return { buy: side('buy'), sell: side('sell'), height: element.clientHeight };
  });
}

/** What a side must show: truth levels with cumulative amount (or value) from the best one, formatted as the page formats. */
function expectedRows(truthLevels: string[][], count: number, priceDecimals: number, total: 'amount' | 'value'): string[][] {
  let amount = new Decimal(0);
  let value = new Decimal(0);
  return truthLevels.slice(0, count).map(([price = '', quantity = '']) => {
    amount = amount.plus(quantity);
    value = value.plus(new Decimal(price).times(quantity));
    const shownTotal = total === 'amount' ? formatBookTotal(amount.toFixed(), QUANTITY_DECIMALS) : formatBookTotal(value.toFixed(), PRICE_PRECISION);
    return [formatDecimal(price, priceDecimals) ?? '', formatBookTotal(quantity, QUANTITY_DECIMALS), shownTotal];
  });
}

/** Stops the market, lets the last pushes land and waits until the book shows the exchange's last pushed one. */
async function settledTruth(page: Page, dumpScale: number): Promise<Book> {
  await replay(page, { action: 'pause' });
  await page.clock.runFor(700);
  const truth = await truthBook(page, 'mergedDepth', SYMBOL, dumpScale);
  if (!truth) throw new Error('the exchange pushed no book');
  await expect(levels(page)).toHaveAttribute('data-book-version', truth.version);
  return truth;
}

async function chooseStep(page: Page, step: string) {
  await page.getByRole('combobox', { name: 'Price merge step' }).selectOption(step);
}

async function expectBookMatches(page: Page, layout: BookLayout, dumpScale: number, priceDecimals: number, total: 'amount' | 'value' = 'amount') {
  const truth = await settledTruth(page, dumpScale);
  const shown = await renderedRows(page);
  const counts = rowsPerSide(layout, rowsThatFit(shown.height));
  // As many rows as fit the panel (never more than the book has).
  expect(shown.buy).toHaveLength(Math.min(counts.bids, truth.bids.length));
  expect(shown.sell).toHaveLength(Math.min(counts.asks, truth.asks.length));
  expect(shown.buy.length + shown.sell.length).toBeGreaterThan(0);
  // Left-right has no room for the Total column: price and amount only.
  const columns = layout === 'split' ? 2 : 3;
  const expected = (truthLevels: string[][], count: number) => expectedRows(truthLevels, count, priceDecimals, total).map((row) => row.slice(0, columns));
  expect(shown.buy).toEqual(expected(truth.bids, counts.bids));
  expect(shown.sell).toEqual(expected(truth.asks, counts.asks));
  await replay(page, { action: 'resume' });
}

test.describe('order book', () => {
  for (const layout of ['stacked', 'buy', 'sell', 'split'] as const) {
    test(`${layout} layout shows the exchange's book at two merge steps`, async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await openBook(page);
      const button = page.getByRole('button', { name: LAYOUT_NAMES[layout], exact: true });
      await button.click();
      await expect(button).toHaveAttribute('aria-pressed', 'true');
      await expect(levels(page)).toHaveAttribute('data-layout', layout);
      for (const { step, dumpScale, priceDecimals } of STEPS) {
        await chooseStep(page, step);
        await expectBookMatches(page, layout, dumpScale, priceDecimals);
      }
      expect(errors).toEqual([]);
    });
  }

  test('the Total column switches to cumulative value in USDT', async ({ page }) => {
    await openBook(page);
    await page.getByRole('button', { name: 'Show totals in USDT' }).click();
    await expect(page.getByRole('button', { name: 'Show totals in BTC' })).toHaveText('Total(USDT)');
    await expectBookMatches(page, 'stacked', 2, 2, 'value');
  });

  test('the depth ratio compares the amounts of the levels shown', async ({ page }) => {
    await openBook(page);
    const truth = await settledTruth(page, 2);
    const shown = await renderedRows(page);
    const sum = (side: string[][]) => side.slice(0, shown.buy.length).reduce((total, [, quantity = '0']) => total.plus(quantity), new Decimal(0));
    const buy = sum(truth.bids);
    const expectedBuy = buy.times(100).div(buy.plus(sum(truth.asks))).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
    await expect(page.getByTestId('depth-ratio')).toHaveAttribute('aria-label', `Buy ${expectedBuy}%, sell ${100 - expectedBuy}%`);
    await expect(page.getByTestId('depth-ratio')).toContainText(`B ${expectedBuy}%`);
  });

  test('a lost connection shows skeleton rows until a fresh book arrives', async ({ page }) => {
    await openBook(page);
    await fault(page, { kind: 'dropSockets' });
    // The skeleton stands in for the cleared book (the reconnect may already be under way, so the version is not read here).
    await expect(page.getByRole('status', { name: 'Loading order book' })).toBeVisible();
    await page.clock.runFor(6_000);
    await expect(levels(page)).not.toHaveAttribute('data-book-version', '', { timeout: FIRST_BOOK_MS });
    await expect(page.locator('.ob-side--buy .ob-row').first()).toBeVisible();
  });

  test('hovering freezes the book, leaving shows the current one', async ({ page }) => {
    await openBook(page);
    await replay(page, { action: 'pause' });
    await page.clock.runFor(700);
    await levels(page).hover();
    await expect(page.getByTestId('orderbook-paused')).toBeVisible();
    const frozen = await levels(page).getAttribute('data-book-version');
    await replay(page, { action: 'resume' });
    // Several pushes (300 ms each) of a moving market go by under the pointer.
    await page.clock.runFor(3_000);
    const truth = await truthBook(page, 'mergedDepth', SYMBOL, 2);
    expect(truth?.version, 'the market moved meanwhile').not.toBe(frozen);
    await expect(levels(page)).toHaveAttribute('data-book-version', frozen ?? '');
    await page.mouse.move(0, 0);
    await expect(page.getByTestId('orderbook-paused')).toHaveCount(0);
    await expect(levels(page)).not.toHaveAttribute('data-book-version', frozen ?? '');
  });

  test('clicking a row or pressing Enter on it hands its price to the order form', async ({ page }) => {
    await openBook(page);
    const bid = page.locator('.ob-side--buy .ob-row').first();
    // The pointer over the book freezes it, so the row read is the row clicked.
    await bid.hover();
    const price = (await bid.locator('.ob-cell--price').textContent()) ?? '';
    await bid.click();
    await expect(page.getByTestId('picked-price')).toHaveText(`Price ${price} set for the order form`);
    await expect(page.locator('.ob-row[aria-current="true"]').first()).toBeVisible();
    await page.mouse.move(0, 0);
    // Keyboard users get no hover freeze: hold the market still while reading the row.
    await replay(page, { action: 'pause' });
    await page.clock.runFor(700);
    const ask = page.locator('.ob-side--sell .ob-row').last();
    await ask.focus();
    const askPrice = (await ask.locator('.ob-cell--price').textContent()) ?? '';
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('picked-price')).toHaveText(`Price ${askPrice} set for the order form`);
  });

  test('layout and merge step survive a reload', async ({ page }) => {
    await openBook(page);
    await page.getByRole('button', { name: LAYOUT_NAMES.sell, exact: true }).click();
    await chooseStep(page, '10');
    await page.reload();
    await expect(page.getByRole('button', { name: LAYOUT_NAMES.sell, exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('combobox', { name: 'Price merge step' })).toHaveValue('10');
    await expect(levels(page)).toHaveAttribute('data-layout', 'sell');
    await expect(levels(page)).not.toHaveAttribute('data-book-version', '', { timeout: FIRST_BOOK_MS });
    await expectBookMatches(page, 'sell', -1, 0);
  });
});

test.describe('latest trades', () => {
  test('shows at most 40 trades with HH:mm:ss times and taker side colours; a click picks the price', async ({ page }) => {
    await openBook(page);
    await page.getByRole('tab', { name: 'Latest trades' }).click();
    // The replay starts with its session: let more than 40 trades happen, then hold the tape still.
    await page.clock.runFor(20_000);
    await replay(page, { action: 'pause' });
    await page.clock.runFor(700);
    const rows = page.getByTestId('trade-rows').getByRole('row');
    await expect(rows.first()).toBeVisible();
    // The stream keeps 100 (its first push alone carries 60): the tab shows the newest 40.
    await expect(rows).toHaveCount(40);
    const kept = await page.evaluate((symbol) => {
      const client = (window as unknown as { spotRealtimeDebug: { getStore(spec: unknown): { get(): { trades: unknown[] } } } }).spotRealtimeDebug;
      return client.getStore({ topic: 'trade', symbol }).get().trades.length;
    }, SYMBOL);
    expect(kept, 'more trades are kept than shown').toBeGreaterThan(40);
    const cells = await rows.evaluateAll((elements) =>
      elements.map((row) => ({
        side: row.getAttribute('data-side'),
        time: row.querySelector('.trade-cell--time')?.textContent ?? '',
        colour: row.querySelector('.trade-cell--price') ? getComputedStyle(row.querySelector('.trade-cell--price')!).color : 'no price cell',
      })),
    );
    for (const cell of cells) {
      expect(cell.time).toMatch(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/);
      // The dark theme's up / down text colours (--up-text #20b26c, --down-text #f25c60).
      expect(cell.colour).toBe(cell.side === 'buy' ? 'rgb(32, 178, 108)' : 'rgb(242, 92, 96)');
    }
    const first = rows.first();
    const price = (await first.locator('.trade-cell--price').textContent()) ?? '';
    await first.click();
    await page.getByRole('tab', { name: 'Order book' }).click();
    await expect(page.getByTestId('picked-price')).toHaveText(`Price ${price} set for the order form`);
  });
});

test.describe('the last book kept for a start', () => {
  // page.route does not see what a service worker answers.
  test.use({ serviceWorkers: 'block' });
  // Nor what a shared worker asks for: the exchange runs in the page here, so that its session download
  // is the page's own and the test can hold it.
  test.beforeEach(({ context }) => runExchangeInPage(context));

  test('a reload draws the last book dimmed and inert until the live one arrives, then the live one', async ({ page }) => {
    await page.goto('/en/trade/spot/BTC/USDT');
    await expect(levels(page)).not.toHaveAttribute('data-book-version', '', { timeout: FIRST_BOOK_MS });
    const liveAsk = await levels(page).locator('.ob-row--sell').last().getAttribute('data-price');
    // The next start waits for the market's session: held here until the kept book has been looked at.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/BTCUSDT\.jsonl-[^/]*$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.evaluate(() => caches.delete('sessions'));
    await page.reload();

    await expect(levels(page)).toHaveAttribute('data-stale', 'true', { timeout: FIRST_BOOK_MS });
    await expect(page.getByRole('status').filter({ hasText: 'Last known book · waiting for live prices' })).toBeVisible();
    // The rows the page showed as it unloaded (kept on pagehide), readable but not offered as prices to trade at.
    const keptAsk = await page.evaluate(() => (JSON.parse(localStorage.getItem('SPOT_kept_books_v1') ?? '[]') as { book: { asks: [string, string][] } }[])[0]?.book.asks[0]?.[0]);
    await expect(levels(page).locator('.ob-row--sell').last()).toHaveAttribute('data-price', keptAsk!);
    expect(Math.abs(Number(keptAsk) / Number(liveAsk) - 1)).toBeLessThan(0.01);
    // inert: neither a click nor the keyboard reaches a kept row.
    expect(await levels(page).evaluate((el) => (el as HTMLElement).inert)).toBe(true);
    expect(await levels(page).locator('.ob-row').first().evaluate((row) => ((row as HTMLElement).focus(), document.activeElement === row))).toBe(false);
    await expect(levels(page)).toHaveAttribute('data-book-version', '');

    release();
    await expect(levels(page)).not.toHaveAttribute('data-book-version', '', { timeout: FIRST_BOOK_MS });
    await expect(levels(page)).not.toHaveAttribute('data-stale', /./);
    await expect(page.getByText('Last known book · waiting for live prices')).toHaveCount(0);
    expect(await levels(page).evaluate((el) => (el as HTMLElement).inert)).toBe(false);
  });
});
