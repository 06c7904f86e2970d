import { expect, test, type Locator, type Page } from '@playwright/test';
import { COLD_START_MS, orderForm } from './support/orderForm';
import { signIn } from './support/signIn';

/**
 * Guided tours over the page's own elements (spec 1 §2.8, §4, §9; issue 27
 * part 3): the new-user onboarding, the OCO steps the first time OCO is
 * opened, the leverage switch's tour. Each is stored as read through the
 * preference call and never shown again; the onboarding picks up where a
 * reload left it (step guide state, default [1,3]).
 */
const TRADE_PATH = '/en/trade/spot/BTC/USDT';
const onboarding = (page: Page) => page.getByRole('dialog', { name: 'How to trade on this page' });
const hole = (page: Page) => page.locator('dialog.tour[open] .tour__hole');
const card = (page: Page) => page.locator('dialog.tour[open] .tour__card');

async function preferences(page: Page): Promise<Record<string, string>> {
  return page.evaluate(async () => ((await (await fetch('/spot/api/user/preferences')).json()) as { result: { values: Record<string, string> } }).result.values);
}

/** The spotlight sits on the element (within its 4 px padding) and the card is inside the viewport, off the element. */
async function expectSpotlightOn(page: Page, element: Locator): Promise<void> {
  await expect(hole(page)).toBeVisible();
  await expect
    .poll(async () => {
      const [spot, target, box] = await Promise.all([hole(page).boundingBox(), element.boundingBox(), card(page).boundingBox()]);
      if (!spot || !target || !box) return 'not laid out';
      const around = Math.abs(spot.x + 4 - target.x) <= 1 && Math.abs(spot.y + 4 - target.y) <= 1 && Math.abs(spot.width - 8 - target.width) <= 1;
      const viewport = page.viewportSize() ?? { width: 0, height: 0 };
      const inside = box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height;
      return { around, inside };
    })
    .toEqual({ around: true, inside: true });
}

test('a new user gets the onboarding over the page; a reload picks it up at its step; closed, it never comes back', async ({ page }) => {
  // A signed-in trader's page loads (the sign-in and the reloads): each is a cold start of the in-page exchange.
  test.slow();
  await signIn(page, 'u-standard', TRADE_PATH);
  const tour = onboarding(page);
  await expect(tour).toBeVisible({ timeout: COLD_START_MS });
  await expect(tour).toContainText('Step 1 of 3');
  await expect(tour).toContainText('Pick a market');
  await expectSpotlightOn(page, page.locator('#market-header'));
  // The page behind is inert while the tour shows; focus starts on Next.
  await expect(tour.getByRole('button', { name: 'Next' })).toBeFocused();

  // The arrow key in reading order moves on, and the spotlight follows.
  await page.keyboard.press('ArrowRight');
  await expect(tour).toContainText('Step 2 of 3');
  await expect(tour).toContainText('Read the order book');
  await expectSpotlightOn(page, page.locator('.ob'));
  expect(await page.evaluate(() => localStorage.getItem('SPOT_step_guide'))).toBe('[2,3]');

  await page.reload();
  await expect(tour).toContainText('Step 2 of 3', { timeout: COLD_START_MS });
  await tour.getByRole('button', { name: 'Next' }).click();
  await expect(tour).toContainText('Place an order');
  await expectSpotlightOn(page, page.locator('.order-entry'));
  await tour.getByRole('button', { name: 'Back' }).click();
  await expect(tour).toContainText('Step 2 of 3');

  await tour.getByRole('button', { name: 'Skip' }).click();
  await expect(tour).toBeHidden();
  await expect.poll(() => preferences(page)).toMatchObject({ spot_new_user_trade_guide: 'read' });
  expect(await page.evaluate(() => localStorage.getItem('SPOT_step_guide'))).toBe('[1,3]');

  await page.reload();
  await expect(page.getByRole('button', { name: 'Trade guide' })).toHaveAttribute('data-guide-state', 'read', { timeout: COLD_START_MS });
  await expect(orderForm(page)).toBeVisible();
  await expect(page.locator('dialog.tour[open]')).toHaveCount(0);
});

