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
    // Record every toast with when it appeared and went, so a slow machine cannot race the 2500 ms.
    await page.addInitScript(() => {
      const seen: Record<string, { role: string | null; shown: number; gone?: number }> = {};
      Object.assign(window, { seenToasts: seen });
      new MutationObserver(() => {
        const now = performance.now();
        const present = new Map([...document.querySelectorAll('.toast')].map((el) => [el.textContent ?? '', el.getAttribute('role')]));
        for (const [text, role] of present) seen[text] ??= { role, shown: now };
        for (const [text, entry] of Object.entries(seen)) if (!present.has(text) && entry.gone === undefined) entry.gone = now;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/en/trade/spot/FOO/BAR');
    await expect(page).toHaveURL(DEFAULT);
    const toast = () =>
      page.evaluate(() => {
        const seen = (window as unknown as { seenToasts: Record<string, { role: string | null; shown: number; gone?: number }> }).seenToasts;
        return Object.entries(seen).find(([text]) => text.includes('FOO/BAR is not available'))?.[1] ?? null;
      });
    await expect.poll(async () => (await toast())?.gone !== undefined, { timeout: 15_000 }).toBe(true);
    const { role, shown, gone } = (await toast())!;
    expect(role).toBe('alert');
    // Spec: toasts last 2500 ms on screen (a busy machine can only make it later, never earlier).
    expect(gone! - shown).toBeGreaterThanOrEqual(2500);
    expect(gone! - shown).toBeLessThan(5000);
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
