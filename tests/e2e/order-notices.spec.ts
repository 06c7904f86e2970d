import { expect, test, type Page } from '@playwright/test';
import { closeTradeGuide, COLD_START_MS, marketBuy } from './support/orderForm';
import { signIn } from './support/signIn';

/** Order notifications from the private socket's pushes (issue 19 part 5): the completed toast, the sound switch. */
test.describe.configure({ timeout: 90_000 });

const TRADE_PATH = '/en/trade/spot/BTC/USDT';


const played = (page: Page) => page.evaluate(() => (window as unknown as { playedMedia: string[] }).playedMedia.length);

test('a fill gives the completed toast; the chime plays only once the trader turns the sound on, and the switch is kept', async ({ page }) => {
  // Every play() of a media element is recorded: the chime is heard only through it.
  await page.addInitScript(() => {
    const w = window as unknown as { playedMedia: string[] };
    w.playedMedia = [];
    HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
      w.playedMedia.push(this.currentSrc || this.src);
      return Promise.resolve();
    };
  });
  await closeTradeGuide(page);
  await signIn(page, 'u-demo', TRADE_PATH);
  await expect(page.getByTestId('order-available')).not.toHaveText(/—/, { timeout: COLD_START_MS });

  await marketBuy(page, '500');
  const filled = page.getByRole('status').filter({ hasText: /^Buy [\d.]+ BTC on BTC\/USDT filled at [\d,.]+$/ });
  await expect(filled.last()).toBeVisible();
  expect(await played(page)).toBe(0);

  const prefs = page.getByRole('button', { name: 'Trade preferences' });
  await prefs.click();
  const sound = page.getByRole('checkbox', { name: 'Play a sound on fills' });
  await expect(sound).not.toBeChecked();
  await sound.check();
  await expect(sound).toBeChecked();
  await page.screenshot({ path: '/tmp/notice-prefs.png' });
  await page.keyboard.press('Escape');

  // The first toast has had its 2.5 s: the next fill's toast is the only one.
  await expect(filled).toHaveCount(0);
  await marketBuy(page, '400');
  await expect(filled).toHaveCount(1);
  await expect.poll(() => played(page)).toBe(1);
  expect(await page.evaluate(() => (window as unknown as { playedMedia: string[] }).playedMedia[0])).toContain('/sounds/order-filled.wav');

  // Kept by the exchange: after a reload the switch is still on.
  await page.reload();
  await expect(page.getByTestId('order-available')).not.toHaveText(/—/, { timeout: COLD_START_MS });
  await prefs.click();
  await expect(page.getByRole('checkbox', { name: 'Play a sound on fills' })).toBeChecked();
});
