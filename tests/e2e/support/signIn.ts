import { expect, type Page } from '@playwright/test';
import { PROFILES } from '../../../mocks/accounts/profiles';

/**
 * Signs a built-in profile in the way a trader does: the page's log-in link
 * leads to the simulated exchange's sign-in page, which sets the session and
 * returns to the trading page. The test then opens whatever page it needs.
 */
export async function signIn(page: Page, userId: string, returnTo = '/en/trade/spot/BTC/USDT'): Promise<void> {
  const profile = PROFILES.find((p) => p.userId === userId);
  if (!profile) throw new Error(`no built-in profile ${userId}`);
  await page.goto(`/login?redirect_url=${encodeURIComponent(returnTo)}`);
  await page.getByRole('button', { name: new RegExp(`^${profile.nickname}`) }).click();
  await page.waitForURL((url) => url.pathname === returnTo.split('?')[0], { waitUntil: 'commit' });
  expect(await page.evaluate(() => document.cookie)).toContain('spot_session=');
}
