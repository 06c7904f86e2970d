import { expect, test, type Page } from '@playwright/test';
import { closeTradeGuide, COLD_START_MS, marketBuy, toast } from './support/orderForm';
import { signIn } from './support/signIn';

/**
 * Issue 23 parts 2 and 4: the demo recharge modal (opens by itself at zero,
 * tops up, the once-a-minute limit in words), demo "operation unsupported",
 * and the account notices (copy-trading-off for leaders, the classic
 * account's offline notice that stays closed).
 */
test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 1440, height: 900 } });

const TRADE_PATH = '/en/trade/spot/BTC/USDT';
const modal = (page: Page) => page.getByRole('dialog', { name: 'Top up demo funds' });
const notices = (page: Page) => page.getByRole('region', { name: 'Account notices' });


async function signedIn(page: Page, userId: string, path = TRADE_PATH) {
  await closeTradeGuide(page);
  await signIn(page, userId, path);
  await expect(page.getByTestId('available-USDT')).not.toHaveText('—', { timeout: COLD_START_MS });
}

async function preferences(page: Page): Promise<Record<string, string>> {
  return page.evaluate(async () => ((await (await fetch('/spot/api/user/preferences')).json()) as { result: { values: Record<string, string> } }).result.values);
}

test('a demo account that spends its USDT gets the recharge modal by itself; a top-up restores it, a second one at once is refused in words', async ({ page }) => {
  await signedIn(page, 'u-demo');
  await expect(page.getByTestId('available-USDT')).toHaveText('100,000');
  await expect(modal(page)).toBeHidden();

  // All of it in a few market buys: one of 100,000 would walk the recorded book further than it holds.
  for (let i = 0; i < 4; i += 1) {
    await marketBuy(page, '25000');
    await expect(toast(page, /Buy order for BTC/)).toBeVisible();
  }
  // Buying by value leaves dust worth less than one lot: below the 1 USDT minimum order value, nothing can spend it.
  await expect.poll(async () => Number((await page.getByTestId('available-USDT').textContent())?.replace(/,/g, ''))).toBeLessThan(1);
  await expect(modal(page)).toBeVisible();
  await expect(modal(page)).toContainText('You have no USDT left to trade with.');

  await modal(page).getByRole('button', { name: 'Top up', exact: true }).click();
  await expect(modal(page).getByRole('status')).toContainText('Demo funds added.');
  await expect(modal(page).getByRole('status')).toContainText('100,000 USDT');
  await expect(page.getByTestId('available-USDT')).toHaveText(/^100,000\.\d+$/);
  await modal(page).getByRole('button', { name: 'Done' }).click();
  await expect(modal(page)).toBeHidden();

  // Once a minute: the control opens the modal again and the exchange's refusal is said with its wait.
  await page.getByRole('button', { name: 'Top up demo funds' }).click();
  await expect(modal(page)).not.toContainText('left to trade with');
  await modal(page).getByRole('button', { name: 'Top up', exact: true }).click();
  await expect(modal(page).getByRole('alert')).toHaveText(/^A demo top-up is allowed once per minute: try again in \d{1,2} s\.$/);
  await expect(page.getByTestId('available-USDT')).toHaveText(/^100,000\.\d+$/);
  await page.keyboard.press('Escape');
  await expect(modal(page)).toBeHidden();
});

test('a demo account subscribing a leveraged token is told the operation is unsupported in demo trading', async ({ page }) => {
  await signedIn(page, 'u-demo', '/en/trade/spot/BTC3L/USDT');
  const card = page.locator('#spot-trade-container').getByRole('region', { name: 'Subscribe or redeem BTC3L' });
  await expect(card.getByTestId('lt-card-nav')).toHaveText(/^[\d,]+\.\d+ USDT$/, { timeout: COLD_START_MS });
  await card.getByRole('textbox', { name: 'Amount', exact: true }).fill('150');
  await card.getByRole('button', { name: 'Subscribe BTC3L' }).click();
  // The risk test comes first (spec 2 §5 gate); the exchange then refuses the demo account (176011).
  const risk = page.getByRole('dialog', { name: 'Leveraged token risk test' });
  await risk.getByRole('radio', { name: 'It loses value through rebalancing' }).check();
  await risk.getByRole('checkbox', { name: /I understand a 3x leveraged token/ }).check();
  await risk.getByRole('checkbox', { name: 'I have read and agree' }).check();
  await risk.getByRole('button', { name: 'Accept' }).click();
  await expect(page.locator('.toast').filter({ hasText: 'Operation unsupported in demo trading' }).last()).toBeVisible();
});

test('a copy-trading leader sees the copy-trading-off notice with the leader trade center link; closed, it stays closed', async ({ page }) => {
  await signedIn(page, 'u-leader');
  const notice = notices(page).getByRole('region', { name: 'Copy trading is off' });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('link', { name: 'Open the leader trade center' })).toHaveAttribute('href', '/copyTrade/trade-center/leader');
  await notice.scrollIntoViewIfNeeded();
  await notice.getByRole('button', { name: 'Close: Copy trading is off' }).click();
  await expect(notice).toHaveCount(0);
  await expect.poll(() => preferences(page)).toMatchObject({ no_show_station_notice: 'Y' });
  await page.reload();
  await expect(page.getByTestId('available-USDT')).not.toHaveText('—', { timeout: COLD_START_MS });
  // The sync-to-app notice (global compliance) is still there: the list answered, the closed one stays away.
  await expect(notices(page).getByRole('region', { name: 'Sync chart settings to the app' })).toBeVisible();
  await expect(notices(page).getByRole('region', { name: 'Copy trading is off' })).toHaveCount(0);
});

test("the classic account's offline notice links the phase-out article; closed, its timestamp is stored and it stays closed", async ({ page, context }) => {
  await signedIn(page, 'u-standard');
  const notice = notices(page).getByRole('region', { name: 'Standard accounts are being phased out' });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('link', { name: 'Read the announcement' })).toHaveAttribute('href', 'https://announcements.bybit.com/en/article/standard-account-phase-out/');

  // Sync to app is answered here too: Turn on stores Y and reads the notice.
  const sync = notices(page).getByRole('region', { name: 'Sync chart settings to the app' });
  await sync.getByRole('button', { name: 'Turn on' }).click();
  await expect(sync).toHaveCount(0);

  const before = Date.now();
  await notice.getByRole('button', { name: 'Close: Standard accounts are being phased out' }).click();
  await expect(notice).toHaveCount(0);
  await expect.poll(async () => Number((await preferences(page)).standard_account_offline_alert ?? 0)).toBeGreaterThanOrEqual(before);
  expect(await preferences(page)).toMatchObject({ spot_kline_sync_app: 'Y', spot_kline_sync_app_notice_read: 'Y' });

  await page.reload();
  await expect(page.getByTestId('available-USDT')).not.toHaveText('—', { timeout: COLD_START_MS });
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  // A second tab of the same browser reads the same stored preferences.
  const other = await context.newPage();
  await closeTradeGuide(other);
  await other.goto(TRADE_PATH);
  await expect(other.getByTestId('available-USDT')).not.toHaveText('—', { timeout: COLD_START_MS });
  for (const p of [page, other]) await expect(notices(p)).toHaveCount(0);
});
