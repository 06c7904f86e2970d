import { expect, test, type Page } from '@playwright/test';
import { closeTradeGuide, COLD_START_MS, orderField, orderForm, toast } from './support/orderForm';
import { signIn } from './support/signIn';

/** Pre-submit gates (spec 2 §5), a banned side, and order entry by keyboard alone (issue 18). */
test.describe.configure({ timeout: 90_000 });

const form = orderForm;
const field = orderField;

async function onPair(page: Page, path: string) {
  await closeTradeGuide(page);
  await signIn(page, 'u-demo', path);
  await expect(page.getByTestId('order-available')).not.toHaveText(/—/, { timeout: COLD_START_MS });
  // The last price is known once the pair's market runs.
  await expect(form(page).getByRole('button', { name: 'Last', exact: true })).toBeEnabled({ timeout: COLD_START_MS });
}

test('an innovation-zone pair asks once for its risk notice; the acceptance is remembered across a reload', async ({ page }) => {
  const path = '/en/trade/spot/PEPE/USDT';
  await onPair(page, path);
  await form(page).getByRole('button', { name: 'Last', exact: true }).click();
  await field(page, 'Quantity').fill('300000');
  await form(page).getByRole('button', { name: 'Buy PEPE' }).click();
  const notice = page.getByRole('dialog', { name: 'Innovation zone risk notice' });
  await expect(notice).toBeVisible();
  const accept = notice.getByRole('button', { name: 'Accept' });
  await expect(accept).toBeDisabled();
  await notice.getByRole('checkbox', { name: 'I have read and agree' }).check();
  await accept.click();
  await expect(notice).toBeHidden();
  await expect(toast(page, 'Buy order for PEPE placed')).toBeVisible();

  await page.reload();
  await expect(form(page).getByRole('button', { name: 'Last', exact: true })).toBeEnabled({ timeout: COLD_START_MS });
  await form(page).getByRole('button', { name: 'Last', exact: true }).click();
  await field(page, 'Quantity').fill('300000');
  await form(page).getByRole('button', { name: 'Buy PEPE' }).click();
  await expect(toast(page, 'Buy order for PEPE placed')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Innovation zone risk notice' })).toHaveCount(0);
});

test('BIT/USDT: selling is banned with the reason shown; a buy asks for the BIT disclaimer, and Cancel places nothing', async ({ page }) => {
  await onPair(page, '/en/trade/spot/BIT/USDT');
  await form(page).getByRole('button', { name: 'Sell', exact: true }).click();
  await expect(form(page).getByRole('button', { name: 'Sell BIT' })).toBeDisabled();
  await expect(form(page).getByText('Selling BIT is suspended on this pair.')).toBeVisible();

  await form(page).getByRole('button', { name: 'Buy', exact: true }).click();
  await form(page).getByRole('button', { name: 'Last', exact: true }).click();
  await field(page, 'Quantity').fill('20');
  await form(page).getByRole('button', { name: 'Buy BIT' }).click();
  const disclaimer = page.getByRole('dialog', { name: 'BIT disclaimer' });
  await expect(disclaimer).toBeVisible();
  await disclaimer.getByRole('button', { name: 'Cancel' }).click();
  await expect(disclaimer).toBeHidden();
  await expect(toast(page, /order for BIT placed/)).toHaveCount(0);
  await expect(field(page, 'Quantity')).toHaveValue('20.00');
});

test('by keyboard alone: Alt+Shift+S picks Sell and focuses the form, Tab moves, Enter places the order', async ({ page }) => {
  await onPair(page, '/en/trade/spot/ETH/USDT');
  // The trade guide of a new user may open (and take focus) at any moment of the first seconds: press until the form has it.
  await expect(async () => {
    await page.keyboard.press('Alt+Shift+S');
    await expect(field(page, 'Price')).toBeFocused({ timeout: 1_000 });
  }).toPass();
  await expect(form(page).getByRole('button', { name: 'Sell', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('9000');
  await page.keyboard.press('Tab');
  await expect(field(page, 'Quantity')).toBeFocused();
  await page.keyboard.type('0.5');
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Sell order for ETH placed')).toBeVisible();
  const row = page.locator('#orders-panel').getByRole('table', { name: 'Open limit and market orders' }).locator('tr[data-order-id]');
  await expect(row).toContainText('9,000.00');
  await expect(row).toContainText('Sell');
});
