import { expect, test, type Page } from '@playwright/test';
import { control, REPLAY_START } from './support/market';
import { signIn } from './support/signIn';
import { COLD_START_MS } from './support/orderForm';
import { installClock, runExchangeInPage } from './support/clock';

// This spec drives the page's clock: the exchange runs in the page for all its tests (support/clock.ts).
test.beforeEach(({ context }) => runExchangeInPage(context));

/** Footer bar (spec 1 §2.7): favorites and recents, the rewards hub, the route picker and the help chat. */

const CHANGE = /^([+-]\d+\.\d{2}|0\.00)%$/;

async function open(page: Page, path = '/en/trade/spot/BTC/USDT') {
  await installClock(page, { time: REPLAY_START });
  await page.goto(path);
  // The first load parses a market session in-page; on a busy machine that takes a while.
  await expect(footer(page)).toBeVisible({ timeout: 20_000 });
}

const footer = (page: Page) => page.locator('#footer-bar');
const strip = (page: Page, name: 'Favorites' | 'Recent') => footer(page).getByRole('region', { name });
const stripNames = (page: Page, name: 'Favorites' | 'Recent') => strip(page, name).locator('.footer-symbol__name');
const routeButton = (page: Page) => footer(page).getByRole('button', { name: /Server route/ });

interface Line {
  id: string;
  served: number;
}

async function lines(page: Page): Promise<Line[]> {
  return page.evaluate(async () => ((await (await fetch('/mock/api/routes')).json()) as { result: { list: Line[] } }).result.list);
}

test.describe('favorites and recents', () => {
  test('a visitor sees the favorites of SPOT_favorite with their 24 h change; a click selects; they survive a reload', async ({ page }) => {
    await open(page);
    await expect(strip(page, 'Favorites')).toContainText('No favorites yet');
    // The header's star is another part's work: seed the visitor's list the way it stores it (an unknown id is skipped).
    await page.evaluate(() => localStorage.setItem('SPOT_favorite', JSON.stringify(['ETHUSDT', 'NOPEUSDT', 'SOLUSDT'])));
    await page.reload();
    await expect(stripNames(page, 'Favorites')).toHaveText(['ETH/USDT', 'SOL/USDT']);
    const eth = strip(page, 'Favorites').getByRole('button', { name: /ETH\/USDT/ });
    await expect(eth.locator('.footer-symbol__change')).toHaveText(CHANGE, { timeout: 30_000 });

    await eth.click();
    await expect(page).toHaveURL('/en/trade/spot/ETH/USDT');
    await expect(eth).toHaveAttribute('aria-current', 'page');

    await page.reload();
    await expect(stripNames(page, 'Favorites')).toHaveText(['ETH/USDT', 'SOL/USDT']);
    // Keyboard: Enter on a focused item selects it too.
    await strip(page, 'Favorites').getByRole('button', { name: /SOL\/USDT/ }).press('Enter');
    await expect(page).toHaveURL('/en/trade/spot/SOL/USDT');
  });

  test('a signed-in user sees the server favorites, not the local ones', async ({ page }) => {
    await signIn(page, 'u-uta');
    await open(page);
    const saved = await page.evaluate(async () => {
      localStorage.setItem('SPOT_favorite', JSON.stringify(['SOLUSDT']));
      const response = await fetch('/spot/api/user/favorites', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ symbolIds: ['XRPUSDT', 'ETHUSDT'] }),
      });
      return ((await response.json()) as { result: { list: string[] } }).result.list;
    });
    expect(saved).toEqual(['XRPUSDT', 'ETHUSDT']);
    await page.reload();
    await expect(stripNames(page, 'Favorites')).toHaveText(['XRP/USDT', 'ETH/USDT']);
    await expect(strip(page, 'Favorites').getByRole('button', { name: /SOL\/USDT/ })).toHaveCount(0);
  });

  test('recents list the symbols opened, most recent first, and survive a reload', async ({ page }) => {
    await open(page, '/en/trade/spot/ETH/USDT');
    await expect(stripNames(page, 'Recent')).toHaveText(['ETH/USDT']);
    await page.goto('/en/trade/spot/BTC/USDT');
    // The visit is recorded once the symbol list confirms the pair (a first load parses a session in-page):
    // the cold-start budget of a page load (issue 25); in the CI run of 898dca0 the strip filled just after 20 s.
    await expect(stripNames(page, 'Recent')).toHaveText(['BTC/USDT', 'ETH/USDT'], { timeout: COLD_START_MS });
    await expect(strip(page, 'Recent').getByRole('button', { name: /BTC\/USDT/ })).toHaveAttribute('aria-current', 'page');
    await page.reload();
    await expect(stripNames(page, 'Recent')).toHaveText(['BTC/USDT', 'ETH/USDT'], { timeout: COLD_START_MS });
  });
});

test.describe('rewards hub', () => {
  /** The page has loaded the account and the site config once the route picker measured a line and the strips are ready. */
  async function settled(page: Page) {
    // Called right after a page load: the cold-start budget (issue 25); once in CI the probe was still measuring at 15 s.
    await expect(routeButton(page)).toContainText(/\d+ ms/, { timeout: COLD_START_MS });
    await expect(strip(page, 'Recent')).toContainText('BTC/USDT');
  }

  test('a visitor on the global site sees it; it opens in a new tab', async ({ page }) => {
    await open(page);
    const link = footer(page).getByRole('link', { name: /Rewards Hub/ });
    await expect(link).toHaveAttribute('href', '/rewards-hub');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener');
  });

  for (const userId of ['u-demo', 'u-eaa']) {
    test(`${userId} does not see it`, async ({ page }) => {
      await signIn(page, userId);
      await open(page);
      await settled(page);
      await expect(footer(page).getByRole('link', { name: /Rewards Hub/ })).toHaveCount(0);
    });
  }

  test('a signed-in regular user sees it, the EU site shows it to nobody', async ({ page }) => {
    await signIn(page, 'u-standard');
    await open(page);
    await expect(footer(page).getByRole('link', { name: /Rewards Hub/ })).toBeVisible();
    await page.goto('/en/trade/spot/BTC/USDT?mockSite=eu');
    await settled(page);
    await expect(footer(page).getByRole('link', { name: /Rewards Hub/ })).toHaveCount(0);
  });
});

