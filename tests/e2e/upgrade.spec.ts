import { expect, test, type Page } from '@playwright/test';
import { UPGRADE_DURATION_MS } from '../../mocks/accounts/upgrade';
import { control } from './support/market';
import { closeTradeGuide, COLD_START_MS, orderField, orderForm, toast } from './support/orderForm';
import { signIn } from './support/signIn';
import { matching } from './support/toasts';

/**
 * The standard → unified upgrade (issue 23 part 1, spec 2 §2, §4, §8): the
 * classic trader's entry and one-time tip, the modal, the progress mask that
 * blocks ordering, the push that reloads the page into the unified account
 * with its open order, the success guide once; a failed upgrade and a modal
 * that cannot initialise.
 */
test.describe.configure({ timeout: 90_000 });

const TRADE_PATH = '/en/trade/spot/BTC/USDT';
const UPGRADING = 'Your account is being upgraded to a Unified Trading Account. You can place orders again once the upgrade is complete.';
const menu = (page: Page) => page.getByTestId('account-menu');
const entry = (page: Page) => menu(page).getByRole('button', { name: 'Upgrade to UTA' });
const modal = (page: Page) => page.getByRole('dialog', { name: 'Upgrade to the Unified Trading Account' });
const mask = (page: Page) => page.getByTestId('upgrade-mask');
const guide = (page: Page) => page.getByRole('region', { name: 'Welcome to your Unified Trading Account' });
const ordersTabs = (page: Page) => page.getByRole('tablist', { name: 'My orders' });
const openOrderRows = (page: Page) => page.locator('#orders-panel').getByRole('table', { name: 'Open limit and market orders' }).locator('tr[data-order-id]');

async function classicTrader(page: Page, path = TRADE_PATH): Promise<void> {
  await closeTradeGuide(page);
  await signIn(page, 'u-standard', TRADE_PATH);
  if (path !== TRADE_PATH) await page.goto(path);
  await expect(menu(page)).toContainText('Standard account');
  await expect(page.getByTestId('order-available')).not.toHaveText(/—/, { timeout: COLD_START_MS });
}

/** Terms ticked, upgrade started from the modal. */
async function startFromModal(page: Page): Promise<void> {
  await modal(page).getByRole('checkbox', { name: 'I have read and agree to the Unified Trading Account terms' }).check();
  await modal(page).getByRole('button', { name: 'Start upgrade' }).click();
}

interface UpgradeRecord {
  /** the modal's phases, in the order shown */
  phases: string[];
  /** the mask's text when it first showed */
  mask: string | null;
  /** the order form was seen inert under the mask */
  formInert: boolean;
  /** the account menu's entry said "Upgrading…" while masked */
  menuUpgrading: boolean;
  /** the submit under the mask was sent (once, also across the reload) */
  submitted: boolean;
  toasts: { text: string; role: string | null }[];
}

/**
 * The upgrade lasts the exchange's UPGRADE_DURATION_MS, then the page
 * reloads: on a busy machine a test's checks one after the other can miss
 * that window. What the page shows meanwhile is recorded as it happens (in
 * session storage, which the reload keeps), and once the mask is up a
 * submit is sent to the order form under it.
 */
async function recordUpgrade(page: Page): Promise<() => Promise<UpgradeRecord>> {
  await page.addInitScript(() => {
    const key = 'e2e-upgrade-record';
    const record = JSON.parse(sessionStorage.getItem(key) ?? 'null') ?? { phases: [], mask: null, formInert: false, menuUpgrading: false, submitted: false, toasts: [] };
    const save = () => sessionStorage.setItem(key, JSON.stringify(record));
    const counted = new WeakSet<Element>();
    new MutationObserver(() => {
      const phase = document.querySelector('.upgrade-modal')?.getAttribute('data-phase');
      if (phase && record.phases.at(-1) !== phase) record.phases.push(phase);
      const shownMask = document.querySelector('[data-testid="upgrade-mask"]');
      const form = document.querySelector<HTMLFormElement>('form.order-entry__form');
      if (shownMask && record.mask === null) record.mask = shownMask.textContent;
      // Each part follows the profile in its own render: what they showed while the mask was up.
      if (shownMask && form?.closest('[inert]')) record.formInert = true;
      if (shownMask && document.querySelector('[data-testid="account-menu"]')?.textContent?.includes('Upgrading…')) record.menuUpgrading = true;
      // The submit once the form is under the mask, a moment later: the form, too, renders the new profile on its own.
      if (record.formInert && !record.submitted) {
        record.submitted = true;
        setTimeout(() => form?.requestSubmit(), 50);
      }
      for (const el of document.querySelectorAll('.toast')) {
        if (counted.has(el) || !el.textContent) continue;
        counted.add(el);
        record.toasts.push({ text: el.textContent, role: el.getAttribute('role') });
      }
      save();
    }).observe(document, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['data-phase', 'inert'] });
  });
  return () => page.evaluate(() => JSON.parse(sessionStorage.getItem('e2e-upgrade-record') ?? 'null') as UpgradeRecord);
}