test('damaged step-guide state starts the onboarding at step 1', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('SPOT_step_guide', '{"step":"x"'));
  await signIn(page, 'u-standard', TRADE_PATH);
  await expect(onboarding(page)).toContainText('Step 1 of 3', { timeout: COLD_START_MS });
});

test('the OCO tour shows the first time OCO is opened, over its legs, and never again', async ({ page }) => {
  // A signed-in trader's page loads (the sign-in and the reloads): each is a cold start of the in-page exchange.
  test.slow();
  await signIn(page, 'u-standard', TRADE_PATH);
  await onboarding(page).getByRole('button', { name: 'Skip' }).click({ timeout: COLD_START_MS });
  await expect(onboarding(page)).toBeHidden();
  const types = orderForm(page).getByRole('combobox', { name: 'More order types' });

  await types.selectOption({ label: 'OCO' });
  const tour = page.getByRole('dialog', { name: 'How an OCO order works' });
  await expect(tour).toContainText('Step 1 of 3');
  await expect(tour).toContainText('Take-profit leg');
  await expectSpotlightOn(page, page.locator('[data-tour="oco-take-profit"]'));
  await tour.getByRole('button', { name: 'Next' }).click();
  await expectSpotlightOn(page, page.locator('[data-tour="oco-stop-loss"]'));
  await tour.getByRole('button', { name: 'Next' }).click();
  await tour.getByRole('button', { name: 'Finish' }).click();
  await expect(tour).toBeHidden();
  await expect.poll(() => preferences(page)).toMatchObject({ spot_tour_oco: 'read' });

  // Another type and back: no tour; nor after a reload.
  await orderForm(page).getByRole('button', { name: 'Limit', exact: true }).click();
  await types.selectOption({ label: 'OCO' });
  await expect(orderForm(page).getByRole('group', { name: 'Take profit' })).toBeVisible();
  await page.reload();
  // The form settles its types once the account is known: choose after that, as a trader would.
  await expect(orderForm(page).getByTestId('order-available')).toContainText('USDT', { timeout: COLD_START_MS });
  await types.selectOption({ label: 'OCO' });
  await expect(orderForm(page).getByRole('group', { name: 'Take profit' })).toBeVisible();
  await expect(page.locator('dialog.tour[open]')).toHaveCount(0);
});

test('a unified account is shown the spot-margin switch once, after the onboarding', async ({ page }) => {
  // A signed-in trader's page loads (the sign-in and the reloads): each is a cold start of the in-page exchange.
  test.slow();
  await signIn(page, 'u-uta', TRADE_PATH);
  await onboarding(page).getByRole('button', { name: 'Skip' }).click({ timeout: COLD_START_MS });
  const tour = page.getByRole('dialog', { name: 'Spot margin' });
  await expect(tour).toContainText('Trade with borrowed funds');
  await expect(tour).toContainText('Step 1 of 1');
  await expectSpotlightOn(page, page.locator('[data-tour="leverage-switch"]'));
  await page.keyboard.press('Escape');
  await expect(tour).toBeHidden();
  await expect.poll(() => preferences(page)).toMatchObject({ spot_tour_leverage: 'read' });
  await page.reload();
  await expect(orderForm(page).getByRole('switch', { name: 'Spot margin' })).toBeVisible({ timeout: COLD_START_MS });
  await expect(page.locator('dialog.tour[open]')).toHaveCount(0);
});

test.describe('right to left, on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('the card stays on the screen and the left arrow goes forward', async ({ page }) => {
    await signIn(page, 'u-standard', '/ar-SA/trade/spot/BTC/USDT');
    const tour = page.locator('dialog.tour[open]');
    await expect(tour).toContainText('الخطوة 1 من 3', { timeout: COLD_START_MS });
    for (const step of ['الخطوة 2 من 3', 'الخطوة 3 من 3']) {
      await page.keyboard.press('ArrowLeft');
      await expect(tour).toContainText(step);
      const box = await card(page).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 360 && box.y >= 0 && box.y + box.height <= 740, `${step}: ${JSON.stringify(box)}`).toBe(true);
    }
    await page.keyboard.press('ArrowRight');
    await expect(tour).toContainText('الخطوة 2 من 3');
    await page.keyboard.press('Escape');
    await expect(tour).toHaveCount(0);
  });
});