test.describe('route picker', () => {
  test('colours slow and failing lines, Auto picks the fastest usable one, the choice persists and carries the REST calls', async ({ page }) => {
    await open(page);
    await expect(routeButton(page)).toContainText(/Auto.*\d+ ms/, { timeout: 15_000 });
    // Line 1 fails (counts as 15000 ms), line 2 is slow, line 3 sits at the warn threshold, line 4 becomes instant.
    // A probe can only measure more than a line's latency (never less), so 'danger' for line 2 and 'not success' for
    // line 3 hold on any machine; exact warn timing is left to the unit tests of the colouring rule (no timed e2e assertions).
    await control(page, '/mock/api/routes', { line: 1, fail: true });
    await control(page, '/mock/api/routes', { line: 2, latencyMs: 2000 });
    await control(page, '/mock/api/routes', { line: 3, latencyMs: 500 });
    await control(page, '/mock/api/routes', { line: 4, latencyMs: 0 });

    await routeButton(page).click();
    const list = page.getByRole('listbox', { name: 'Server routes' });
    await expect(list).toBeFocused();
    const option = (name: RegExp) => list.getByRole('option', { name });
    const level = (name: RegExp) => option(name).locator('.route-latency');
    await expect(option(/^Route 1/)).toContainText('15000 ms');
    await expect(level(/^Route 1/)).toHaveAttribute('data-level', 'danger');
    await expect(level(/^Route 2/)).toHaveAttribute('data-level', 'danger', { timeout: 15_000 });
    await expect(level(/^Route 3/)).toHaveAttribute('data-level', /warn|danger/, { timeout: 15_000 });
    // Line 4 answers at once, but a busy machine can stretch any probe: its colour is the unit tests' business;
    // here it must be the fastest, and Auto must pick it and show its colour.
    await expect(option(/^Auto/)).toContainText('Auto · Route 4', { timeout: 15_000 });
    // One reading of the whole list: a probe that lands between two readings would compare two different moments.
    const texts = await list.getByRole('option').evaluateAll((options) => options.map((o) => o.textContent ?? ''));
    const ms = (name: RegExp) => Number(/(\d+) ms/.exec(texts.find((t) => name.test(t)) ?? '')?.[1]);
    expect(texts.find((t) => t.startsWith('Auto'))).toContain('Route 4');
    expect(ms(/^Route 4/)).toBeLessThan(ms(/^Route 2/));
    await expect(routeButton(page).locator('.route-latency')).toHaveAttribute('data-level', (await level(/^Route 4/).getAttribute('data-level')) ?? 'missing');
    await expect(option(/^Auto/)).toHaveAttribute('aria-selected', 'true');

    // Escape closes and gives focus back.
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(routeButton(page)).toBeFocused();

    // Keyboard choice: ArrowDown opens; three down from Auto is Route 3; Enter picks it.
    await page.keyboard.press('ArrowDown');
    await expect(list).toBeFocused();
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(list).toBeHidden();
    await expect(routeButton(page)).toBeFocused();
    await expect(routeButton(page)).toContainText('Route 3');

    // The page's REST calls now go through line 3.
    const before = (await lines(page)).find((l) => l.id === 'line-3')?.served ?? 0;
    await footer(page).getByRole('button', { name: 'Customer service' }).click();
    await page.getByRole('button', { name: 'Trading fees' }).click();
    await expect(page.getByRole('log', { name: 'Conversation' })).toContainText('0.1 %');
    expect((await lines(page)).find((l) => l.id === 'line-3')?.served).toBeGreaterThan(before);

    // After a reload (a fresh exchange) the choice holds and every call from the start used line 3 only.
    await page.reload();
    // The line is measured again after the reload (probes of up to 1.3 s each, slower on a loaded machine).
    await expect(routeButton(page)).toContainText('Route 3', { timeout: 20_000 });
    await expect(stripNames(page, 'Recent')).toHaveText(['BTC/USDT']);
    const served = await lines(page);
    expect(served.find((l) => l.id === 'line-3')?.served).toBeGreaterThan(0);
    expect(served.filter((l) => l.id !== 'line-3').map((l) => l.served)).toEqual([0, 0, 0]);
  });
});

test.describe('customer service', () => {
  test('answers a fees question with 0.1 % and a link, refuses an empty message inline, keeps the transcript', async ({ page }) => {
    await open(page);
    const button = footer(page).getByRole('button', { name: 'Customer service' });
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Help chat' });
    await expect(dialog).toBeVisible();
    const input = dialog.getByRole('textbox', { name: 'Your question' });
    await expect(input).toBeFocused();

    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Type a question first.');
    await expect(input).toHaveAttribute('aria-invalid', 'true');

    await input.fill('What are the trading fees?');
    await input.press('Enter');
    const log = dialog.getByRole('log', { name: 'Conversation' });
    await expect(log).toContainText('What are the trading fees?');
    await expect(log).toContainText('0.1 % for makers and 0.1 % for takers');
    await expect(log.getByRole('link', { name: 'Fee schedule' })).toHaveAttribute('href', '/fee-rate');
    await expect(input).toHaveValue('');

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
    await button.click();
    await expect(log).toContainText('0.1 % for makers');
  });
});