test('a classic trader upgrades: progress mask blocks ordering, the push reloads into UTA with the open order, the guide shows once', async ({ page }) => {
  const recorded = await recordUpgrade(page);
  await classicTrader(page);
  // The one-time tip beside the entry.
  await expect(page.getByRole('region', { name: 'Upgrade to the Unified Trading Account' })).toBeVisible();
  await expect(ordersTabs(page).getByRole('tab', { name: 'Trailing stop' })).toHaveCount(0);

  // An open order, resting far under the market, through the form.
  const bid = page.locator('.ob-side--buy .ob-row').first().locator('.ob-cell--price');
  await expect(bid).toBeVisible();
  const price = (Number(((await bid.textContent()) ?? '').replace(/,/g, '')) * 0.8).toFixed(2);
  await orderField(page, 'Price').fill(price);
  await orderField(page, 'Quantity').fill('0.01');
  await orderForm(page).getByRole('button', { name: 'Buy BTC' }).click();
  await expect(toast(page, 'Buy order for BTC placed')).toBeVisible();
  await expect(openOrderRows(page)).toHaveCount(1);
  const orderId = await openOrderRows(page).getAttribute('data-order-id');

  await entry(page).click();
  await expect(modal(page)).toContainText('Your balances and open orders are carried over as they are.');
  await expect(modal(page).getByRole('button', { name: 'Start upgrade' })).toBeDisabled();
  const reloaded = page.waitForEvent('load', { timeout: UPGRADE_DURATION_MS + 30_000 });
  await startFromModal(page);

  // After the exchange's UPGRADE_DURATION_MS the user.uta.upgrade push ("0") reloads the page as the unified account.
  await reloaded;
  // Meanwhile: the modal in progress, the mask over the trade area with the message, the form under it inert,
  // the entry saying so, and a submit that reached the form refused with the message (no second order).
  const during = await recorded();
  expect(during.phases.join(' ')).toContain('loading intro starting progress done');
  expect(during.mask).toContain(UPGRADING);
  expect(during.formInert).toBe(true);
  expect(during.menuUpgrading).toBe(true);
  expect(matching(during.toasts, UPGRADING)).toHaveLength(1);
  expect(matching(during.toasts, /placed/)).toHaveLength(1);

  await expect(menu(page)).toContainText('Unified account', { timeout: COLD_START_MS });
  await expect(mask(page)).toHaveCount(0);
  await expect(ordersTabs(page).getByRole('tab', { name: 'Trailing stop' })).toBeVisible();
  await expect(ordersTabs(page).getByRole('tab', { name: 'Borrowing' })).toBeVisible();
  await expect(openOrderRows(page)).toHaveCount(1, { timeout: COLD_START_MS });
  await expect(openOrderRows(page)).toHaveAttribute('data-order-id', orderId!);
  await expect(entry(page)).toHaveCount(0);

  // The success guide, once on this device.
  await expect(guide(page)).toBeVisible();
  await guide(page).getByRole('button', { name: 'Got it' }).click();
  await expect(guide(page)).toHaveCount(0);
  await page.reload();
  await expect(menu(page)).toContainText('Unified account', { timeout: COLD_START_MS });
  await expect(page.getByTestId('order-available')).not.toHaveText(/—/, { timeout: COLD_START_MS });
  await expect(guide(page)).toHaveCount(0);
});

test('a failed upgrade shows its error in the modal; the account stays classic and may try again', async ({ page }) => {
  await classicTrader(page);
  expect(await control(page, '/mock/api/accounts/upgrade_outcome', { userId: 'u-standard', outcome: 'fail' })).toMatchObject({ code: 0 });
  await entry(page).click();
  await startFromModal(page);
  await expect(mask(page)).toBeVisible();
  await expect(modal(page).getByRole('alert')).toHaveText('The upgrade could not be completed. Your account is unchanged; you can try again.', {
    timeout: UPGRADE_DURATION_MS + 15_000,
  });
  await expect(modal(page)).toContainText('Code: 3400327');
  // The profile says FAIL: no mask, the entry is back, the form orders again.
  await expect(mask(page)).toHaveCount(0);
  await expect(modal(page).getByRole('button', { name: 'Try again' })).toBeVisible();
  await modal(page).getByRole('button', { name: 'Close' }).click();
  await expect(modal(page)).toBeHidden();
  await expect(entry(page)).toBeVisible();
  await expect(menu(page)).toContainText('Standard account');
  await expect(page.locator('#trade-area > [inert]')).toHaveCount(0);
});

test('the modal that cannot read the upgrade status says currentOperationFailed and retries', async ({ page }) => {
  await classicTrader(page, `${TRADE_PATH}?mockFault=/unified/api/upgrade/status:network:1`);
  await entry(page).click();
  await expect(modal(page).getByRole('alert')).toHaveText('The current operation failed. Please try again later.');
  await modal(page).getByRole('button', { name: 'Retry' }).click();
  await expect(modal(page).getByRole('button', { name: 'Start upgrade' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal(page)).toBeHidden();
});
