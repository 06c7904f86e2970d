import { expect, test, type Page } from '@playwright/test';
import { closeTradeGuide, COLD_START_MS, orderField, orderForm, toast } from './support/orderForm';
import { signIn } from './support/signIn';

/**
 * Spot leverage of a unified account (spec 1 §5, issue 27 part 1): the
 * switch, its confirmation and quiz, a leveraged buy that borrows, the loan
 * under Borrowing, and the messages that block an order otherwise.
 */
const TRADE_PATH = '/en/trade/spot/BTC/USDT';

const marginSwitch = (page: Page) => orderForm(page).getByRole('switch', { name: 'Spot margin' });
const openOrders = (page: Page) => page.locator('#orders-panel');

async function limitBuy(page: Page, price: string, quantity: string) {
  await orderForm(page).getByRole('button', { name: 'Limit', exact: true }).click();
  await orderField(page, 'Price').fill(price);
  await orderField(page, 'Quantity').fill(quantity);
  await orderForm(page).getByRole('button', { name: 'Buy BTC' }).click();
}

test('a unified account turns spot margin on through the confirmation and the quiz, and a leveraged buy borrows what the balance lacks', async ({ page }) => {
  // A long flow after a cold start that now also closes the spot-margin switch's first-time tour.
  test.slow();
  await closeTradeGuide(page);
  await signIn(page, 'u-uta', TRADE_PATH);
  await expect(marginSwitch(page)).toHaveAttribute('aria-checked', 'false', { timeout: COLD_START_MS });

  // Beyond the balance with spot margin not set up: blocked, and told how to borrow.
  await limitBuy(page, '1000', '150');
  await expect(orderForm(page).getByText(/set up spot margin: confirm the leverage risks/)).toBeVisible();

  await marginSwitch(page).click();
  const confirm = page.getByRole('dialog', { name: 'Before you trade with leverage' });
  await expect(confirm.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  await confirm.getByRole('checkbox', { name: 'I have read and understand these risks' }).check();
  await confirm.getByRole('button', { name: 'Confirm' }).click();

  const quiz = page.getByRole('dialog', { name: 'Leverage quiz' });
  await quiz.getByRole('radio', { name: /multiplied by the leverage/ }).check();
  await quiz.getByRole('radio', { name: 'Nothing, if the trade lost money' }).check();
  await quiz.getByRole('radio', { name: 'Positions are liquidated to repay the loans' }).check();
  await quiz.getByRole('button', { name: 'Submit answers' }).click();
  // The exchange grades: the wrong answer is named, nothing passes.
  await expect(quiz.getByRole('alert')).toHaveText('Some answers are not right. Check the questions marked and try again.');
  await expect(quiz.getByRole('group', { name: /What do you owe/ })).toContainText('Not right: read the question again');
  await quiz.getByRole('radio', { name: 'The coins borrowed plus their interest' }).check();
  await quiz.getByRole('button', { name: 'Submit answers' }).click();
  await expect(quiz).toBeHidden();
  await expect(toast(page, 'Spot margin is on')).toBeVisible();
  await expect(marginSwitch(page)).toHaveAttribute('aria-checked', 'true');

  // 150 BTC at 1,000 locks 150,000 USDT and the 0.1 % fee headroom against 100,000 held: the form says what it
  // borrows, and the exchange lends exactly that.
  await orderField(page, 'Quantity').fill('150');
  await expect(orderForm(page).getByTestId('order-borrowed')).toHaveText('50,150 USDT');
  await orderForm(page).getByRole('button', { name: 'Buy BTC' }).click();
  await expect(toast(page, 'Buy order for BTC placed')).toBeVisible();
  await expect(openOrders(page).locator('tr[data-order-id]')).toHaveCount(1);
  await page.getByRole('tab', { name: 'Borrowing' }).click();
  await expect(openOrders(page).getByRole('table', { name: 'Your spot-margin loans' }).locator('tr[data-coin="USDT"]')).toContainText('50,150');

  // Switched off, an order beyond the balance is blocked with leverage_off_trade_tip, and nothing is placed.
  await marginSwitch(page).click();
  await expect(toast(page, 'Spot margin is off')).toBeVisible();
  await expect(marginSwitch(page)).toHaveAttribute('aria-checked', 'false');
  await limitBuy(page, '1000', '10');
  await expect(orderForm(page).getByText('Insufficient USDT balance. Spot margin is off: switch it on to borrow the rest.')).toBeVisible();
  await page.getByRole('tab', { name: 'Current orders' }).click();
  await expect(openOrders(page).locator('tr[data-order-id]')).toHaveCount(1);

  // The settings outlive a reload (the exchange stored them before it answered).
  await page.reload();
  await expect(marginSwitch(page)).toHaveAttribute('aria-checked', 'false', { timeout: COLD_START_MS });
  await marginSwitch(page).click();
  await expect(toast(page, 'Spot margin is on')).toBeVisible();
});

test('in isolated margin mode the switch refuses with isolatedModeNotSupportNewTip', async ({ page }) => {
  await closeTradeGuide(page);
  await signIn(page, 'u-uta', TRADE_PATH);
  await expect(marginSwitch(page)).toBeVisible({ timeout: COLD_START_MS });
  const code = await page.evaluate(async () => {
    const answer = await fetch('/unified/api/spot_margin/settings', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ marginMode: 'ISOLATED_MARGIN' }) });
    return ((await answer.json()) as { code: number }).code;
  });
  expect(code).toBe(0);
  await page.reload();
  await marginSwitch(page).click({ timeout: COLD_START_MS });
  await expect(page.getByRole('alert').filter({ hasText: /not available in isolated margin mode/ })).toBeVisible();
  await expect(marginSwitch(page)).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
