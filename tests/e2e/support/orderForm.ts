import type { Page } from '@playwright/test';

/** The order form and what it answers with, as a trader finds them on the page. */
export const COLD_START_MS = 45_000;

/**
 * Closes the trade guide, and every other first-time tour, whenever it shows; never waits on it (it may close on
 * its own). Escape, not a click on Close: the modal holds the focus, and a key
 * press has no actionability wait — on a loaded machine a click's own waits
 * outran any short timeout again and again while the guide stayed open.
 */
export async function closeTradeGuide(page: Page): Promise<void> {
  await page.addLocatorHandler(anyTour(page), () => page.keyboard.press('Escape'), { noWaitAfter: true });
}

/** Any guided tour: the onboarding, the OCO or trailing-stop steps, the leverage switch (first-time tours stand over the page). */
export const anyTour = (page: Page) => page.locator('dialog.tour[open]');

export const orderForm = (page: Page) => page.getByRole('form', { name: 'Order form' });
export const orderField = (page: Page, name: string) => orderForm(page).getByRole('textbox', { name, exact: true });
/** The newest toast with that text (an earlier one may still be on screen for its 2.5 s). */
export const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text }).last();

/** A market buy for a quote value, through the form. */
export async function marketBuy(page: Page, value: string): Promise<void> {
  await orderForm(page).getByRole('button', { name: 'Market', exact: true }).click();
  await orderField(page, 'Order value').fill(value);
  await orderForm(page).getByRole('button', { name: 'Buy BTC' }).click();
}
