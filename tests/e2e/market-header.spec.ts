import { expect, test, type Page } from '@playwright/test';
import { REPLAY_START } from './support/market';
import { signIn } from './support/signIn';
import { COLD_START_MS } from './support/orderForm';
import { installClock, pauseClockSoon, runExchangeInPage } from './support/clock';

// This spec drives the page's clock: the exchange runs in the page for all its tests (support/clock.ts).
test.beforeEach(({ context }) => runExchangeInPage(context));

// First loads wait for the in-page exchange to load its session: allow for a loaded CI machine.
test.describe.configure({ timeout: 120_000 });


async function openPage(page: Page, path = '/en/trade/spot/BTC/USDT') {
  await installClock(page, { time: REPLAY_START });
  await page.goto(path);
  await expect(page.getByTestId('header-last-price')).toBeVisible({ timeout: 45_000 });
}

const marketList = (page: Page) => page.getByRole('dialog', { name: 'Markets' });
const symbolButton = (page: Page) => page.getByRole('heading', { level: 1 }).getByRole('button');

async function rowTexts(page: Page): Promise<string[]> {
  return marketList(page).locator('[data-market-row] .market-list__pair').allTextContents();
}

test.describe('market header (spec 1 §2.4)', () => {
  test('the market list opens on hover, searches, switches quote tabs, sorts, and closes 300 ms after the pointer leaves', async ({ page }) => {
    await openPage(page);
    await symbolButton(page).hover();
    const list = marketList(page);
    await expect(list).toBeVisible();
    // Rows carry live prices and signed changes.
    const btcRow = list.locator('li', { hasText: 'BTC/USDT' });
    await expect(btcRow.locator('.market-list__change')).toHaveText(/^[+-]\d+\.\d{2}%$/);
    expect(await rowTexts(page)).toContain('ETH/USDT');

    await list.getByRole('searchbox', { name: 'Search markets' }).fill('sol');
    await expect.poll(() => rowTexts(page)).toEqual(['SOL/USDT']);
    await list.getByRole('searchbox').fill('');

    await list.getByRole('button', { name: 'BTC', exact: true }).click();
    await expect.poll(() => rowTexts(page)).toEqual(['ETH/BTC']);
    await list.getByRole('button', { name: 'USDT', exact: true }).click();

    // Sorting by change, descending first: the shown changes are in order (rows without a change last).
    await list.getByRole('button', { name: 'Sort by 24h change' }).click();
    await expect(list.getByRole('button', { name: 'Sort by 24h change' })).toHaveAttribute('aria-pressed', 'true');
    const changes = (await list.locator('.market-list__change').allTextContents()).filter((c) => c !== '—').map((c) => Number.parseFloat(c));
    expect(changes.length).toBeGreaterThan(3);
    expect([...changes].sort((a, b) => b - a)).toEqual(changes);

    // Leaving starts the 300 ms close timer; coming back in time keeps it open.
    const box = await symbolButton(page).boundingBox();
    if (!box) throw new Error('no symbol button');
    // The page clock runs with real time until paused: pause it to count the 300 ms exactly.
    await pauseClockSoon(page);
    await page.mouse.move(1300, 800);
    await page.clock.runFor(200);
    await expect(list).toBeVisible();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 2 });
    await page.clock.runFor(400);
    await expect(list).toBeVisible();
    await page.mouse.move(1300, 800);
    await page.clock.runFor(310);
    await expect(list).toBeHidden();
  });

  test('the market list works by keyboard and selecting a pair opens it', async ({ page }) => {
    await openPage(page);
    await symbolButton(page).focus();
    await page.keyboard.press('ArrowDown');
    const list = marketList(page);
    await expect(list.getByRole('searchbox')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(symbolButton(page)).toBeFocused();

    await page.keyboard.press('Enter');
    await page.keyboard.type('eth');
    await page.keyboard.press('ArrowDown');
    await expect(list.locator('[data-market-row]').first()).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/en\/trade\/spot\/ETH\/USDT$/);
    await expect(page.getByRole('heading', { name: 'ETH/USDT', level: 1 })).toBeVisible();
  });

  test('a visitor stars a pair: it shows under Favorites and survives a reload (SPOT_favorite)', async ({ page }) => {
    await openPage(page);
    await symbolButton(page).click();
    const list = marketList(page);
    await list.getByRole('button', { name: 'Add SOL/USDT to favorites' }).click();
    await expect(list.getByRole('button', { name: 'Remove SOL/USDT from favorites' })).toHaveAttribute('aria-pressed', 'true');
    await list.getByRole('button', { name: 'Favorites', exact: true }).click();
    await expect.poll(() => rowTexts(page)).toEqual(['SOL/USDT']);
    expect(await page.evaluate(() => localStorage.getItem('SPOT_favorite'))).toBe('["SOLUSDT"]');

    await page.reload();
    await expect(page.getByTestId('header-last-price')).toBeVisible({ timeout: 45_000 });
    await symbolButton(page).click();
    await marketList(page).getByRole('button', { name: 'Favorites', exact: true }).click();
    await expect.poll(() => rowTexts(page)).toEqual(['SOL/USDT']);
  });

  test('a signed-in user stars a pair on the server, not in local storage', async ({ page }) => {
    await signIn(page, 'u-uta');
    await openPage(page);
    // A user who never read the guide gets it first (then, a unified account, the leverage switch's tour).
    await page.getByRole('dialog', { name: 'How to trade on this page' }).getByRole('button', { name: 'Skip' }).click();
    await page.addLocatorHandler(page.locator('dialog.tour[open]'), () => page.keyboard.press('Escape'), { noWaitAfter: true });
    await symbolButton(page).click();
    await marketList(page).getByRole('button', { name: 'Add XRP/USDT to favorites' }).click();
    await expect(marketList(page).getByRole('button', { name: 'Remove XRP/USDT from favorites' })).toBeVisible();
    await expect
      .poll(() => page.evaluate(async () => ((await (await fetch('/spot/api/user/favorites')).json()) as { result: { list: string[] } }).result.list))
      .toEqual(['XRPUSDT']);
    expect(await page.evaluate(() => localStorage.getItem('SPOT_favorite'))).toBeNull();

    await page.reload();
    await expect(page.getByTestId('header-last-price')).toBeVisible({ timeout: 45_000 });
    await symbolButton(page).click();
    await marketList(page).getByRole('button', { name: 'Favorites', exact: true }).click();
    await expect.poll(() => rowTexts(page)).toEqual(['XRP/USDT']);
  });

  test('statistics hide or show by the width the header has', async ({ page }) => {
    await openPage(page);
    const stats = page.getByRole('definition').locator('xpath=..').locator('xpath=..');
    const shown = () => page.locator('.header-stats [data-stat]').evaluateAll((els) => els.map((e) => e.getAttribute('data-stat')));
    await expect.poll(shown).toEqual(expect.arrayContaining(['high', 'low', 'turnover']));
    await page.setViewportSize({ width: 2600, height: 900 });
    await expect.poll(shown).toEqual(['lastPrice', 'change', 'high', 'low', 'volume', 'turnover']);
    await page.setViewportSize({ width: 1080, height: 900 });
    await expect.poll(async () => (await shown()).length).toBeLessThan(6);
    expect(stats).toBeTruthy();
    await expect(page.getByText('24h high')).toBeVisible();
  });

  test('the liquidity-shield link needs the compliance flag, a compensated symbol and a non-demo account', async ({ page }) => {
    await openPage(page);
    const shield = page.getByRole('link', { name: 'Liquidity shield' });
    await expect(shield).toHaveAttribute('href', '/liquidity-shield-trading-frenzy/');
    await page.goto('/en/trade/spot/XRP/USDT');
    await expect(page.getByTestId('header-last-price')).toBeVisible({ timeout: 45_000 });
    await expect(shield).toHaveCount(0);
  });

  test('no liquidity shield for a demo account or on the EU site', async ({ page }) => {
    await signIn(page, 'u-demo');
    await openPage(page, '/en/trade/spot/BTC/USDT?mockSite=eu');
    await expect(page.getByRole('button', { name: 'Trade guide' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Liquidity shield' })).toHaveCount(0);
    await page.context().clearCookies();
    await page.reload();
    await expect(page.getByTestId('header-last-price')).toBeVisible({ timeout: 45_000 });
    await expect(page.getByRole('link', { name: 'Liquidity shield' })).toHaveCount(0);
  });

  test('the trade guide opens once for a new signed-in user; closing marks it read on the server', async ({ page }) => {
    await signIn(page, 'u-standard');
    await openPage(page);
    const guide = page.getByRole('dialog', { name: 'How to trade on this page' });
    await expect(guide).toBeVisible();
    await expect(guide).toContainText('Step 1 of 3');
    await guide.getByRole('button', { name: 'Next' }).click();
    await expect(guide).toContainText('Read the order book');
    await guide.getByRole('button', { name: 'Skip' }).click();
    await expect(guide).toBeHidden();
    await expect
      .poll(() => page.evaluate(async () => ((await (await fetch('/spot/api/user/preferences')).json()) as { result: { values: Record<string, string> } }).result.values))
      .toMatchObject({ spot_new_user_trade_guide: 'read' });
    await page.reload();
    // A reload is a cold start: the preferences come once the in-page exchange is up again.
    await expect(page.getByRole('button', { name: 'Trade guide' })).toHaveAttribute('data-guide-state', 'read', { timeout: COLD_START_MS });
    await expect(guide).toBeHidden();
    // Still there on demand, to the last step.
    await page.getByRole('button', { name: 'Trade guide' }).click();
    for (let i = 0; i < 2; i++) await guide.getByRole('button', { name: 'Next' }).click();
    await guide.getByRole('button', { name: 'Finish' }).click();
    await expect(guide).toBeHidden();
  });

  test('a visitor is never shown the guide unasked', async ({ page }) => {
    await openPage(page);
    await expect(page.getByRole('button', { name: 'Trade guide' })).toHaveAttribute('data-guide-state', 'unknown');
    await expect(page.getByRole('dialog', { name: 'How to trade on this page' })).toBeHidden();
  });

  test('the page title carries the last price with an arrow and the symbol', async ({ page }) => {
    await openPage(page);
    const price = (await page.getByTestId('header-last-price').textContent())?.trim() ?? '';
    await expect(page).toHaveTitle(/^[\d,]+\.\d{2} [↑↓] BTC\/USDT \| Spot Trading$/);
    expect(price).toMatch(/^[\d,]+\.\d{2}$/);
  });
});
