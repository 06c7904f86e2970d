import { expect, test } from '@playwright/test';

const DEFAULT = '/en/trade/spot/BTC/USDT';

test.describe('route table (spec 1 §2.1)', () => {
  for (const [from, to] of [
    ['/', DEFAULT],
    ['/trade/spot/', DEFAULT],
    ['/trade/spot/ETH/USDT', '/en/trade/spot/ETH/USDT'],
    ['/trade/spot/lt/BTC3L/USDT', '/en/trade/spot/lt/BTC3L/USDT'],
    ['/en/trade/spot/', DEFAULT],
    ['/xx/trade/spot/', DEFAULT],
    ['/xx/trade/spot/SOL/USDT', '/en/trade/spot/SOL/USDT'],
    ['/no/such/page', DEFAULT],
    ['/zh_tw/trade/spot/ETH/BTC', '/zh-TW/trade/spot/ETH/BTC'],
    ['/en/trade/spot/BTC/USDTX', DEFAULT],
  ] as const) {
    test(`${from} → ${to}`, async ({ page }) => {
      await page.goto(from);
      await expect(page).toHaveURL(to);
    });
  }

  test('the spot page shows the grid, the settings bar and the visitor prompt', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(DEFAULT);
    await expect(page.getByRole('heading', { name: 'BTC/USDT', level: 1 })).toBeVisible();
    await expect(page.locator('#chart-area')).toBeVisible();
    await expect(page.locator('#orderbook-area')).toBeVisible();
    await expect(page.locator('#position-area')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Language' })).toBeVisible();
    const container = page.locator('#spot-trade-container');
    const login = container.getByRole('link', { name: 'Log in' });
    await expect(login).toHaveAttribute('href', `/login?redirect_url=${encodeURIComponent(DEFAULT)}`);
    await expect(container.getByRole('link', { name: 'Sign up' })).toHaveAttribute(
      'href',
      `/register?redirect_url=${encodeURIComponent(DEFAULT)}`,
    );
  });

  test('the leveraged-token route shows its heading in the light theme without the settings bar', async ({ page }) => {
    await page.goto('/en/trade/spot/lt/BTC3L/USDT');
    await expect(page.getByRole('heading', { name: 'BTC3L/USDT leveraged token' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(page.getByRole('combobox', { name: 'Language' })).toHaveCount(0);
  });

  test('an unknown symbol goes to the default page with a toast that then disappears', async ({ page }) => {
    await page.clock.install();
    await page.goto('/en/trade/spot/FOO/BAR');
    await expect(page).toHaveURL(DEFAULT);
    const toast = page.getByRole('alert').filter({ hasText: 'FOO/BAR is not available' });
    await expect(toast).toBeVisible();
    await page.clock.runFor(2600);
    await expect(toast).toHaveCount(0);
  });
});

test.describe('locale resolution', () => {
  test.use({ locale: 'de-DE' });

  test('an unprefixed path uses the browser language', async ({ page }) => {
    await page.goto('/trade/spot/');
    await expect(page).toHaveURL('/de/trade/spot/BTC/USDT');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });

  test('the language picker keeps the path and the choice is remembered', async ({ page }) => {
    await page.goto('/en/trade/spot/ETH/USDT');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('zh-TW');
    await expect(page).toHaveURL('/zh-TW/trade/spot/ETH/USDT');
    await expect(page.getByRole('tab', { name: '訂單簿' })).toBeVisible();
    await page.goto('/');
    await expect(page).toHaveURL('/zh-TW/trade/spot/BTC/USDT');
  });
});
